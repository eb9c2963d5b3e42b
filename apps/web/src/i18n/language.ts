import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@depot/contracts/base';
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

export const LANGUAGE_STORAGE_KEY = 'depot.lang';

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

const stored = atomWithStorage<Language>(LANGUAGE_STORAGE_KEY, DEFAULT_LANGUAGE, undefined, {
  getOnInit: true,
});

/** The panel's language (en default, pl), kept in local storage. Syncing to the user record is useLanguage's job. */
export const languageAtom = atom(
  (get) => {
    const l = get(stored);
    return isLanguage(l) ? l : DEFAULT_LANGUAGE;
  },
  (_get, set, lang: Language) => {
    set(stored, lang);
    document.documentElement.lang = lang;
  },
);
