import type { ListChange, SubscribeAck } from '@depot/contracts';
import { sha256 } from '../src/modules/auth/tokens';
import {
  connected,
  PASSWORD,
  startTestDepot,
  type DepotSocket,
  type TestDepot,
  eventMatching,
  disconnected,
  refusal,
} from './harness';

/**
 * A round trip to the server. Every emit the server made to this socket before it answered arrives
 * before the answer, so after a barrier "nothing arrived" means nothing was sent — no sleeping.
 */
async function barrier(socket: DepotSocket): Promise<void> {
  await socket.timeout(5000).emitWithAck('unsubscribe', 'barrier:none');
}

/** Records every event a socket gets, in order. */
function recorder(socket: DepotSocket): { events: string[]; payloads: unknown[] } {
  const log = { events: [] as string[], payloads: [] as unknown[] };
  socket.onAny((event: string, payload: unknown) => {
    log.events.push(event);
    log.payloads.push(payload);
  });
  socket.on('disconnect', () => log.events.push('disconnect'));
  return log;
}

const subscribe = (socket: DepotSocket, room: string): Promise<SubscribeAck> =>
  socket.timeout(5000).emitWithAck('subscribe', room);

const newStaffBody = (role: 'operator' | 'magazyn' | 'salesman', tag: string) => ({
  firstName: 'Live',
  lastName: `List ${tag}`,
  email: `live-${tag}-${Date.now().toString(36)}@test.depot`,
  role,
  lang: 'en',
  password: 'another-password-1',
  confirmPassword: 'another-password-1',
});

