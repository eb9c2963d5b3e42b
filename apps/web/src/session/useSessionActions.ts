import { ERROR_CODES, type Language } from '@depot/contracts/base';
import type { CurrentUserView } from '@depot/contracts';
import { useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { ApiError } from '../api/errors';
import { languageAtom } from '../i18n/language';
import { clearToken, clearValidUntil, saveToken, saveValidUntil } from './cookie';
import { accessDisabledAtom, currentUserAtom, sessionAtom } from './session';

/**
 * The typed client, loaded on the first call: it carries every route's contract (and zod), which the sign-in page
 * would otherwise download before anyone signs in (decision 0125).
 */
const contractClient = async () => (await import('../api/contract-client')).client;

/** The load in flight, per store: sign-in and RequireSession both ask at once, and must get one answer. */
const loading = new WeakMap<object, Promise<CurrentUserView | null>>();

/**
 * Loads the signed-in user into the store. Concurrent calls share one request, so a late second answer (read before
 * a change the user made meanwhile, e.g. of the language) can never overwrite what the first one started. An
 * AccessDisabled answer switches the panel to the access-disabled page.
 */
export function loadCurrentUser(store: ReturnType<typeof useStore>): Promise<CurrentUserView | null> {
  const pending = loading.get(store);
  if (pending) return pending;
  const load = fetchCurrentUser(store).finally(() => loading.delete(store));
  loading.set(store, load);
  return load;
}

async function fetchCurrentUser(store: ReturnType<typeof useStore>): Promise<CurrentUserView | null> {
  try {
    const user = await (await contractClient()).users.current();
    store.set(currentUserAtom, user);
    store.set(accessDisabledAtom, false);
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 403 && err.body?.error === ERROR_CODES.accessDisabled) {
      store.set(accessDisabledAtom, true);
      return null;
    }
    throw err;
  }
}

/** Forgets the session locally (token cookie, expiry, user) without calling the server. */
export function forgetSession(store: ReturnType<typeof useStore>): void {
  clearToken();
  clearValidUntil();
  store.set(sessionAtom, null);
  store.set(currentUserAtom, null);
  store.set(accessDisabledAtom, false);
  // Nothing one user read may be shown to the next one who signs in on this tab.
  void import('../api/query').then(({ queryClient }) => queryClient.clear());
}

export function useSessionActions() {
  const store = useStore();
  const setLanguage = useSetAtom(languageAtom);

  /**
   * Signs in. The user's saved language wins over this browser's, unless `chosenLanguage` was picked on the sign-in
   * page: that one is kept and saved to the user's record (decision 0123).
   */
  const signIn = useCallback(
    async (email: string, password: string, chosenLanguage?: Language) => {
      const reply = await (await contractClient()).auth.signIn({ body: { email, password } });
      const validUntil = new Date(reply.validUntil);
      saveToken(reply.token, validUntil);
      saveValidUntil(validUntil);
      // The user (and the language it is shown in) first, then the session: the panel behind sign-in finds the user
      // loaded, so nothing there reloads it and sets the saved language over the one chosen here.
      const user = await loadCurrentUser(store);
      if (user) setLanguage(chosenLanguage ?? user.lang);
      store.set(sessionAtom, { token: reply.token, validUntil });
      if (!user || !chosenLanguage || chosenLanguage === user.lang) return;
      // The choice is the user's now; if saving it fails, this tab still shows it and the next sign-in asks again.
      const saved = await (
        await contractClient()
      ).users
        .update({ params: { userId: user.id }, body: { lang: chosenLanguage } })
        .catch(() => null);
      if (saved) store.set(currentUserAtom, { ...user, ...saved });
    },
    [store, setLanguage],
  );

  /** Sign-out revokes the session on the server, clears the token and reloads the page (SPEC §4). */
  const signOut = useCallback(async () => {
    await (await contractClient()).auth.signOut().catch(() => undefined);
    forgetSession(store);
    window.location.assign('/auth/sign-in');
  }, [store]);

  return { signIn, signOut };
}
