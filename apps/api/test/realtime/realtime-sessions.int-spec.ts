import { sha256 } from '../../src/modules/auth/tokens';
import { PASSWORD, eventMatching, disconnected, refusal } from '../harness';
import { barrier, realtimeKit, recorder } from './realtime.kit';

/** Sessions ending over the realtime gateway: sign-out, password change, expiry and revocation events. */

describe('realtime gateway', () => {
  const k = realtimeKit();
  const { open } = k;

  describe('sessions ending', () => {
    it("sign-out tells that session's socket why and disconnects it, leaving the user's other session connected", async () => {
      const u = await k.t.userWithToken('operator');
      const otherToken = await k.t.signIn(u.email);
      const s = await open({ token: u.token });
      const other = await open({ token: otherToken });
      const log = recorder(s);
      const otherLog = recorder(other);

      const gone = disconnected(s);
      const out = await k.t.http().post('/api/auth/signout').set('Authorization', `Bearer ${u.token}`);
      expect(out.status).toBe(200);
      expect(await gone).toBe('io server disconnect');
      expect(log.events).toEqual(['session:ended', 'disconnect']);
      expect(log.payloads).toEqual([{ reason: 'signedOut' }]);

      await barrier(other);
      expect(other.connected).toBe(true);
      expect(otherLog.events).toEqual([]);
    });

    it("a password change disconnects the user's other sessions but not the current one", async () => {
      const u = await k.t.userWithToken('salesman');
      const secondToken = await k.t.signIn(u.email);
      const thirdToken = await k.t.signIn(u.email);
      const current = await open({ token: u.token });
      const second = await open({ token: secondToken });
      const third = await open({ token: thirdToken });
      const currentLog = recorder(current);
      const secondLog = recorder(second);

      const secondGone = disconnected(second);
      const thirdGone = disconnected(third);
      const res = await k.t
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
        (await k.t.http().get('/api/user/get/current').set('Authorization', `Bearer ${u.token}`)).status,
      ).toBe(200);
      expect(await refusal(k.t.socket({ token: secondToken }))).toBe('Unauthorized');
    });

    it('a session whose expiry passes is told so and disconnected', async () => {
      const u = await k.t.userWithToken('magazyn');
      const { rows } = await k.t.depot.runtime.pool.query<{ expires_at: Date }>(
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
      const u = await k.t.userWithToken('operator');
      const s = await open({ token: u.token });
      const log = recorder(s);
      await k.t.depot.bus.publish({ type: 'session.revoked', sessionIds: [], reason: 'revoked' });
      // Something the socket must get after that event was relayed: its own change.
      const own = eventMatching(s, 'list:change', (c) => c.op === 'upsert' && c.row.id === u.id);
      expect(
        (
          await k.t
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
