import { ROLES, STAFF_ROLES, MESSAGES } from '@depot/contracts';
import { ADMIN, PASSWORD } from './harness';
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

describe('users API: PUT /api/user/:userId and /api/client/:clientId/user/:userId', () => {
  const k = usersChangesKit();
  const { bearer, put, current, signInRaw, query, unchanged, lastAudit } = k;

  describe('PUT /api/user/:userId and /api/client/:clientId/user/:userId', () => {
    it.each(ROLES)('a %s changes its own first name, last name and language', async (role) => {
      const me = await k.t.userWithToken(role);
      const res = await put(me.token, me.id, { firstName: 'Self', lastName: 'Edited', lang: 'pl' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: me.id, firstName: 'Self', lastName: 'Edited', lang: 'pl', role });
      expect(Object.keys(res.body).sort()).toEqual(USER_VIEW_KEYS);
      expectNoSecrets(res.body);
      // Without the trailing slash too.
      const noSlash = await k.t.http().put(`/api/user/${me.id}`).set(bearer(me.token)).send({ lang: 'en' });
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
      const me = await k.t.userWithToken('user');
      const res = await put(me.token, me.id, { lang: 'pl', firstName: 'Klient' }, me.clientId!);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: me.id, lang: 'pl', firstName: 'Klient', clientId: me.clientId });
      const audit = await lastAudit('user.update', me.id);
      expect(audit.before).toMatchObject({ lang: 'en', firstName: 'Test' });
      expect(audit.after).toMatchObject({ lang: 'pl', firstName: 'Klient' });
    });

    it.each(ROLES)('a %s cannot change its own role', async (role) => {
      const me = await k.t.userWithToken(role);
      const res = await unchanged(() =>
        put(me.token, me.id, { role: role === 'operator' ? 'magazyn' : 'operator', clientId: null }),
      );
      const adminish = role === 'superAdmin' || role === 'admin';
      expectError(res, 403, 'Forbidden', adminish ? MESSAGES.cannotChangeOwnRole : MESSAGES.forbidden);
    });

    it.each(ROLES)('a %s cannot deactivate itself', async (role) => {
      const me = await k.t.userWithToken(role);
      const res = await unchanged(() => put(me.token, me.id, { active: false }));
      const adminish = role === 'superAdmin' || role === 'admin';
      expectError(res, 403, 'Forbidden', adminish ? MESSAGES.cannotDeactivateSelf : MESSAGES.forbidden);
      expect((await current(me.token)).status).toBe(200);
    });

    it.each(['salesman', 'operator', 'magazyn', 'user'] as const)(
      'a %s cannot change its own e-mail, order flag or password here',
      async (role) => {
        const me = await k.t.userWithToken(role);
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
      const me = await k.t.userWithToken('admin');
      const other = await k.t.signIn(me.email);
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
      const admin = await k.t.userWithToken('admin');
      const target = await k.t.createUser('operator');
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
      const admin = await k.t.userWithToken('admin');
      const superAdmin = await k.t.createUser('superAdmin');
      for (const body of [
        { firstName: 'Nope' },
        { active: false },
        { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ]) {
        const res = await unchanged(() => put(admin.token, superAdmin.id, body));
        expectError(res, 403, 'Forbidden', MESSAGES.onlySuperAdminManagesSuperAdmin);
      }
      const operator = await k.t.createUser('operator');
      const promote = await unchanged(() => put(admin.token, operator.id, { role: 'superAdmin' }));
      expectError(promote, 403, 'Forbidden', MESSAGES.onlySuperAdminManagesSuperAdmin);

      expect((await put(k.rootToken, superAdmin.id, { firstName: 'Fine' })).status).toBe(200);
      const promoted = await put(k.rootToken, operator.id, { role: 'superAdmin' });
      expect(promoted.status).toBe(200);
      expect(promoted.body.role).toBe('superAdmin');
    });

    it("says 'No value has changed' when nothing differs", async () => {
      const admin = await k.t.userWithToken('admin');
      const target = await k.t.createUser('operator');
      for (const body of [
        {},
        { firstName: 'Test', lastName: 'operator', lang: 'en' },
        { email: target.email.toUpperCase(), role: 'operator', active: true },
      ]) {
        const res = await unchanged(() => put(admin.token, target.id, body));
        expectError(res, 400, 'Bad Request', MESSAGES.noValueChanged);
      }
      const me = await k.t.userWithToken('magazyn');
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
      const admin = await k.t.userWithToken('admin');
      const target = await k.t.userWithToken('operator');
      const second = await k.t.signIn(target.email);
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
      const target = await k.t.userWithToken('salesman');
      const res = await put(k.rootToken, target.id, { active: false });
      expect(res.status).toBe(200);
      expect(res.body.active).toBe(false);
      const live = await query('select id from sessions where user_id = $1 and revoked_at is null', [
        target.id,
      ]);
      expect(live).toHaveLength(0);
      expect((await current(target.token)).status).toBe(401);
      expect((await put(k.rootToken, target.id, { active: true })).status).toBe(200);
      expect((await current(target.token)).status).toBe(401);
      expect((await signInRaw(target.email, PASSWORD)).status).toBe(200);
    });

    it('a role change ends the sessions; a name change does not', async () => {
      const target = await k.t.userWithToken('magazyn');
      expect((await put(k.rootToken, target.id, { firstName: 'Renamed' })).status).toBe(200);
      expect((await current(target.token)).status).toBe(200);
      expect((await put(k.rootToken, target.id, { role: 'operator' })).status).toBe(200);
      expect((await current(target.token)).status).toBe(401);
    });

    it('refuses an e-mail of another user, whatever its case, with 409', async () => {
      const target = await k.t.createUser('operator');
      const other = await k.t.createUser('magazyn');
      for (const email of [other.email, other.email.toUpperCase(), ADMIN.email]) {
        const res = await unchanged(() => put(k.rootToken, target.id, { email }));
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
      const a = await k.t.createUser('operator');
      const b = await k.t.createUser('magazyn');
      const email = newEmail('race-edit');
      const results = await Promise.all([
        put(k.rootToken, a.id, { email }),
        put(k.rootToken, b.id, { email: email.toUpperCase() }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.emailTaken);
      expect(await query('select id from users where email = $1', [email])).toHaveLength(1);
    });

    it("the client route edits only that client's users", async () => {
      const clientId = await k.t.createClient();
      const mine = await k.t.createUser('user', { clientId });
      const res = await put(k.rootToken, mine.id, { disableNewOrders: true, lang: 'pl' }, clientId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ clientId, disableNewOrders: true, lang: 'pl' });

      const foreign = await k.t.createUser('user');
      const staff = await k.t.createUser('operator');
      for (const [userId, cId] of [
        [foreign.id, clientId],
        [staff.id, clientId],
        [mine.id, UNKNOWN_ID],
        [UNKNOWN_ID, clientId],
      ]) {
        const refused = await unchanged(() => put(k.rootToken, userId, { lang: 'en' }, cId));
        expectError(refused, 404, 'Not Found', MESSAGES.userNotFound);
      }
    });

    it('non-UUID and unknown ids are 404 on both routes', async () => {
      const clientId = await k.t.createClient();
      const u = await k.t.createUser('user', { clientId });
      expectError(
        await unchanged(() => put(k.rootToken, 'not-a-uuid', { lang: 'pl' })),
        404,
        'Not Found',
        MESSAGES.userNotFound,
      );
      expectError(
        await unchanged(() => put(k.rootToken, UNKNOWN_ID, { lang: 'pl' })),
        404,
        'Not Found',
        MESSAGES.userNotFound,
      );
      expectError(
        await unchanged(() => put(k.rootToken, 'not-a-uuid', { lang: 'pl' }, clientId)),
        404,
        'Not Found',
        MESSAGES.userNotFound,
      );
      expectError(
        await unchanged(() => put(k.rootToken, u.id, { lang: 'pl' }, 'acme')),
        404,
        'Not Found',
        MESSAGES.clientNotFound,
      );
    });

    it('a salesman edits client users on both routes, but not staff and not into staff', async () => {
      const salesman = await k.t.userWithToken('salesman');
      const clientId = await k.t.createClient();
      const cu = await k.t.createUser('user', { clientId });
      expect((await put(salesman.token, cu.id, { firstName: 'ByRoute1' })).status).toBe(200);
      const res = await put(salesman.token, cu.id, { disableNewOrders: true }, clientId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ firstName: 'ByRoute1', disableNewOrders: true });
      expect((await lastAudit('user.update', cu.id)).created_by_id).toBe(salesman.id);

      const promote = await unchanged(() => put(salesman.token, cu.id, { role: 'operator', clientId: null }));
      expectError(promote, 403, 'Forbidden', MESSAGES.forbidden);
      for (const role of STAFF_ROLES) {
        const staff = await k.t.createUser(role);
        const refused = await unchanged(() => put(salesman.token, staff.id, { firstName: 'Nope' }));
        expectError(refused, 404, 'Not Found', MESSAGES.userNotFound);
      }
    });

    it.each(['operator', 'magazyn', 'user'] as const)('a %s cannot edit anyone else', async (role) => {
      const me = await k.t.userWithToken(role);
      const sameClient = me.clientId
        ? await k.t.createUser('user', { clientId: me.clientId })
        : await k.t.createUser('user');
      for (const target of [
        { id: k.rootId },
        await k.t.createUser('operator'),
        await k.t.createUser('user'),
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
      const res = await unchanged(() => k.t.http().put(`/api/user/${k.rootId}/`).send({ lang: 'pl' }));
      expectError(res, 401, 'Unauthorized', MESSAGES.notSignedIn);
    });

    it('moves users between clients and staff, keeping client membership consistent', async () => {
      const clientA = await k.t.createClient();
      const clientB = await k.t.createClient({ companyName: 'Second Client' });
      const cu = await k.t.createUser('user', { clientId: clientA });
      const moved = await put(k.rootToken, cu.id, { clientId: clientB });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ clientId: clientB, clientName: 'Second Client' });
      const toStaff = await put(k.rootToken, cu.id, { role: 'operator', clientId: null });
      expect(toStaff.status).toBe(200);
      expect(toStaff.body).toMatchObject({ role: 'operator', clientId: null, clientName: null });
      const toClient = await put(k.rootToken, cu.id, { role: 'user', clientId: clientA });
      expect(toClient.status).toBe(200);
      expect(toClient.body).toMatchObject({ role: 'user', clientId: clientA });
    });

    it('refuses inconsistent client membership and unknown clients, changing nothing', async () => {
      const clientId = await k.t.createClient();
      const staff = await k.t.createUser('operator');
      const cu = await k.t.createUser('user', { clientId });
      const cases: [string, Record<string, unknown>, string][] = [
        [staff.id, { clientId }, MESSAGES.clientOnlyForClientUser],
        [staff.id, { role: 'user' }, v.clientRequired],
        [cu.id, { clientId: null }, v.clientRequired],
        [cu.id, { role: 'magazyn' }, MESSAGES.clientOnlyForClientUser],
      ];
      for (const [id, body, message] of cases) {
        const res = await unchanged(() => put(k.rootToken, id, body));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ statusCode: 400, error: 'ValidationError', message });
      }
      const unknown = await unchanged(() => put(k.rootToken, cu.id, { clientId: UNKNOWN_ID }));
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
      const clientId = await k.t.createClient();
      const cu = await k.t.createUser('user', { clientId });
      expectValidation(await unchanged(() => put(k.rootToken, cu.id, body)), message, path);
      expectValidation(await unchanged(() => put(k.rootToken, cu.id, body, clientId)), message, path);
    });

    it('refuses fields that may not be set (passwordHash, id) as unknown keys', async () => {
      const target = await k.t.createUser('operator');
      for (const body of [
        { passwordHash: 'x' },
        { id: UNKNOWN_ID, lang: 'pl' },
        { createdAt: '2000-01-01' },
      ]) {
        const res = await unchanged(() => put(k.rootToken, target.id, body));
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
});
