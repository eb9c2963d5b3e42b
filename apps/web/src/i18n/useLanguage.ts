import type { Language } from '@depot/contracts';
import { useAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { client } from '../api/contract-client';
import { currentUserAtom } from '../session/session';
import { useNotify } from '../ui/useNotify';
import { languageAtom } from './language';

/** The panel language, and a change that is kept locally and saved to the signed-in user's record. */
export function useLanguage() {
  const [language, setLanguage] = useAtom(languageAtom);
  const store = useStore();
  const notify = useNotify();

  const changeLanguage = useCallback(
    async (lang: Language) => {
      setLanguage(lang);
      const user = store.get(currentUserAtom);
      if (!user || user.lang === lang) return;
      try {
        const saved = await client.users.update({ params: { userId: user.id }, body: { lang } });
        store.set(currentUserAtom, { ...user, ...saved });
      } catch (err) {
        notify.failure(err);
      }
    },
    [setLanguage, store, notify],
  );

  return { language, changeLanguage };
}
