import type { Response } from 'supertest';
import { MESSAGES, ROLES, STAFF_ROLES } from '@depot/contracts';
import { ADMIN, PASSWORD, startTestDepot, type TestDepot } from './harness';

/** Changing users: POST user/create, PUT user/:userId(/), PUT client/:clientId/user/:userId, POST user/changePassword. */

const v = MESSAGES.validation;
const NEW_PASSWORD = 'brand-new-password-456';
const USER_VIEW_KEYS = [
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
const UNKNOWN_ID = '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d';

let emailSeq = 0;
const newEmail = (prefix = 'new') =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${(emailSeq++).toString(36)}@test.depot`;

const expectNoSecrets = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/passwordHash|password_hash/i);
  expect(text).not.toContain('$argon2');
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain(NEW_PASSWORD);
};

const expectError = (res: Response, statusCode: number, error: string, message: string) => {
  expect(res.status).toBe(statusCode);
  expect(res.body).toEqual({ statusCode, error, message });
};

/** A 400 from body validation: the first issue is `{ path, message }` and is also the reply's message. */
const expectValidation = (res: Response, message: string, path: string) => {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    statusCode: 400,
    error: 'ValidationError',
    message,
    details: expect.any(Array),
  });
  expect(res.body.details[0]).toEqual({ path, message });
};

describe('users API: changes', () => {
  let t: TestDepot;
  let rootToken: string;
  let rootId: string;

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const create = (token: string, body: Record<string, unknown>) =>
    t.http().post('/api/user/create').set(bearer(token)).send(body);
  const put = (token: string, userId: string, body: Record<string, unknown>, clientId?: string) =>
    t
      .http()
      .put(clientId === undefined ? `/api/user/${userId}/` : `/api/client/${clientId}/user/${userId}`)
      .set(bearer(token))
      .send(body);
  const changePassword = (token: string, body: Record<string, unknown>) =>
    t.http().post('/api/user/changePassword').set(bearer(token)).send(body);
  const current = (token: string) => t.http().get('/api/user/get/current').set(bearer(token));
  const signInRaw = (email: string, password: string) =>
    t.http().post('/api/auth/email').send({ email, password });
  const query = async <R extends object>(sql: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(sql, params)).rows;

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
    t = await startTestDepot();
    rootToken = await t.signIn(ADMIN.email, ADMIN.password);
    rootId = (await current(rootToken)).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/user/create', () => {
    const creatorOf = async (role: 'superAdmin' | 'admin' | 'salesman') =>
      role === 'superAdmin' ? { id: rootId, token: rootToken } : await t.userWithToken(role);

    it('creates a user: 201, the user as stored, no secrets, an audit row, and the user can sign in', async () => {
      const clientId = await t.createClient({ companyName: 'Created Client SA' });
      const email = newEmail('Mixed.Case');
      const res = await create(rootToken, {
        ...validCreate({ role: 'user', clientId, email: `  ${email.toUpperCase()} ` }),
        firstName: ' Zofia ',
        lastName: ' Kowalska ',
        disableNewOrders: true,
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(USER_VIEW_KEYS);
      expect(res.body).toMatchObject({
        email: email.toLowerCase(),
        firstName: 'Zofia',
        lastName: 'Kowalska',
        role: 'user',
        lang: 'pl',
        clientId,
        clientName: 'Created Client SA',
        disableNewOrders: true,
        active: true,
      });
      expectNoSecrets(res.body);

      const [row] = await query<{ email: string; password_hash: string }>(
        'select * from users where id = $1',
        [res.body.id],
      );
      expect(row.email).toBe(email.toLowerCase());
      expect(row.password_hash).toMatch(/^\$argon2/);
      expect(row.password_hash).not.toContain(NEW_PASSWORD);

      const audit = await lastAudit('user.create', res.body.id);
      expect(audit).toMatchObject({
        type: 'user.create',
        entity: 'user',
        entity_id: res.body.id,
        created_by_id: rootId,
        before: null,
      });
      expect(audit.after).toEqual(res.body);
      expectNoSecrets(audit);

      const signIn = await signInRaw(email.toUpperCase(), NEW_PASSWORD);
      expect(signIn.status).toBe(200);
      expect((await current(signIn.body.token)).body.id).toBe(res.body.id);
    });

    it('defaults to active, orders enabled; an inactive new user cannot sign in', async () => {
      const staff = await create(rootToken, validCreate());
      expect(staff.status).toBe(201);
      expect(staff.body).toMatchObject({
        active: true,
        disableNewOrders: false,
        clientId: null,
        clientName: null,
      });
      const inactive = await create(rootToken, validCreate({ active: false }));
      expect(inactive.status).toBe(201);
      expect(inactive.body.active).toBe(false);
      const res = await signInRaw(inactive.body.email, NEW_PASSWORD);
      expectError(res, 401, 'Unauthorized', MESSAGES.accountInactive);
    });

    it('ignores fields a caller may not set (id, passwordHash, timestamps)', async () => {
      const res = await create(
        rootToken,
        validCreate({
          id: UNKNOWN_ID,
          passwordHash: 'plain',
          createdAt: '2000-01-01T00:00:00Z',
          clientName: 'x',
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body.id).not.toBe(UNKNOWN_ID);
      expect(res.body.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
      expect(res.body.clientName).toBeNull();
      expect(await passwordHashOf(res.body.id)).toMatch(/^\$argon2/);
      expect((await signInRaw(res.body.email, NEW_PASSWORD)).status).toBe(200);
    });

    it.each(ROLES)('a superAdmin creates a %s', async (role) => {
      const clientId = role === 'user' ? await t.createClient() : undefined;
      const res = await create(rootToken, validCreate({ role, clientId }));
      expect(res.status).toBe(201);
      expect(res.body.role).toBe(role);
      expect(res.body.clientId).toBe(clientId ?? null);
    });

    it.each(ROLES.filter((r) => r !== 'superAdmin'))('an admin creates a %s', async (role) => {
      const admin = await t.userWithToken('admin');
      const clientId = role === 'user' ? await t.createClient() : undefined;
      const res = await create(admin.token, validCreate({ role, clientId }));
      expect(res.status).toBe(201);
      expect(res.body.role).toBe(role);
      expect((await lastAudit('user.create', res.body.id)).created_by_id).toBe(admin.id);
    });

    it('an admin may not create a superAdmin', async () => {
      const admin = await t.userWithToken('admin');
      const res = await unchanged(() => create(admin.token, validCreate({ role: 'superAdmin' })));
      expectError(res, 403, 'Forbidden', MESSAGES.onlySuperAdminManagesSuperAdmin);
    });

    it('a salesman creates a client user, but no staff user', async () => {
      const salesman = await t.userWithToken('salesman');
      const clientId = await t.createClient();
      const ok = await create(salesman.token, validCreate({ role: 'user', clientId }));
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ role: 'user', clientId });
      for (const role of STAFF_ROLES) {
        const res = await unchanged(() => create(salesman.token, validCreate({ role })));
        expectError(
          res,
          403,
          'Forbidden',
          role === 'superAdmin' ? MESSAGES.onlySuperAdminManagesSuperAdmin : MESSAGES.forbidden,
        );
      }
    });

    it.each(['operator', 'magazyn', 'user'] as const)('a %s may not create anyone', async (role) => {
      const me = await t.userWithToken(role);
      const clientId = await t.createClient();
      for (const body of [validCreate({ role: 'user', clientId }), validCreate({ role: 'operator' })]) {
        const res = await unchanged(() => create(me.token, body));
        expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
      }
    });

    it('is 401 without a session', async () => {
      const res = await unchanged(() => t.http().post('/api/user/create').send(validCreate()));
      expectError(res, 401, 'Unauthorized', MESSAGES.notSignedIn);
    });

    const drop = (key: string) => (b: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(b).filter(([k]) => k !== key));
    const set = (over: Record<string, unknown>) => (b: Record<string, unknown>) => ({ ...b, ...over });
    it.each<[string, (b: Record<string, unknown>) => Record<string, unknown>, string, string]>([
      ['no firstName', drop('firstName'), v.firstNameRequired, 'firstName'],
      ['blank firstName', set({ firstName: '   ' }), v.firstNameRequired, 'firstName'],
      ['no lastName', drop('lastName'), v.lastNameRequired, 'lastName'],
      ['empty lastName', set({ lastName: '' }), v.lastNameRequired, 'lastName'],
      ['no role', drop('role'), v.roleRequired, 'role'],
      ['unknown role', set({ role: 'king' }), v.roleRequired, 'role'],
      ['no lang', drop('lang'), v.languageRequired, 'lang'],
      ['unknown lang', set({ lang: 'de' }), v.languageRequired, 'lang'],
      ['no email', drop('email'), v.emailRequired, 'email'],
      ['blank email', set({ email: '  ' }), v.emailRequired, 'email'],
      ['bad email', set({ email: 'not-an-email' }), v.emailInvalid, 'email'],
      ['no password', drop('password'), v.passwordRequired, 'password'],
      ['empty password', set({ password: '', confirmPassword: '' }), v.passwordRequired, 'password'],
      ['no confirmPassword', drop('confirmPassword'), v.confirmPasswordRequired, 'confirmPassword'],
      ['empty confirmPassword', set({ confirmPassword: '' }), v.confirmPasswordRequired, 'confirmPassword'],
      [
        'an 11-character password',
        set({ password: 'elevenchars', confirmPassword: 'elevenchars' }),
        v.passwordTooShort(12),
        'password',
      ],
      [
        'passwords that differ',
        set({ confirmPassword: `${NEW_PASSWORD}x` }),
        v.passwordsDiffer,
        'confirmPassword',
      ],
      ['a client user without clientId', set({ role: 'user' }), v.clientRequired, 'clientId'],
      [
        'a client user with clientId null',
        set({ role: 'user', clientId: null }),
        v.clientRequired,
        'clientId',
      ],
      [
        'a clientId that is not a UUID',
        set({ role: 'user', clientId: 'acme' }),
        v.clientRequired,
        'clientId',
      ],
    ])('refuses %s with its message and changes nothing', async (_name, edit, message, path) => {
      const res = await unchanged(() => create(rootToken, edit(validCreate())));
      expectValidation(res, message, path);
    });

    it('refuses a staff user with a clientId', async () => {
      const clientId = await t.createClient();
      for (const role of STAFF_ROLES) {
        const res = await unchanged(() => create(rootToken, validCreate({ role, clientId })));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          error: 'ValidationError',
          message: MESSAGES.clientOnlyForClientUser,
        });
      }
    });

    it('refuses an unknown client', async () => {
      const res = await unchanged(() =>
        create(rootToken, validCreate({ role: 'user', clientId: UNKNOWN_ID })),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'ValidationError',
        message: MESSAGES.clientNotFound,
        details: [{ path: 'clientId', message: MESSAGES.clientNotFound }],
      });
    });

    it('refuses an e-mail already taken, whatever its case, with 409', async () => {
      const existing = await t.createUser('operator');
      for (const email of [
        existing.email,
        existing.email.toUpperCase(),
        ` ${existing.email} `,
        ADMIN.email.toUpperCase(),
      ]) {
        const res = await unchanged(() => create(rootToken, validCreate({ email })));
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: MESSAGES.emailTaken,
          details: [{ path: 'email', message: MESSAGES.emailTaken }],
        });
      }
    });

    it('two simultaneous creations with one e-mail: one 201, one 409', async () => {
      const email = newEmail('race');
      const results = await Promise.all([
        create(rootToken, validCreate({ email })),
        create(rootToken, validCreate({ email: email.toUpperCase() })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.emailTaken);
      expect(await query('select id from users where email = $1', [email])).toHaveLength(1);
    });

    it('answers bad JSON with 400 and changes nothing', async () => {
      const res = await unchanged(() =>
        t
          .http()
          .post('/api/user/create')
          .set(bearer(rootToken))
          .set('Content-Type', 'application/json')
          .send('{"email":'),
      );
      expectError(res, 400, 'Bad Request', MESSAGES.enterCorrectData);
    });

    it.each(['superAdmin', 'admin', 'salesman'] as const)(
      'the reply to a %s never carries a password hash',
      async (role) => {
        const creator = await creatorOf(role);
        const res = await create(
          creator.token,
          validCreate({ role: 'user', clientId: await t.createClient() }),
        );
        expect(res.status).toBe(201);
        expectNoSecrets(res.body);
      },
    );
  });

  describe('PUT /api/user/:userId and /api/client/:clientId/user/:userId', () => {
    it.each(ROLES)('a %s changes its own first name, last name and language', async (role) => {
      const me = await t.userWithToken(role);
      const res = await put(me.token, me.id, { firstName: 'Self', lastName: 'Edited', lang: 'pl' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: me.id, firstName: 'Self', lastName: 'Edited', lang: 'pl', role });
      expect(Object.keys(res.body).sort()).toEqual(USER_VIEW_KEYS);
      expectNoSecrets(res.body);
      // Without the trailing slash too.
      const noSlash = await t.http().put(`/api/user/${me.id}`).set(bearer(me.token)).send({ lang: 'en' });
      expect(noSlash.status).toBe(200);
      expect(noSlash.body.lang).toBe('en');
      // A plain profile edit keeps the session.
      expect((await current(me.token)).status).toBe(200);

      const audit = await lastAudit('user.update', me.id);
      expect(audit.created_by_id).toBe(me.id);
      expect(audit.before).toMatchObject({ id: me.id, lang: 'pl', firstName: 'Self' });
      expect(audit.after).toEqual(noSlash.body);
      expectNoSecrets(audit);
    });

    it('a client user changes its own language on the client route too', async () => {
      const me = await t.userWithToken('user');
      const res = await put(me.token, me.id, { lang: 'pl', firstName: 'Klient' }, me.clientId!);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: me.id, lang: 'pl', firstName: 'Klient', clientId: me.clientId });
      const audit = await lastAudit('user.update', me.id);
      expect(audit.before).toMatchObject({ lang: 'en', firstName: 'Test' });
      expect(audit.after).toMatchObject({ lang: 'pl', firstName: 'Klient' });
    });

    it.each(ROLES)('a %s cannot change its own role', async (role) => {
      const me = await t.userWithToken(role);
      const res = await unchanged(() =>
        put(me.token, me.id, { role: role === 'operator' ? 'magazyn' : 'operator', clientId: null }),
      );
      const adminish = role === 'superAdmin' || role === 'admin';
      expectError(res, 403, 'Forbidden', adminish ? MESSAGES.cannotChangeOwnRole : MESSAGES.forbidden);
    });

    it.each(ROLES)('a %s cannot deactivate itself', async (role) => {
      const me = await t.userWithToken(role);
      const res = await unchanged(() => put(me.token, me.id, { active: false }));
      const adminish = role === 'superAdmin' || role === 'admin';
      expectError(res, 403, 'Forbidden', adminish ? MESSAGES.cannotDeactivateSelf : MESSAGES.forbidden);
      expect((await current(me.token)).status).toBe(200);
    });

    it.each(['salesman', 'operator', 'magazyn', 'user'] as const)(
      'a %s cannot change its own e-mail, order flag or password here',
      async (role) => {
        const me = await t.userWithToken(role);
        for (const body of [
          { email: newEmail() },
          { disableNewOrders: true },
          { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        ]) {
          const res = await unchanged(() => put(me.token, me.id, body));
          expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
        }
      },
    );

    it('an admin changes its own e-mail, and its own password keeping the current session only', async () => {
      const me = await t.userWithToken('admin');
      const other = await t.signIn(me.email);
      const email = newEmail('admin-self');
      const res = await put(me.token, me.id, {
        email,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body.email).toBe(email);
      expectNoSecrets(res.body);
      expect((await current(me.token)).status).toBe(200);
      expect((await current(other)).status).toBe(401);
      expect((await signInRaw(email, NEW_PASSWORD)).status).toBe(200);
      expect((await lastAudit('user.update', me.id)).details).toEqual({ passwordChanged: true });
    });

    it('an admin edits a staff user: every field, with an audit row holding before and after', async () => {
      const admin = await t.userWithToken('admin');
      const target = await t.createUser('operator');
      const email = newEmail('edited');
      const res = await put(admin.token, target.id, {
        firstName: 'Edited',
        lastName: 'Person',
        email: email.toUpperCase(),
        lang: 'pl',
        role: 'magazyn',
        disableNewOrders: true,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        firstName: 'Edited',
        lastName: 'Person',
        email,
        lang: 'pl',
        role: 'magazyn',
        disableNewOrders: true,
      });
      const audit = await lastAudit('user.update', target.id);
      const before = audit.before as { updatedAt: string };
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(before.updatedAt).getTime(),
      );
      expect(audit).toMatchObject({ entity: 'user', created_by_id: admin.id, details: null });
      expect(audit.before).toMatchObject({
        id: target.id,
        email: target.email,
        role: 'operator',
        firstName: 'Test',
        lang: 'en',
      });
      expect(audit.after).toEqual(res.body);
      expectNoSecrets(audit);
    });

    it('an admin may not edit a superAdmin nor make anyone superAdmin; a superAdmin may', async () => {
      const admin = await t.userWithToken('admin');
      const superAdmin = await t.createUser('superAdmin');
      for (const body of [
        { firstName: 'Nope' },
        { active: false },
        { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ]) {
        const res = await unchanged(() => put(admin.token, superAdmin.id, body));
        expectError(res, 403, 'Forbidden', MESSAGES.onlySuperAdminManagesSuperAdmin);
      }
      const operator = await t.createUser('operator');
      const promote = await unchanged(() => put(admin.token, operator.id, { role: 'superAdmin' }));
      expectError(promote, 403, 'Forbidden', MESSAGES.onlySuperAdminManagesSuperAdmin);

      expect((await put(rootToken, superAdmin.id, { firstName: 'Fine' })).status).toBe(200);
      const promoted = await put(rootToken, operator.id, { role: 'superAdmin' });
      expect(promoted.status).toBe(200);
      expect(promoted.body.role).toBe('superAdmin');
    });

    it("says 'No value has changed' when nothing differs", async () => {
      const admin = await t.userWithToken('admin');
      const target = await t.createUser('operator');
      for (const body of [
        {},
        { firstName: 'Test', lastName: 'operator', lang: 'en' },
        { email: target.email.toUpperCase(), role: 'operator', active: true },
      ]) {
        const res = await unchanged(() => put(admin.token, target.id, body));
        expectError(res, 400, 'Bad Request', MESSAGES.noValueChanged);
      }
      const me = await t.userWithToken('magazyn');
      expectError(
        await unchanged(() => put(me.token, me.id, { lang: 'en' })),
        400,
        'Bad Request',
        MESSAGES.noValueChanged,
      );
      expectError(
        await unchanged(() => put(me.token, me.id, {})),
        400,
        'Bad Request',
        MESSAGES.noValueChanged,
      );
    });

    it("an admin resetting another user's password ends all that user's sessions", async () => {
      const admin = await t.userWithToken('admin');
      const target = await t.userWithToken('operator');
      const second = await t.signIn(target.email);
      const res = await put(admin.token, target.id, {
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expectNoSecrets(res.body);
      expectError(await current(target.token), 401, 'Unauthorized', MESSAGES.notSignedIn);
      expect((await current(second)).status).toBe(401);
      expect((await current(admin.token)).status).toBe(200);
      expectError(await signInRaw(target.email, PASSWORD), 401, 'Unauthorized', MESSAGES.invalidCredentials);
      expect((await signInRaw(target.email, NEW_PASSWORD)).status).toBe(200);
      const audit = await lastAudit('user.update', target.id);
      expect(audit.details).toEqual({ passwordChanged: true });
      expectNoSecrets(audit);
    });

    it('deactivating a user revokes its sessions for good; reactivating does not bring them back', async () => {
      const target = await t.userWithToken('salesman');
      const res = await put(rootToken, target.id, { active: false });
      expect(res.status).toBe(200);
      expect(res.body.active).toBe(false);
      const live = await query('select id from sessions where user_id = $1 and revoked_at is null', [
        target.id,
      ]);
      expect(live).toHaveLength(0);
      expect((await current(target.token)).status).toBe(401);
      expect((await put(rootToken, target.id, { active: true })).status).toBe(200);
      expect((await current(target.token)).status).toBe(401);
      expect((await signInRaw(target.email, PASSWORD)).status).toBe(200);
    });

    it('a role change ends the sessions; a name change does not', async () => {
      const target = await t.userWithToken('magazyn');
      expect((await put(rootToken, target.id, { firstName: 'Renamed' })).status).toBe(200);
      expect((await current(target.token)).status).toBe(200);
      expect((await put(rootToken, target.id, { role: 'operator' })).status).toBe(200);
      expect((await current(target.token)).status).toBe(401);
    });

    it('refuses an e-mail of another user, whatever its case, with 409', async () => {
      const target = await t.createUser('operator');
      const other = await t.createUser('magazyn');
      for (const email of [other.email, other.email.toUpperCase(), ADMIN.email]) {
        const res = await unchanged(() => put(rootToken, target.id, { email }));
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: MESSAGES.emailTaken,
          details: [{ path: 'email', message: MESSAGES.emailTaken }],
        });
      }
    });

    it('two simultaneous edits to one new e-mail: one 200, one 409', async () => {
      const a = await t.createUser('operator');
      const b = await t.createUser('magazyn');
      const email = newEmail('race-edit');
      const results = await Promise.all([
        put(rootToken, a.id, { email }),
        put(rootToken, b.id, { email: email.toUpperCase() }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.emailTaken);
      expect(await query('select id from users where email = $1', [email])).toHaveLength(1);
    });

    it("the client route edits only that client's users", async () => {
      const clientId = await t.createClient();
      const mine = await t.createUser('user', { clientId });
      const res = await put(rootToken, mine.id, { disableNewOrders: true, lang: 'pl' }, clientId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ clientId, disableNewOrders: true, lang: 'pl' });

      const foreign = await t.createUser('user');
      const staff = await t.createUser('operator');
      for (const [userId, cId] of [
        [foreign.id, clientId],
        [staff.id, clientId],
        [mine.id, UNKNOWN_ID],
        [UNKNOWN_ID, clientId],
      ]) {
        const refused = await unchanged(() => put(rootToken, userId, { lang: 'en' }, cId));
        expectError(refused, 404, 'Not Found', MESSAGES.userNotFound);
      }
    });

    it('non-UUID and unknown ids are 404 on both routes', async () => {
      const clientId = await t.createClient();
      const u = await t.createUser('user', { clientId });
      expectError(
        await unchanged(() => put(rootToken, 'not-a-uuid', { lang: 'pl' })),
        404,
        'Not Found',
        MESSAGES.userNotFound,
      );
      expectError(
        await unchanged(() => put(rootToken, UNKNOWN_ID, { lang: 'pl' })),
        404,
        'Not Found',
        MESSAGES.userNotFound,
      );
      expectError(
        await unchanged(() => put(rootToken, 'not-a-uuid', { lang: 'pl' }, clientId)),
        404,
        'Not Found',
        MESSAGES.userNotFound,
      );
      expectError(
        await unchanged(() => put(rootToken, u.id, { lang: 'pl' }, 'acme')),
        404,
        'Not Found',
        MESSAGES.clientNotFound,
      );
    });

    it('a salesman edits client users on both routes, but not staff and not into staff', async () => {
      const salesman = await t.userWithToken('salesman');
      const clientId = await t.createClient();
      const cu = await t.createUser('user', { clientId });
      expect((await put(salesman.token, cu.id, { firstName: 'ByRoute1' })).status).toBe(200);
      const res = await put(salesman.token, cu.id, { disableNewOrders: true }, clientId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ firstName: 'ByRoute1', disableNewOrders: true });
      expect((await lastAudit('user.update', cu.id)).created_by_id).toBe(salesman.id);

      const promote = await unchanged(() => put(salesman.token, cu.id, { role: 'operator', clientId: null }));
      expectError(promote, 403, 'Forbidden', MESSAGES.forbidden);
      for (const role of STAFF_ROLES) {
        const staff = await t.createUser(role);
        const refused = await unchanged(() => put(salesman.token, staff.id, { firstName: 'Nope' }));
        expectError(refused, 404, 'Not Found', MESSAGES.userNotFound);
      }
    });

    it.each(['operator', 'magazyn', 'user'] as const)('a %s cannot edit anyone else', async (role) => {
      const me = await t.userWithToken(role);
      const sameClient = me.clientId
        ? await t.createUser('user', { clientId: me.clientId })
        : await t.createUser('user');
      for (const target of [
        { id: rootId },
        await t.createUser('operator'),
        await t.createUser('user'),
        sameClient,
      ]) {
        const res = await unchanged(() => put(me.token, target.id, { firstName: 'Nope' }));
        expectError(res, 404, 'Not Found', MESSAGES.userNotFound);
      }
      const viaClient = await unchanged(() =>
        put(me.token, sameClient.id, { lang: 'pl' }, me.clientId ?? UNKNOWN_ID),
      );
      expectError(viaClient, 404, 'Not Found', MESSAGES.userNotFound);
    });

    it('is 401 without a session', async () => {
      const res = await unchanged(() => t.http().put(`/api/user/${rootId}/`).send({ lang: 'pl' }));
      expectError(res, 401, 'Unauthorized', MESSAGES.notSignedIn);
    });

    it('moves users between clients and staff, keeping client membership consistent', async () => {
      const clientA = await t.createClient();
      const clientB = await t.createClient({ companyName: 'Second Client' });
      const cu = await t.createUser('user', { clientId: clientA });
      const moved = await put(rootToken, cu.id, { clientId: clientB });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ clientId: clientB, clientName: 'Second Client' });
      const toStaff = await put(rootToken, cu.id, { role: 'operator', clientId: null });
      expect(toStaff.status).toBe(200);
      expect(toStaff.body).toMatchObject({ role: 'operator', clientId: null, clientName: null });
      const toClient = await put(rootToken, cu.id, { role: 'user', clientId: clientA });
      expect(toClient.status).toBe(200);
      expect(toClient.body).toMatchObject({ role: 'user', clientId: clientA });
    });

    it('refuses inconsistent client membership and unknown clients, changing nothing', async () => {
      const clientId = await t.createClient();
      const staff = await t.createUser('operator');
      const cu = await t.createUser('user', { clientId });
      const cases: [string, Record<string, unknown>, string][] = [
        [staff.id, { clientId }, MESSAGES.clientOnlyForClientUser],
        [staff.id, { role: 'user' }, v.clientRequired],
        [cu.id, { clientId: null }, v.clientRequired],
        [cu.id, { role: 'magazyn' }, MESSAGES.clientOnlyForClientUser],
      ];
      for (const [id, body, message] of cases) {
        const res = await unchanged(() => put(rootToken, id, body));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ statusCode: 400, error: 'ValidationError', message });
      }
      const unknown = await unchanged(() => put(rootToken, cu.id, { clientId: UNKNOWN_ID }));
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({
        statusCode: 400,
        error: 'ValidationError',
        message: MESSAGES.clientNotFound,
        details: [{ path: 'clientId', message: MESSAGES.clientNotFound }],
      });
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['an empty firstName', { firstName: '' }, v.firstNameRequired, 'firstName'],
      ['a blank lastName', { lastName: '   ' }, v.lastNameRequired, 'lastName'],
      ['a null firstName', { firstName: null }, v.firstNameRequired, 'firstName'],
      ['an empty email', { email: '' }, v.emailRequired, 'email'],
      ['a bad email', { email: 'nope' }, v.emailInvalid, 'email'],
      ['an unknown role', { role: 'king' }, v.roleRequired, 'role'],
      ['an unknown lang', { lang: 'de' }, v.languageRequired, 'lang'],
      ['an empty password', { password: '', confirmPassword: '' }, v.passwordRequired, 'password'],
      [
        'a short password',
        { password: 'short-pass', confirmPassword: 'short-pass' },
        v.passwordTooShort(12),
        'password',
      ],
      ['a password without confirmation', { password: NEW_PASSWORD }, v.passwordsDiffer, 'confirmPassword'],
      [
        'passwords that differ',
        { password: NEW_PASSWORD, confirmPassword: PASSWORD },
        v.passwordsDiffer,
        'confirmPassword',
      ],
      ['a clientId that is not a UUID', { clientId: 'acme' }, v.clientRequired, 'clientId'],
    ])('refuses %s with its message on both routes, changing nothing', async (_name, body, message, path) => {
      const clientId = await t.createClient();
      const cu = await t.createUser('user', { clientId });
      expectValidation(await unchanged(() => put(rootToken, cu.id, body)), message, path);
      expectValidation(await unchanged(() => put(rootToken, cu.id, body, clientId)), message, path);
    });

    it('refuses fields that may not be set (passwordHash, id) as unknown keys', async () => {
      const target = await t.createUser('operator');
      for (const body of [
        { passwordHash: 'x' },
        { id: UNKNOWN_ID, lang: 'pl' },
        { createdAt: '2000-01-01' },
      ]) {
        const res = await unchanged(() => put(rootToken, target.id, body));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          error: 'ValidationError',
          message: expect.any(String),
          details: expect.any(Array),
        });
      }
    });
  });

  describe('POST /api/user/changePassword', () => {
    it.each(ROLES)(
      'a %s changes its password: this session stays, the others end, only the new password works',
      async (role) => {
        const me = await t.userWithToken(role);
        const other = await t.signIn(me.email);
        const hashBefore = await passwordHashOf(me.id);
        const res = await changePassword(me.token, {
          oldPassword: PASSWORD,
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: 'Password has been changed.' });
        expect((await current(me.token)).status).toBe(200);
        expectError(await current(other), 401, 'Unauthorized', MESSAGES.notSignedIn);
        expect(await passwordHashOf(me.id)).not.toBe(hashBefore);
        expect((await signInRaw(me.email, NEW_PASSWORD)).status).toBe(200);
        expectError(await signInRaw(me.email, PASSWORD), 401, 'Unauthorized', MESSAGES.invalidCredentials);
        const audit = await lastAudit('user.passwordChange', me.id);
        expect(audit).toMatchObject({
          entity: 'user',
          created_by_id: me.id,
          details: { revokedSessions: 1 },
        });
        expectNoSecrets(audit);
      },
    );

    it("a wrong old password is 400 'Invalid Old Password.' and changes nothing", async () => {
      const me = await t.userWithToken('operator');
      const other = await t.signIn(me.email);
      const res = await unchanged(() =>
        changePassword(me.token, {
          oldPassword: 'not-my-password',
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Invalid Old Password.' });
      expect((await current(other)).status).toBe(200);
      expect((await signInRaw(me.email, PASSWORD)).status).toBe(200);
    });

    const valid = { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    it.each<[string, Record<string, unknown>, string, string]>([
      ['no old password', { oldPassword: undefined }, v.passwordRequired, 'oldPassword'],
      ['a blank old password', { oldPassword: '  ' }, v.passwordRequired, 'oldPassword'],
      ['no new password', { newPassword: undefined }, v.passwordRequired, 'newPassword'],
      ['an empty new password', { newPassword: '', confirmPassword: '' }, v.passwordRequired, 'newPassword'],
      [
        'an 11-character new password',
        { newPassword: 'elevenchars', confirmPassword: 'elevenchars' },
        v.passwordTooShort(12),
        'newPassword',
      ],
      ['no confirmation', { confirmPassword: undefined }, v.confirmPasswordRequired, 'confirmPassword'],
      ['an empty confirmation', { confirmPassword: '' }, v.confirmPasswordRequired, 'confirmPassword'],
      [
        'a confirmation that differs',
        { confirmPassword: `${NEW_PASSWORD}!` },
        v.passwordsDiffer,
        'confirmPassword',
      ],
    ])('refuses %s with its message and changes nothing', async (_name, over, message, path) => {
      const me = await t.userWithToken('magazyn');
      const body = Object.fromEntries(
        Object.entries({ ...valid, ...over }).filter(([, x]) => x !== undefined),
      );
      const res = await unchanged(() => changePassword(me.token, body));
      expectValidation(res, message, path);
      expect((await signInRaw(me.email, PASSWORD)).status).toBe(200);
    });

    it('a short new password is refused even with the wrong old password (validation first)', async () => {
      const me = await t.userWithToken('salesman');
      const res = await unchanged(() =>
        changePassword(me.token, { oldPassword: 'wrong', newPassword: 'short', confirmPassword: 'short' }),
      );
      expectValidation(res, v.passwordTooShort(12), 'newPassword');
    });

    it('is 401 without a session', async () => {
      const res = await unchanged(() => t.http().post('/api/user/changePassword').send(valid));
      expectError(res, 401, 'Unauthorized', MESSAGES.notSignedIn);
    });
  });
});
