import type { ListChange } from '@depot/contracts';
import { eventMatching } from '../harness';
import { barrier, newStaffBody, realtimeKit, recorder, subscribe } from './realtime.kit';

/** Live changes over the realtime gateway: who may follow list:users, unsubscribing, and each user's own room. */

describe('realtime gateway', () => {
  const k = realtimeKit();
  const { open } = k;

  describe('the live users list', () => {
    it('an admin following list:users gets an upsert when another admin creates a user, and when one is edited', async () => {
      const watcher = await k.t.userWithToken('admin');
      const actor = await k.t.userWithToken('admin');
      const s = await open({ token: watcher.token });
      expect(await subscribe(s, 'list:users')).toEqual({ ok: true });

      const body = newStaffBody('operator', 'create');
      const created = eventMatching(
        s,
        'list:change',
        (c) => c.op === 'upsert' && c.list === 'users' && c.row.email === body.email,
      );
      const res = await k.t
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
      const put = await k.t
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
      const { token } = await k.t.userWithToken('superAdmin');
      const s = await open({ token });
      expect(await subscribe(s, 'list:users')).toEqual({ ok: true });
    });

    it('a salesman, an operator, a warehouse worker and a client user are refused list:users and receive nothing from it', async () => {
      const admin = await k.t.userWithToken('admin');
      const adminSocket = await open({ token: admin.token });
      expect(await subscribe(adminSocket, 'list:users')).toEqual({ ok: true });

      const others = await Promise.all(
        (['salesman', 'operator', 'magazyn', 'user'] as const).map(async (role) => {
          const u = await k.t.userWithToken(role);
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
      const res = await k.t
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
      const admin = await k.t.userWithToken('admin');
      const follower = await open({ token: admin.token });
      const leaver = await open({ token: (await k.t.userWithToken('admin')).token });
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
        (await k.t.http().post('/api/user/create').set('Authorization', `Bearer ${admin.token}`).send(body))
          .status,
      ).toBe(201);
      await seen;
      await barrier(leaver);
      expect(log.events).toEqual([]);
    });
  });

  describe('user rooms', () => {
    it("a user gets its own changes and never another user's, and may not join another user's or client's room", async () => {
      const admin = await k.t.userWithToken('admin');
      const a = await k.t.userWithToken('user');
      const b = await k.t.userWithToken('user');
      const sa = await open({ token: a.token });
      const sb = await open({ token: b.token });
      const logA = recorder(sa);

      expect((await subscribe(sa, `user:${b.id}`)).ok).toBe(false);
      expect((await subscribe(sa, `client:${b.clientId}`)).ok).toBe(false);
      expect((await subscribe(sa, 'staff')).ok).toBe(false);

      const own = eventMatching(sb, 'list:change', (c) => c.op === 'upsert' && c.row.id === b.id);
      const res = await k.t
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
      const admin = await k.t.userWithToken('admin');
      const op = await k.t.userWithToken('operator');
      const s = await open({ token: op.token });

      const selfEdit = eventMatching(
        s,
        'list:change',
        (c) => c.list === 'users' && c.op === 'upsert' && c.row.id === op.id && c.row.firstName === 'Self',
      );
      const r1 = await k.t
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
      const r2 = await k.t
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
});
