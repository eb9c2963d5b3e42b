import type { CurrentUserView } from '@depot/contracts';
import { atom } from 'jotai';
import { readToken, readValidUntil } from './cookie';

/** The signed-in session as the panel knows it: token present and when it ends. */
export interface SessionInfo {
  token: string;
  validUntil: Date;
}

export function readSession(): SessionInfo | null {
  const token = readToken();
  const validUntil = readValidUntil();
  if (!token || !validUntil || validUntil.getTime() <= Date.now()) return null;
  return { token, validUntil };
}

export const sessionAtom = atom<SessionInfo | null>(readSession());

/** The current user once loaded (GET /api/user/get/current); null before or after. */
export const currentUserAtom = atom<CurrentUserView | null>(null);

/** Set when the API answers AccessDisabled: the panel shows only the access-disabled page. */
export const accessDisabledAtom = atom(false);

/** Whether the current user may do something (permissions come from the server, from the shared matrix). */
export const canAtom = atom((get) => {
  const user = get(currentUserAtom);
  const granted = new Set(user?.permissions ?? []);
  return (permission: string) => granted.has(permission);
});