describe('realtime gateway', () => {
  let t: TestDepot;
  beforeAll(async () => {
    t = await startTestDepot();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A connected socket for these handshake credentials. */
  const open = async (auth: Record<string, unknown>): Promise<DepotSocket> => {
    const s = t.socket(auth);
    await connected(s);
    return s;
  };

  describe('handshake', () => {
    it('refuses a socket without credentials', async () => {
      expect(await refusal(t.socket({}))).toBe('Unauthorized');
    });

    it('refuses a garbage token, a garbage API key and credentials of the wrong type', async () => {
      expect(await refusal(t.socket({ token: 'not-a-token' }))).toBe('Unauthorized');
      expect(await refusal(t.socket({ apiKey: 'dpk_not-a-key' }))).toBe('Unauthorized');
      expect(await refusal(t.socket({ token: 12345 }))).toBe('Unauthorized');
    });

    it('refuses the token of a signed-out session', async () => {
      const { token } = await t.userWithToken('operator');
      await open({ token });
      const out = await t.http().post('/api/auth/signout').set('Authorization', `Bearer ${token}`);
      expect(out.status).toBe(200);
      expect(await refusal(t.socket({ token }))).toBe('Unauthorized');
    });

    it('refuses the token of an expired session and of a deactivated user', async () => {
      const expired = await t.userWithToken('operator');
      await t.depot.runtime.pool.query(
        `update sessions set expires_at = now() - interval '1 second' where token_hash = $1`,
        [sha256(expired.token)],
      );
      expect(await refusal(t.socket({ token: expired.token }))).toBe('Unauthorized');

      const deactivated = await t.userWithToken('admin');
      await t.depot.runtime.pool.query('update users set active = false where id = $1', [deactivated.id]);
      expect(await refusal(t.socket({ token: deactivated.token }))).toBe('Unauthorized');
    });

    it('refuses an API key of an inactive client, and an inactive API key', async () => {
      const inactiveClient = await t.createClient({ active: false });
      const key = await t.createApiKey(inactiveClient);
      expect(await refusal(t.socket({ apiKey: key }))).toBe('Unauthorized');

      const activeClient = await t.createClient();
      const inactiveKey = await t.createApiKey(activeClient, false);
      expect(await refusal(t.socket({ apiKey: inactiveKey }))).toBe('Unauthorized');
    });

    it('refuses a user of a disableAccess client (who can still sign in) and an API key of that client', async () => {
      const clientId = await t.createClient({ disableAccess: true });
      const u = await t.createUser('user', { clientId });
      const token = await t.signIn(u.email);
      expect(await refusal(t.socket({ token }))).toBe('Unauthorized');
      const key = await t.createApiKey(clientId);
      expect(await refusal(t.socket({ apiKey: key }))).toBe('Unauthorized');
    });

    it('accepts a session token', async () => {
      const { token, id } = await t.userWithToken('operator');
      const s = await open({ token });
      expect(s.connected).toBe(true);
      // It sits in its own user room already: subscribing again is allowed and harmless.
      expect(await subscribe(s, `user:${id}`)).toEqual({ ok: true });
    });

    it('accepts a valid API key of an active client, which may not follow staff lists', async () => {
      const clientId = await t.createClient();
      const key = await t.createApiKey(clientId);
      const s = await open({ apiKey: key });
      expect(s.connected).toBe(true);
      expect(await subscribe(s, `client:${clientId}`)).toEqual({ ok: true });
      expect((await subscribe(s, 'list:users')).ok).toBe(false);
      expect((await subscribe(s, 'staff')).ok).toBe(false);
    });
  });

  describe('the live users list', () => {
    it('an admin following list:users gets an upsert when another admin creates a user, and when one is edited', async () => {
      const watcher = await t.userWithToken('admin');
      const actor = await t.userWithToken('admin');
      const s = await open({ token: watcher.token });
      expect(await subscribe(s, 'list:users')).toEqual({ ok: true });

      const body = newStaffBody('operator', 'create');
      const created = eventMatching(
        s,
        'list:change',
        (c) => c.op === 'upsert' && c.list === 'users' && c.row.email === body.email,
      );
      const res = await t
        .http()
        .post('/api/user/create')
        .set('Authorization', `Bearer ${actor.token}`)
        .send(body);
      expect(res.status).toBe(201);
      const change = await created;
      expect(change).toEqual({
        list: 'users',
        op: 'upsert',
        row: res.body,
        actorId: actor.id,
        created: true,
      });
      expect(change).not.toHaveProperty('row.passwordHash');

      const edited = eventMatching(
        s,
        'list:change',
        (c) =>
          c.list === 'users' && c.op === 'upsert' && c.row.id === res.body.id && c.row.lastName === 'Renamed',
      );
      const put = await t
        .http()
        .put(`/api/user/${res.body.id}/`)
        .set('Authorization', `Bearer ${actor.token}`)
        .send({ lastName: 'Renamed' });
      expect(put.status).toBe(200);
      expect(await edited).toEqual({
        list: 'users',
        op: 'upsert',
        row: put.body,
        actorId: actor.id,
        created: false,
      });
    });

    it('a superAdmin may follow list:users too', async () => {
      const { token } = await t.userWithToken('superAdmin');
      const s = await open({ token });
      expect(await subscribe(s, 'list:users')).toEqual({ ok: true });
    });

    it('a salesman, an operator, a warehouse worker and a client user are refused list:users and receive nothing from it', async () => {
      const admin = await t.userWithToken('admin');
      const adminSocket = await open({ token: admin.token });
      expect(await subscribe(adminSocket, 'list:users')).toEqual({ ok: true });

      const others = await Promise.all(
        (['salesman', 'operator', 'magazyn', 'user'] as const).map(async (role) => {
          const u = await t.userWithToken(role);
          const s = await open({ token: u.token });
          return { role, s, log: recorder(s) };
        }),
      );
      for (const o of others) {
        expect(await subscribe(o.s, 'list:users')).toEqual({ ok: false, error: 'Forbidden' });
      }

      const body = newStaffBody('magazyn', 'refused');
      const seen = eventMatching(
        adminSocket,
        'list:change',
        (c) => c.op === 'upsert' && c.list === 'users' && c.row.email === body.email,
      );
      const res = await t
        .http()
        .post('/api/user/create')
        .set('Authorization', `Bearer ${admin.token}`)
        .send(body);
      expect(res.status).toBe(201);
      await seen;
      for (const o of others) {
        await barrier(o.s);
        expect({ role: o.role, events: o.log.events }).toEqual({ role: o.role, events: [] });
      }
    });

    it('unsubscribing from list:users stops the updates', async () => {
      const admin = await t.userWithToken('admin');
      const follower = await open({ token: admin.token });
      const leaver = await open({ token: (await t.userWithToken('admin')).token });
      expect(await subscribe(follower, 'list:users')).toEqual({ ok: true });
      expect(await subscribe(leaver, 'list:users')).toEqual({ ok: true });
      expect(await leaver.timeout(5000).emitWithAck('unsubscribe', 'list:users')).toEqual({ ok: true });
      const log = recorder(leaver);

      const body = newStaffBody('salesman', 'unsub');
      const seen = eventMatching(
        follower,
        'list:change',
        (c) => c.op === 'upsert' && c.list === 'users' && c.row.email === body.email,
      );
      expect(
        (await t.http().post('/api/user/create').set('Authorization', `Bearer ${admin.token}`).send(body))
          .status,
      ).toBe(201);
      await seen;
      await barrier(leaver);
      expect(log.events).toEqual([]);
    });
  });

  describe('user rooms', () => {
    it("a user gets its own changes and never another user's, and may not join another user's or client's room", async () => {
      const admin = await t.userWithToken('admin');
      const a = await t.userWithToken('user');
      const b = await t.userWithToken('user');
      const sa = await open({ token: a.token });
      const sb = await open({ token: b.token });
      const logA = recorder(sa);

      expect((await subscribe(sa, `user:${b.id}`)).ok).toBe(false);
      expect((await subscribe(sa, `client:${b.clientId}`)).ok).toBe(false);
      expect((await subscribe(sa, 'staff')).ok).toBe(false);

      const own = eventMatching(sb, 'list:change', (c) => c.op === 'upsert' && c.row.id === b.id);
      const res = await t
        .http()
        .put(`/api/user/${b.id}/`)
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ lang: 'pl' });
      expect(res.status).toBe(200);
      const change = (await own) as Extract<ListChange<'users'>, { op: 'upsert' }>;
      expect(change.row).toEqual(res.body);
      expect(change.row.lang).toBe('pl');

      await barrier(sa);
      expect(logA.events).toEqual([]);
    });

    it("the edited user's own socket receives its own change (self-edit and an admin's edit)", async () => {
      const admin = await t.userWithToken('admin');
      const op = await t.userWithToken('operator');
      const s = await open({ token: op.token });

      const selfEdit = eventMatching(
        s,
        'list:change',
        (c) => c.list === 'users' && c.op === 'upsert' && c.row.id === op.id && c.row.firstName === 'Self',
      );
      const r1 = await t
        .http()
        .put(`/api/user/${op.id}/`)
        .set('Authorization', `Bearer ${op.token}`)
        .send({ firstName: 'Self' });
      expect(r1.status).toBe(200);
      expect(await selfEdit).toEqual({
        list: 'users',
        op: 'upsert',
        row: r1.body,
        actorId: op.id,
        created: false,
      });

      const adminEdit = eventMatching(
        s,
        'list:change',
        (c) => c.list === 'users' && c.op === 'upsert' && c.row.id === op.id && c.row.lastName === 'ByAdmin',
      );
      const r2 = await t
        .http()
        .put(`/api/user/${op.id}/`)
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ lastName: 'ByAdmin' });
      expect(r2.status).toBe(200);
      expect(await adminEdit).toEqual({
        list: 'users',
        op: 'upsert',
        row: r2.body,
        actorId: admin.id,
        created: false,
      });
    });
  });

  describe('sessions ending', () => {
    it("sign-out tells that session's socket why and disconnects it, leaving the user's other session connected", async () => {
      const u = await t.userWithToken('operator');
      const otherToken = await t.signIn(u.email);
      const s = await open({ token: u.token });
      const other = await open({ token: otherToken });
      const log = recorder(s);
      const otherLog = recorder(other);

      const gone = disconnected(s);
      const out = await t.http().post('/api/auth/signout').set('Authorization', `Bearer ${u.token}`);
      expect(out.status).toBe(200);
      expect(await gone).toBe('io server disconnect');
      expect(log.events).toEqual(['session:ended', 'disconnect']);
      expect(log.payloads).toEqual([{ reason: 'signedOut' }]);

      await barrier(other);
      expect(other.connected).toBe(true);
      expect(otherLog.events).toEqual([]);
    });

    it("a password change disconnects the user's other sessions but not the current one", async () => {
      const u = await t.userWithToken('salesman');
      const secondToken = await t.signIn(u.email);
      const thirdToken = await t.signIn(u.email);
      const current = await open({ token: u.token });
      const second = await open({ token: secondToken });
      const third = await open({ token: thirdToken });
      const currentLog = recorder(current);
      const secondLog = recorder(second);

      const secondGone = disconnected(second);
      const thirdGone = disconnected(third);
      const res = await t
        .http()
        .post('/api/user/changePassword')
        .set('Authorization', `Bearer ${u.token}`)
        .send({
          oldPassword: PASSWORD,
          newPassword: 'brand-new-password-1',
          confirmPassword: 'brand-new-password-1',
        });
      expect(res.status).toBe(200);
      expect(await secondGone).toBe('io server disconnect');
      expect(await thirdGone).toBe('io server disconnect');
      expect(secondLog.events).toEqual(['session:ended', 'disconnect']);
      expect(secondLog.payloads).toEqual([{ reason: 'revoked' }]);

      await barrier(current);
      expect(current.connected).toBe(true);
      expect(currentLog.events).toEqual([]);
      // The current session still works; the others cannot reconnect.
      expect(
        (await t.http().get('/api/user/get/current').set('Authorization', `Bearer ${u.token}`)).status,
      ).toBe(200);
      expect(await refusal(t.socket({ token: secondToken }))).toBe('Unauthorized');
    });

    it('a session whose expiry passes is told so and disconnected', async () => {
      const u = await t.userWithToken('magazyn');
      const { rows } = await t.depot.runtime.pool.query<{ expires_at: Date }>(
        `update sessions set expires_at = now() + interval '1500 milliseconds' where token_hash = $1 returning expires_at`,
        [sha256(u.token)],
      );
      expect(rows).toHaveLength(1);
      const expiresAt = rows[0].expires_at.getTime();
      const s = await open({ token: u.token });
      const log = recorder(s);

      const reason = await disconnected(s, 6000);
      expect(reason).toBe('io server disconnect');
      expect(log.events).toEqual(['session:ended', 'disconnect']);
      expect(log.payloads).toEqual([{ reason: 'expired' }]);
      // Not cut early (a little slack for timer granularity).
      expect(Date.now()).toBeGreaterThanOrEqual(expiresAt - 50);
    });

    it('a revocation event naming no session disconnects nobody', async () => {
      const u = await t.userWithToken('operator');
      const s = await open({ token: u.token });
      const log = recorder(s);
      await t.depot.bus.publish({ type: 'session.revoked', sessionIds: [], reason: 'revoked' });
      // Something the socket must get after that event was relayed: its own change.
      const own = eventMatching(s, 'list:change', (c) => c.op === 'upsert' && c.row.id === u.id);
      expect(
        (
          await t
            .http()
            .put(`/api/user/${u.id}/`)
            .set('Authorization', `Bearer ${u.token}`)
            .send({ lang: 'pl' })
        ).status,
      ).toBe(200);
      await own;
      await barrier(s);
      expect(s.connected).toBe(true);
      expect(log.events).toEqual(['list:change']);
    });
  });
});
