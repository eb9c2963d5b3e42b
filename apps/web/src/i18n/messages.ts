import type { Language } from '@depot/contracts/base';
import { expanded, type CompactMessages, type PrecompiledMessages } from './precompiled';

/** A language's messages, parsed at build time (decision 0137; the web tests load them the same way). */
export type Messages = PrecompiledMessages;

/**
 * The panel's messages, one language at a time: the one catalogue the API reads too (libs/contracts/src/catalogue),
 * loaded when the language is first shown, so a page carries one language, not both (decision 0125).
 */
const load: Record<Language, () => Promise<{ default: CompactMessages }>> = {
  en: () => import('@depot/contracts/catalogue/en.json'),
  pl: () => import('@depot/contracts/catalogue/pl.json'),
};

const loaded = new Map<Language, Messages>();
const loading = new Map<Language, Promise<Messages>>();

/** A language's messages once loaded (synchronously), else undefined. */
export const loadedMessages = (lang: Language): Messages | undefined => loaded.get(lang);

/** Loads a language's messages (once; concurrent calls share the request). */
export function loadMessages(lang: Language): Promise<Messages> {
  const ready = loaded.get(lang);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(lang);
  if (!pending) {
    pending = load[lang]().then(
      ({ default: compact }) => {
        const messages = expanded(compact);
        loaded.set(lang, messages);
        loading.delete(lang);
        return messages;
      },
      (err: unknown) => {
        loading.delete(lang);
        throw err;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}
