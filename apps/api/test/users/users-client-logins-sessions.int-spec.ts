import { MESSAGES, STAFF_ROLES } from '@depot/contracts';
import { disconnected, nextEvent, PASSWORD } from '../harness';
import { openSocket } from '../realtime/realtime.kit';
import { NEW_PASSWORD, UNKNOWN_ID, expectError, usersChangesKit } from './users-changes.kit';

/**
 * A client user's login managed by staff (decision 0112): POST /api/user/:userId/sessions/revoke ends every session at
 * once; deactivation and a new password set by staff (PUT) end them too. Revoked sessions stop working at once — calls
 * answer 401 and signed-in sockets are cut.
 */

describe('users API: ending a client login’s sessions', () => {
  const k = usersChangesKit();
  const { bearer, put, current, signInRaw, query, unchanged, lastAudit } = k;
  const revoke = (token: string | null, userId: string) => {
    const req = k.t.http().post(`/api/user/${userId}/sessions/revoke`);
    return token ? req.set(bearer(token)) : req;
  };
  const liveSessions = async (userId: string) =>
    (
      await query<{ n: number }>(
        'select count(*)::int as n from sessions where user_id = $1 and revoked_at is null',
        [userId],
      )
    )[0].n;

  /** A client user signed in twice (two browsers), one of them with a live socket. */
  async function signedInTwice() {
    const clientId = await k.t.createClient();
    const u = await k.t.createUser('user', { clientId });
    const tokens = [await k.t.signIn(u.email), await k.t.signIn(u.email)];
    const socket = await openSocket(k.t, { token: tokens[1] });
    return { ...u, clientId, tokens, socket };
  }

  describe('POST /api/user/:userId/sessions/revoke', () => {
    it.each(['superAdmin', 'admin', 'salesman'] as const)(
      'a %s ends every session of a client user at once: calls get 401, the socket is cut, it may sign in again',
      async (role) => {
        const actor =
          role === 'superAdmin' ? { token: k.rootToken, id: k.rootId } : await k.t.userWithToken(role);
        const target = await signedInTwice();
        const ended = nextEvent(target.socket, 'session:ended');
        const cut = disconnected(target.socket);

        const res = await revoke(actor.token, target.id);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ revoked: 2 });
        expect(await ended).toEqual({ reason: 'revoked' });
        await cut;
        for (const token of target.tokens) {
          expectError(await current(token), 401, 'Unauthorized', MESSAGES.notSignedIn);
        }
        expect(await liveSessions(target.id)).toBe(0);
        expect(await lastAudit('user.sessionsRevoke', target.id)).toMatchObject({
          entity: 'user',
          created_by_id: actor.id,
          details: { revokedSessions: 2 },
        });

        // The login itself is untouched: a new sign-in works, and a second revocation finds nothing to end.
        const again = await signInRaw(target.email, PASSWORD);
        expect(again.status).toBe(200);
        expect((await current(again.body.token)).status).toBe(200);
        expect((await revoke(actor.token, target.id)).body).toEqual({ revoked: 1 });
        expect((await revoke(actor.token, target.id)).body).toEqual({ revoked: 0 });
      },
    );

    it('an admin may end a staff user’s sessions; on its own account the current session stays', async () => {
      const admin = await k.t.userWithToken('admin');
      const staff = await k.t.userWithToken('operator');
      expect((await revoke(admin.token, staff.id)).body).toEqual({ revoked: 1 });
      expect((await current(staff.token)).status).toBe(401);

      const otherBrowser = await k.t.signIn(admin.email);
      expect((await revoke(admin.token, admin.id)).body).toEqual({ revoked: 1 });
      expect((await current(admin.token)).status).toBe(200);
      expect((await current(otherBrowser)).status).toBe(401);
    });

    it.each(['operator', 'magazyn'] as const)('a %s is refused with 403 and nothing ends', async (role) => {
      const { token } = await k.t.userWithToken(role);
      const target = await signedInTwice();
      const res = await unchanged(() => revoke(token, target.id));
      expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
      expect((await current(target.tokens[0])).status).toBe(200);
    });

    it('a client user is refused with 403, for a colleague of its client and for itself', async () => {
      const target = await signedInTwice();
      const colleague = await k.t.createUser('user', { clientId: target.clientId });
      const token = await k.t.signIn(colleague.email);
      for (const id of [target.id, colleague.id]) {
        expectError(await unchanged(() => revoke(token, id)), 403, 'Forbidden', MESSAGES.forbidden);
      }
      expect((await current(target.tokens[0])).status).toBe(200);
    });

    it('a salesman may not end a staff user’s sessions: not found, nothing ends', async () => {
      const salesman = await k.t.userWithToken('salesman');
      for (const role of STAFF_ROLES) {
        const staff = await k.t.userWithToken(role);
        const res = await unchanged(() => revoke(salesman.token, staff.id));
        expectError(res, 404, 'Not Found', MESSAGES.userNotFound);
        expect((await current(staff.token)).status).toBe(200);
      }
    });

    it('an admin may not end a superAdmin’s sessions', async () => {
      const admin = await k.t.userWithToken('admin');
      const res = await unchanged(() => revoke(admin.token, k.rootId));
      expectError(res, 403, 'Forbidden', MESSAGES.onlySuperAdminManagesSuperAdmin);
      expect((await current(k.rootToken)).status).toBe(200);
    });

    it.each([
      ['not a UUID', 'not-a-uuid'],
      ['unknown', UNKNOWN_ID],
      ['NUL', `${UNKNOWN_ID.slice(0, -1)}%00`],
      ['huge', 'x'.repeat(5000)],
    ])('a user id that names no user (%s) is 404 and nothing ends', async (_name, id) => {
      const res = await unchanged(() => revoke(k.rootToken, id));
      expectError(res, 404, 'Not Found', MESSAGES.userNotFound);
    });

    it('NUL in a body is refused by the text rule before anything ends', async () => {
      const target = await signedInTwice();
      const res = await unchanged(() => revoke(k.rootToken, target.id).send({ note: 'a\u0000b' }));
      expectError400(res, MESSAGES.textNotStorable('note'), 'note');
      expect(await liveSessions(target.id)).toBe(2);
    });

    it('is 401 without a session', async () => {
      const target = await signedInTwice();
      const res = await unchanged(() => revoke(null, target.id));
      expectError(res, 401, 'Unauthorized', MESSAGES.notSignedIn);
    });
  });

  describe('deactivating a client login, and setting its password (PUT, the user form)', () => {
    it('an admin deactivates it on the client route: its sessions end, its socket is cut, sign-in is refused', async () => {
      const target = await signedInTwice();
      const ended = nextEvent(target.socket, 'session:ended');
      const res = await put(k.rootToken, target.id, { active: false }, target.clientId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: target.id, active: false, clientId: target.clientId });
      expect(await ended).toEqual({ reason: 'revoked' });
      for (const token of target.tokens) expect((await current(token)).status).toBe(401);
      const signIn = await signInRaw(target.email, PASSWORD);
      expectError(signIn, 401, 'Unauthorized', MESSAGES.accountInactive);
    });

    it('a salesman sets a new password: the old sessions and the old password stop working, the new one works', async () => {
      const salesman = await k.t.userWithToken('salesman');
      const target = await signedInTwice();
      const ended = nextEvent(target.socket, 'session:ended');
      const res = await put(salesman.token, target.id, {
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(await ended).toEqual({ reason: 'revoked' });
      for (const token of target.tokens) expect((await current(token)).status).toBe(401);
      expect((await signInRaw(target.email, PASSWORD)).status).toBe(401);
      expect((await signInRaw(target.email, NEW_PASSWORD)).status).toBe(200);
      expect(await lastAudit('user.update', target.id)).toMatchObject({
        created_by_id: salesman.id,
        details: { passwordChanged: true },
      });
    });

    it('a new password that breaks the rules changes nothing', async () => {
      const target = await signedInTwice();
      for (const body of [
        { password: 'short', confirmPassword: 'short' },
        { password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
        { password: 12345678901234, confirmPassword: 12345678901234 },
        { password: `${NEW_PASSWORD}\u0000`, confirmPassword: `${NEW_PASSWORD}\u0000` },
      ]) {
        const res = await unchanged(() => put(k.rootToken, target.id, body, target.clientId));
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('ValidationError');
      }
      expect((await current(target.tokens[0])).status).toBe(200);
    });
  });
});

function expectError400(res: { status: number; body: unknown }, message: string, path: string) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    statusCode: 400,
    error: 'ValidationError',
    message,
    details: [{ path, message }],
  });
}
