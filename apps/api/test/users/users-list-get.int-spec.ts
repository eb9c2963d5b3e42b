import { MESSAGES, permissionsOf, ROLES } from '@depot/contracts';
import { ADMIN } from '../harness';
import { expectNoSecrets, USER_VIEW_KEYS, usersListKit } from './users-list.kit';

/** Reading one user: GET user/get/current (own account and permissions) and GET user/:userId (who may open whom). */

describe('users API: reading', () => {
  const k = usersListKit();
  const { get } = k;

  describe('GET /api/user/get/current', () => {
    it('returns the superAdmin with its permissions and the session expiry', async () => {
      const signIn = await k.t
        .http()
        .post('/api/auth/email')
        .send({ email: ADMIN.email, password: ADMIN.password });
      const res = await get('/api/user/get/current', signIn.body.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: k.rootId,
        email: ADMIN.email,
        role: 'superAdmin',
        clientId: null,
        clientName: null,
        active: true,
        clientDisableNewOrders: false,
      });
      expect(res.body.permissions).toEqual(permissionsOf('superAdmin'));
      expect(res.body.permissions).toEqual(
        expect.arrayContaining(['users.read', 'users.write', 'clientUsers.write']),
      );
      expect(new Date(res.body.sessionValidUntil).getTime()).toBe(new Date(signIn.body.validUntil).getTime());
      expect(Object.keys(res.body).sort()).toEqual(
        [...USER_VIEW_KEYS, 'permissions', 'sessionValidUntil', 'clientDisableNewOrders'].sort(),
      );
      expectNoSecrets(res.body);
    });

    it.each(ROLES)('a %s gets its own account and exactly its own permissions', async (role) => {
      const u = await k.t.userWithToken(role);
      const res = await get('/api/user/get/current', u.token);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(u.id);
      expect(res.body.email).toBe(u.email);
      expect(res.body.role).toBe(role);
      expect(res.body.clientId).toBe(u.clientId);
      expect(res.body.permissions).toEqual(permissionsOf(role));
      expect(typeof res.body.sessionValidUntil).toBe('string');
      expect(new Date(res.body.sessionValidUntil).getTime()).toBeGreaterThan(Date.now());
      expectNoSecrets(res.body);
    });

    it('a salesman sees only users.read among the users permissions', async () => {
      const { token } = await k.t.userWithToken('salesman');
      const res = await get('/api/user/get/current', token);
      expect(res.body.role).toBe('salesman');
      expect(res.body.permissions).toContain('users.read');
      expect(res.body.permissions).toContain('clientUsers.write');
      expect(res.body.permissions).not.toContain('users.write');
      expect(res.body.permissions).not.toContain('users.readAll');
    });

    it("a client user gets its client's name and the client's disableNewOrders flag", async () => {
      const clientId = await k.t.createClient({
        companyName: 'Acme Current Sp. z o.o.',
        disableNewOrders: true,
      });
      const u = await k.t.createUser('user', { clientId });
      const token = await k.t.signIn(u.email);
      const res = await get('/api/user/get/current', token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        clientId,
        clientName: 'Acme Current Sp. z o.o.',
        clientDisableNewOrders: true,
      });
    });

    it('is 401 without a session', async () => {
      const res = await k.t.http().get('/api/user/get/current');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: MESSAGES.notSignedIn });
    });
  });

  describe('GET /api/user/:userId', () => {
    it('admin and superAdmin open any user, staff or client user', async () => {
      const { token: adminToken } = await k.t.userWithToken('admin');
      const staff = await k.t.createUser('magazyn');
      const clientUser = await k.t.createUser('user');
      for (const token of [k.rootToken, adminToken]) {
        for (const target of [staff, clientUser, { id: k.rootId, email: ADMIN.email }]) {
          const res = await get(`/api/user/${target.id}`, token);
          expect(res.status).toBe(200);
          expect(res.body.id).toBe(target.id);
          expect(res.body.email).toBe(target.email);
          expect(Object.keys(res.body).sort()).toEqual(USER_VIEW_KEYS);
          expectNoSecrets(res.body);
        }
      }
    });

    it('a client user is shown with its client name', async () => {
      const clientId = await k.t.createClient({ companyName: 'Named Client Ltd' });
      const u = await k.t.createUser('user', { clientId });
      const res = await get(`/api/user/${u.id}`, k.rootToken);
      expect(res.body).toMatchObject({ role: 'user', clientId, clientName: 'Named Client Ltd' });
    });

    it('a salesman opens itself and client users, but not other staff', async () => {
      const s = await k.t.userWithToken('salesman');
      expect((await get(`/api/user/${s.id}`, s.token)).status).toBe(200);
      const clientUser = await k.t.createUser('user');
      expect((await get(`/api/user/${clientUser.id}`, s.token)).status).toBe(200);
      for (const role of ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn'] as const) {
        const other = await k.t.createUser(role);
        const res = await get(`/api/user/${other.id}`, s.token);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.userNotFound });
      }
    });

    it.each(['operator', 'magazyn', 'user'] as const)('a %s opens only itself', async (role) => {
      const me = await k.t.userWithToken(role);
      const mine = await get(`/api/user/${me.id}`, me.token);
      expect(mine.status).toBe(200);
      expect(mine.body.id).toBe(me.id);
      const sameClient = await k.t.createUser('user', { clientId: me.clientId ?? undefined });
      for (const other of [
        { id: k.rootId },
        await k.t.createUser('operator'),
        await k.t.createUser('user'),
        sameClient,
      ]) {
        const res = await get(`/api/user/${other.id}`, me.token);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.userNotFound });
      }
    });

    it.each(['not-a-uuid', '123', '00000000-0000-0000-0000-00000000000g'])(
      'a malformed id %s is 404',
      async (id) => {
        const res = await get(`/api/user/${id}`, k.rootToken);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.userNotFound });
      },
    );

    it('an unknown id is 404', async () => {
      const res = await get('/api/user/6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d', k.rootToken);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.userNotFound });
    });

    it('is 401 without a session', async () => {
      expect((await k.t.http().get(`/api/user/${k.rootId}`)).status).toBe(401);
    });
  });
});
