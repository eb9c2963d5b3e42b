import Cookies from 'js-cookie';
import { SESSION_COOKIE } from '@depot/contracts/base';

/**
 * The session token lives in the xSessionToken cookie with its expiry (SPEC §4). The panel writes it because
 * it sends the token as a Bearer header and in the socket handshake (docs/decisions/0003).
 */
export function saveToken(token: string, validUntil: Date): void {
  Cookies.set(SESSION_COOKIE, token, {
    expires: validUntil,
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
    path: '/',
  });
}

export function readToken(): string | undefined {
  return Cookies.get(SESSION_COOKIE);
}

export function clearToken(): void {
  Cookies.remove(SESSION_COOKIE, { path: '/' });
}

const VALID_UNTIL_KEY = 'depot.session.validUntil';

export function saveValidUntil(validUntil: Date): void {
  localStorage.setItem(VALID_UNTIL_KEY, validUntil.toISOString());
}

export function readValidUntil(): Date | null {
  const v = localStorage.getItem(VALID_UNTIL_KEY);
  const d = v ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

export function clearValidUntil(): void {
  localStorage.removeItem(VALID_UNTIL_KEY);
}
