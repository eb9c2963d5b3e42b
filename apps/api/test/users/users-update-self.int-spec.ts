import { ROLES, MESSAGES } from '@depot/contracts';
import {
  NEW_PASSWORD,
  USER_VIEW_KEYS,
  expectError,
  expectNoSecrets,
  newEmail,
  usersChangesKit,
} from './users-changes.kit';

/** PUT /api/user/:userId on one's own account: what every role may and may not change about itself. */

describe('users API: PUT /api/user/:userId and /api/client/:clientId/user/:userId', () => {
  const k = usersChangesKit();
  const { bearer, put, current, signInRaw, unchanged, lastAudit } = k;

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
  });
});
