import { sha256 } from '../../src/modules/auth/tokens';
import { refusal } from '../harness';
import { realtimeKit, subscribe } from './realtime.kit';

/** The realtime gateway's handshake: which session tokens and API keys may connect, and which rooms a key may join. */

describe('realtime gateway', () => {
  const k = realtimeKit();
  const { open } = k;

  describe('handshake', () => {
    it('refuses a socket without credentials', async () => {
      expect(await refusal(k.t.socket({}))).toBe('Unauthorized');
    });

    it('refuses a garbage token, a garbage API key and credentials of the wrong type', async () => {
      expect(await refusal(k.t.socket({ token: 'not-a-token' }))).toBe('Unauthorized');
      expect(await refusal(k.t.socket({ apiKey: 'dpk_not-a-key' }))).toBe('Unauthorized');
      expect(await refusal(k.t.socket({ token: 12345 }))).toBe('Unauthorized');
    });

    it('refuses the token of a signed-out session', async () => {
      const { token } = await k.t.userWithToken('operator');
      await open({ token });
      const out = await k.t.http().post('/api/auth/signout').set('Authorization', `Bearer ${token}`);
      expect(out.status).toBe(200);
      expect(await refusal(k.t.socket({ token }))).toBe('Unauthorized');
    });

    it('refuses the token of an expired session and of a deactivated user', async () => {
      const expired = await k.t.userWithToken('operator');
      await k.t.depot.runtime.pool.query(
        `update sessions set expires_at = now() - interval '1 second' where token_hash = $1`,
        [sha256(expired.token)],
      );
      expect(await refusal(k.t.socket({ token: expired.token }))).toBe('Unauthorized');

      const deactivated = await k.t.userWithToken('admin');
      await k.t.depot.runtime.pool.query('update users set active = false where id = $1', [deactivated.id]);
      expect(await refusal(k.t.socket({ token: deactivated.token }))).toBe('Unauthorized');
    });

    it('refuses an API key of an inactive client, and an inactive API key', async () => {
      const inactiveClient = await k.t.createClient({ active: false });
      const key = await k.t.createApiKey(inactiveClient);
      expect(await refusal(k.t.socket({ apiKey: key }))).toBe('Unauthorized');

      const activeClient = await k.t.createClient();
      const inactiveKey = await k.t.createApiKey(activeClient, false);
      expect(await refusal(k.t.socket({ apiKey: inactiveKey }))).toBe('Unauthorized');
    });

    it('refuses a user of a disableAccess client (who can still sign in) and an API key of that client', async () => {
      const clientId = await k.t.createClient({ disableAccess: true });
      const u = await k.t.createUser('user', { clientId });
      const token = await k.t.signIn(u.email);
      expect(await refusal(k.t.socket({ token }))).toBe('Unauthorized');
      const key = await k.t.createApiKey(clientId);
      expect(await refusal(k.t.socket({ apiKey: key }))).toBe('Unauthorized');
    });

    it('accepts a session token', async () => {
      const { token, id } = await k.t.userWithToken('operator');
      const s = await open({ token });
      expect(s.connected).toBe(true);
      // It sits in its own user room already: subscribing again is allowed and harmless.
      expect(await subscribe(s, `user:${id}`)).toEqual({ ok: true });
    });

    it('accepts a valid API key of an active client, which may not follow staff lists', async () => {
      const clientId = await k.t.createClient();
      const key = await k.t.createApiKey(clientId);
      const s = await open({ apiKey: key });
      expect(s.connected).toBe(true);
      expect(await subscribe(s, `client:${clientId}`)).toEqual({ ok: true });
      expect((await subscribe(s, 'list:users')).ok).toBe(false);
      expect((await subscribe(s, 'staff')).ok).toBe(false);
    });
  });
});
