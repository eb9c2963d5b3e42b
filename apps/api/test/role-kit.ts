import type { Response } from 'supertest';
import { MESSAGES, type Role } from '@depot/contracts';
import { ADMIN, type TestDepot } from './harness';

/** Shared pieces of the administration suites' kits: a signed-in user of every role and database probes. */

export const ROLES: Role[] = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'];
export const UNKNOWN_ID = '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d';
/** The `error` and `message` of the guard's 403 (expectError(res, 403, ...FORBIDDEN)). */
export const FORBIDDEN = ['Forbidden', MESSAGES.forbidden] as const;

export interface SignedInRoles {
  tokens: Record<Role, string>;
  ids: Record<Role, string>;
  bearer(role: Role): { Authorization: string };
}

/** Signs in the seeded super admin and a fresh user of every other role. */
export async function signInEveryRole(t: TestDepot): Promise<SignedInRoles> {
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, string>;
  tokens.superAdmin = await t.sessionFor(ADMIN.email);
  ids.superAdmin = (
    await t.http().get('/api/user/get/current').set('Authorization', `Bearer ${tokens.superAdmin}`)
  ).body.id;
  for (const role of ROLES.filter((r) => r !== 'superAdmin')) {
    const u = await t.userWithToken(role);
    tokens[role] = u.token;
    ids[role] = u.id;
  }
  return { tokens, ids, bearer: (role) => ({ Authorization: `Bearer ${tokens[role]}` }) };
}

export interface AuditRow {
  entity: string;
  created_by_id: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
}

export interface DbProbe {
  query<R extends object>(text: string, params?: unknown[]): Promise<R[]>;
  /** Runs a call that must change nothing: the watched tables and the change log are compared. */
  unchanged(call: () => Promise<Response>): Promise<Response>;
  /** The latest change-log entry of this type for this row. */
  lastAudit(type: string, entityId: string): Promise<AuditRow>;
}

/** A table a refused call must leave as it was, and the column that orders its rows (default `id`). */
export type WatchedTable = string | { table: string; orderBy: string };

const watchedRows = (w: WatchedTable) => {
  const { table, orderBy } = typeof w === 'string' ? { table: w, orderBy: 'id' } : w;
  return `(select coalesce(string_agg(r::text, '|' order by r.${orderBy}), '') from ${table} r) as ${table}`;
};

/** Probes of the test database; `watched` are the tables a refused call must leave as they were. */
export function dbProbe(depot: TestDepot | (() => TestDepot), watched: WatchedTable[]): DbProbe {
  const t = () => (typeof depot === 'function' ? depot() : depot);
  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t().depot.runtime.pool.query<R>(text, params)).rows;
  const state = async () =>
    (
      await query(
        `select ${watched.map(watchedRows).join(', ')}, (select count(*)::int from audit_log) as audit`,
      )
    )[0];
  return {
    query,
    async unchanged(call) {
      const before = await state();
      const res = await call();
      expect(await state()).toEqual(before);
      return res;
    },
    async lastAudit(type, entityId) {
      const rows = await query<AuditRow>(
        'select * from audit_log where type = $1 and entity_id = $2 order by id desc limit 1',
        [type, entityId],
      );
      return rows[0];
    },
  };
}

export interface UsersOfTwoClients {
  tokens: Record<Role, string>;
  /** The client of the 'user' token. */
  ownClient: string;
  /** A second client, with its own user: for probing another client's records. */
  otherClient: string;
  otherUserToken: string;
}

/** A fresh user of each of `roles` and a user of a second client (suites of client-owned records). */
export async function usersOfTwoClients(t: TestDepot, roles: Role[] = ROLES): Promise<UsersOfTwoClients> {
  const tokens = {} as Record<Role, string>;
  let ownClient = '';
  for (const role of roles) {
    const u = await t.userWithToken(role);
    tokens[role] = u.token;
    if (role === 'user') ownClient = u.clientId!;
  }
  const other = await t.userWithToken('user');
  return { tokens, ownClient, otherClient: other.clientId!, otherUserToken: other.token };
}
