import { ROLES, STAFF_ROLES, MESSAGES } from '@depot/contracts';
import { ADMIN } from '../harness';
import {
  NEW_PASSWORD,
  UNKNOWN_ID,
  USER_VIEW_KEYS,
  expectError,
  expectNoSecrets,
  expectValidation,
  newEmail,
  usersChangesKit,
  v,
} from './users-changes.kit';

describe('users API: POST /api/user/create', () => {
  const k = usersChangesKit();
  const { bearer, create, current, signInRaw, query, unchanged, lastAudit, passwordHashOf, validCreate } = k;

  describe('POST /api/user/create', () => {
    const creatorOf = async (role: 'superAdmin' | 'admin' | 'salesman') =>
      role === 'superAdmin' ? { id: k.rootId, token: k.rootToken } : await k.t.userWithToken(role);

    it('creates a user: 201, the user as stored, no secrets, an audit row, and the user can sign in', async () => {
      const clientId = await k.t.createClient({ companyName: 'Created Client SA' });
      const email = newEmail('Mixed.Case');
      const res = await create(k.rootToken, {
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
        created_by_id: k.rootId,
        before: null,
      });
      expect(audit.after).toEqual(res.body);
      expectNoSecrets(audit);

      const signIn = await signInRaw(email.toUpperCase(), NEW_PASSWORD);
      expect(signIn.status).toBe(200);
      expect((await current(signIn.body.token)).body.id).toBe(res.body.id);
    });

    it('defaults to active, orders enabled; an inactive new user cannot sign in', async () => {
      const staff = await create(k.rootToken, validCreate());
      expect(staff.status).toBe(201);
      expect(staff.body).toMatchObject({
        active: true,
        disableNewOrders: false,
        clientId: null,
        clientName: null,
      });
      const inactive = await create(k.rootToken, validCreate({ active: false }));
      expect(inactive.status).toBe(201);
      expect(inactive.body.active).toBe(false);
      const res = await signInRaw(inactive.body.email, NEW_PASSWORD);
      expectError(res, 401, 'Unauthorized', MESSAGES.accountInactive);
    });

    it('ignores fields a caller may not set (id, passwordHash, timestamps)', async () => {
      const res = await create(
        k.rootToken,
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
      const clientId = role === 'user' ? await k.t.createClient() : undefined;
      const res = await create(k.rootToken, validCreate({ role, clientId }));
      expect(res.status).toBe(201);
      expect(res.body.role).toBe(role);
      expect(res.body.clientId).toBe(clientId ?? null);
    });

    it.each(ROLES.filter((r) => r !== 'superAdmin'))('an admin creates a %s', async (role) => {
      const admin = await k.t.userWithToken('admin');
      const clientId = role === 'user' ? await k.t.createClient() : undefined;
      const res = await create(admin.token, validCreate({ role, clientId }));
      expect(res.status).toBe(201);
      expect(res.body.role).toBe(role);
      expect((await lastAudit('user.create', res.body.id)).created_by_id).toBe(admin.id);
    });

    it('an admin may not create a superAdmin', async () => {
      const admin = await k.t.userWithToken('admin');
      const res = await unchanged(() => create(admin.token, validCreate({ role: 'superAdmin' })));
      expectError(res, 403, 'Forbidden', MESSAGES.onlySuperAdminManagesSuperAdmin);
    });

    it('a salesman creates a client user, but no staff user', async () => {
      const salesman = await k.t.userWithToken('salesman');
      const clientId = await k.t.createClient();
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
      const me = await k.t.userWithToken(role);
      const clientId = await k.t.createClient();
      for (const body of [validCreate({ role: 'user', clientId }), validCreate({ role: 'operator' })]) {
        const res = await unchanged(() => create(me.token, body));
        expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
      }
    });

    it('is 401 without a session', async () => {
      const res = await unchanged(() => k.t.http().post('/api/user/create').send(validCreate()));
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
      const res = await unchanged(() => create(k.rootToken, edit(validCreate())));
      expectValidation(res, message, path);
    });

    it('refuses a staff user with a clientId', async () => {
      const clientId = await k.t.createClient();
      for (const role of STAFF_ROLES) {
        const res = await unchanged(() => create(k.rootToken, validCreate({ role, clientId })));
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
        create(k.rootToken, validCreate({ role: 'user', clientId: UNKNOWN_ID })),
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
      const existing = await k.t.createUser('operator');
      for (const email of [
        existing.email,
        existing.email.toUpperCase(),
        ` ${existing.email} `,
        ADMIN.email.toUpperCase(),
      ]) {
        const res = await unchanged(() => create(k.rootToken, validCreate({ email })));
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
        create(k.rootToken, validCreate({ email })),
        create(k.rootToken, validCreate({ email: email.toUpperCase() })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.emailTaken);
      expect(await query('select id from users where email = $1', [email])).toHaveLength(1);
    });

    it('answers bad JSON with 400 and changes nothing', async () => {
      const res = await unchanged(() =>
        k.t
          .http()
          .post('/api/user/create')
          .set(bearer(k.rootToken))
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
          validCreate({ role: 'user', clientId: await k.t.createClient() }),
        );
        expect(res.status).toBe(201);
        expectNoSecrets(res.body);
      },
    );
  });
});
