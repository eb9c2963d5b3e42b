import type { Response } from 'supertest';
import { MESSAGES } from '@depot/contracts';
import { ADMIN, PASSWORD, startTestDepot, type TestDepot } from '../harness';
export { expectError, expectValidation } from '../expectations';

/** Shared by the users-change suites (create, update, password): helpers, and one app per suite. */

export const v = MESSAGES.validation;
export const NEW_PASSWORD = 'brand-new-password-456';
export const USER_VIEW_KEYS = [
  'active',
  'clientId',
  'clientName',
  'createdAt',
  'disableNewOrders',
  'email',
  'firstName',
  'id',
  'lang',
  'lastName',
  'role',
  'updatedAt',
].sort();
export const UNKNOWN_ID = '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d';

let emailSeq = 0;
export const newEmail = (prefix = 'new') =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${(emailSeq++).toString(36)}@test.depot`;

export const expectNoSecrets = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/passwordHash|password_hash/i);
  expect(text).not.toContain('$argon2');
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain(NEW_PASSWORD);
};

/** Starts one app for the calling describe block (beforeAll/afterAll) and returns its helpers. */
export function usersChangesKit() {
  const k = {} as { t: TestDepot; rootToken: string; rootId: string };

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const create = (token: string, body: Record<string, unknown>) =>
    k.t.http().post('/api/user/create').set(bearer(token)).send(body);
  const put = (token: string, userId: string, body: Record<string, unknown>, clientId?: string) =>
    k.t
      .http()
      .put(clientId === undefined ? `/api/user/${userId}/` : `/api/client/${clientId}/user/${userId}`)
      .set(bearer(token))
      .send(body);
  const changePassword = (token: string, body: Record<string, unknown>) =>
    k.t.http().post('/api/user/changePassword').set(bearer(token)).send(body);
  const current = (token: string) => k.t.http().get('/api/user/get/current').set(bearer(token));
  const signInRaw = (email: string, password: string) =>
    k.t.http().post('/api/auth/email').send({ email, password });
  const query = async <R extends object>(sql: string, params: unknown[] = []) =>
    (await k.t.depot.runtime.pool.query<R>(sql, params)).rows;

  /** Everything a refused call must leave alone: every user row, the log, every session. */
  const dbState = async () =>
    (
      await query(`select
        (select coalesce(string_agg(u::text, '|' order by u.id), '') from users u) as users,
        (select count(*)::int from audit_log) as audit,
        (select coalesce(string_agg(s.id::text || ':' || coalesce(s.revoked_at::text, '-'), '|' order by s.id), '') from sessions s) as sessions`)
    )[0];
  /** Runs `call` and checks the database is exactly as before. */
  const unchanged = async (call: () => Promise<Response>) => {
    const before = await dbState();
    const res = await call();
    expect(await dbState()).toEqual(before);
    return res;
  };

  const lastAudit = async (type: string, entityId: string) =>
    (
      await query<{
        type: string;
        entity: string;
        entity_id: string;
        created_by_id: string | null;
        before: unknown;
        after: unknown;
        details: unknown;
      }>(`select * from audit_log where type = $1 and entity_id = $2 order by id desc limit 1`, [
        type,
        entityId,
      ])
    )[0];
  const passwordHashOf = async (id: string) =>
    (await query<{ h: string }>('select password_hash as h from users where id = $1', [id]))[0].h;

  const validCreate = (over: Record<string, unknown> = {}) => ({
    firstName: 'Anna',
    lastName: 'Nowak',
    email: newEmail(),
    role: 'operator',
    lang: 'pl',
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...over,
  });

  beforeAll(async () => {
    k.t = await startTestDepot();
    k.rootToken = await k.t.sessionFor(ADMIN.email);
    k.rootId = (await current(k.rootToken)).body.id;
  });
  afterAll(async () => {
    await k.t.close();
  });

  return Object.assign(k, {
    bearer,
    create,
    put,
    changePassword,
    current,
    signInRaw,
    query,
    dbState,
    unchanged,
    lastAudit,
    passwordHashOf,
    validCreate,
  });
}
