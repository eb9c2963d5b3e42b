import type { Principal, Role } from '@depot/contracts';

/** The principals the realtime-access specs join rooms as (realtime-access*.spec.ts). */

export const OWN_USER = 'aaaaaaaa-0000-4000-8000-000000000001';
export const OTHER_USER = 'aaaaaaaa-0000-4000-8000-000000000002';
export const OWN_CLIENT = 'cccccccc-0000-4000-8000-000000000001';
export const OTHER_CLIENT = 'cccccccc-0000-4000-8000-000000000002';

export type SessionPrincipal = Extract<Principal, { kind: 'session' }>;
export type ApiKeyPrincipal = Extract<Principal, { kind: 'apiKey' }>;

/** A signed-in user of `role`; client users belong to OWN_CLIENT (or `clientId`), staff to no client. */
export const session = (
  role: Role,
  clientId: string | null = role === 'user' ? OWN_CLIENT : null,
): SessionPrincipal => ({
  kind: 'session',
  userId: OWN_USER,
  role,
  clientId,
  sessionId: 'session-1',
  expiresAt: '2099-01-01T00:00:00.000Z',
});

/** An API key of OWN_CLIENT. */
export const apiKey: ApiKeyPrincipal = {
  kind: 'apiKey',
  apiKeyId: 'key-1',
  role: 'user',
  clientId: OWN_CLIENT,
  userId: null,
  sessionId: null,
  expiresAt: null,
};
