import { STAFF_ROLES, MESSAGES } from '@depot/contracts';
import { PASSWORD } from '../harness';
import {
  NEW_PASSWORD,
  UNKNOWN_ID,
  expectError,
  expectNoSecrets,
  newEmail,
  usersChangesKit,
} from './users-changes.kit';

/**
 * PUT /api/user/:userId and /api/client/:clientId/user/:userId on another user: who may edit whom, on which route,
 * and which edits end that user's sessions.
 */

describe('users API: PUT /api/user/:userId and /api/client/:clientId/user/:userId', () => {
  const k = usersChangesKit();
  const { put, current, signInRaw, query, unchanged, lastAudit } = k;

  describe('PUT /api/user/:userId and /api/client/:clientId/user/:userId', () => {
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
  });
});
