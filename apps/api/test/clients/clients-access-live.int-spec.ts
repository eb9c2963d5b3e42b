import { MESSAGES, type ListChange } from '@depot/contracts';
import { PASSWORD, eventMatching, disconnected, refusal } from '../harness';
import { expectError } from '../expectations';
import { subscribe } from '../realtime/realtime.kit';
import { clientsKit, ROLES, validClient } from './clients.kit';

/**
 * What the client flags (active, disableAccess, disableNewOrders) do to users, sessions, API keys and sockets,
 * and the live clients list (list:clients).
 */

describe('clients: own client, master accounts and flag effects', () => {
  const k = clientsKit();
  const { tokens, bearer, as, query, clientUser, currentUser, open, created: createClient, edit: put } = k;

  describe('flag effects', () => {
    it('an inactive client: its users are signed out, cannot sign in, its API keys and sockets stop', async () => {
      const c = await createClient();
      const u = await clientUser(c.id);
      const key = await k.t.createApiKey(c.id);
      const socket = await open({ token: u.token });
      const keySocket = await open({ apiKey: key });
      expect(keySocket.connected).toBe(true);
      // A working key is known but refused on a route for signed-in users only.
      expect((await k.t.http().get('/api/client/get/current').set('X-Api-Key', key)).status).toBe(403);

      const ended = eventMatching(socket, 'session:ended', () => true);
      const gone = disconnected(socket);
      const res = await put(c.id, { active: false });
      expect(res.status).toBe(200);
      expect(await ended).toEqual({ reason: 'revoked' });
      await gone;

      expect((await currentUser(u.token)).status).toBe(401);
      expectError(
        await k.t.http().post('/api/auth/email').send({ email: u.email, password: PASSWORD }),
        401,
        'Unauthorized',
        MESSAGES.clientInactive,
      );
      expectError(
        await k.t.http().get('/api/client/get/current').set('X-Api-Key', key),
        401,
        'Unauthorized',
        MESSAGES.notSignedIn,
      );
      expect(await refusal(k.t.socket({ token: u.token }))).toBe('Unauthorized');
      expect(await refusal(k.t.socket({ apiKey: key }))).toBe('Unauthorized');
      const sessions = await query<{ revoked: boolean }>(
        'select revoked_at is not null as revoked from sessions where user_id = $1',
        [u.id],
      );
      expect(sessions).toEqual([{ revoked: true }]);

      // Active again: the user signs in, the key works again; the old session stays ended.
      expect((await put(c.id, { active: true })).status).toBe(200);
      expect((await currentUser(await k.t.signIn(u.email))).status).toBe(200);
      expect((await k.t.http().get('/api/client/get/current').set('X-Api-Key', key)).status).toBe(403);
      expect((await currentUser(u.token)).status).toBe(401);
    });

    it('disableAccess: its signed-in user gets AccessDisabled on every call and its socket is cut', async () => {
      const c = await createClient();
      const u = await clientUser(c.id);
      const socket = await open({ token: u.token });
      expect((await currentUser(u.token)).status).toBe(200);

      const ended = eventMatching(socket, 'session:ended', () => true);
      const gone = disconnected(socket);
      expect((await put(c.id, { disableAccess: true })).status).toBe(200);
      expect(await ended).toEqual({ reason: 'accessDisabled' });
      await gone;

      const accessDisabled = { statusCode: 403, error: 'AccessDisabled', message: MESSAGES.accessDisabled };
      for (const res of [
        await currentUser(u.token),
        await k.t.http().get('/api/client/get/current').set(bearer(u.token)),
        await k.t
          .http()
          .put('/api/client/put/current')
          .set(bearer(u.token))
          .send({ settings: { content: 'x' } }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual(accessDisabled);
      }
      expect(await refusal(k.t.socket({ token: u.token }))).toBe('Unauthorized');
      // Signing in still works (the panel then shows the access-disabled page).
      const again = await k.t.signIn(u.email);
      expect((await currentUser(again)).body).toEqual(accessDisabled);

      // Access back: the same session works again.
      expect((await put(c.id, { disableAccess: false })).status).toBe(200);
      expect((await currentUser(u.token)).status).toBe(200);
      const back = await open({ token: u.token });
      expect(back.connected).toBe(true);
    });

    it("disableNewOrders shows in the client's current user and own client", async () => {
      const c = await createClient();
      const u = await clientUser(c.id);
      expect((await put(c.id, { disableNewOrders: true })).status).toBe(200);
      expect((await currentUser(u.token)).body.clientDisableNewOrders).toBe(true);
      expect(
        (await k.t.http().get('/api/client/get/current').set(bearer(u.token))).body.disableNewOrders,
      ).toBe(true);
    });

    it("other clients' users are not touched", async () => {
      const c = await createClient();
      const bystander = await clientUser((await createClient()).id);
      const socket = await open({ token: bystander.token });
      expect((await put(c.id, { active: false, disableAccess: true })).status).toBe(200);
      expect((await currentUser(bystander.token)).status).toBe(200);
      expect(socket.connected).toBe(true);
    });
  });

  describe('the live clients list (list:clients)', () => {
    it('superAdmin, admin and salesman may follow it; others and API keys may not', async () => {
      for (const role of ROLES) {
        const s = await open({ token: tokens[role] });
        expect((await subscribe(s, 'list:clients')).ok).toBe(
          ['superAdmin', 'admin', 'salesman'].includes(role),
        );
        s.disconnect();
      }
      const key = await k.t.createApiKey((await createClient()).id);
      const s = await open({ apiKey: key });
      expect((await subscribe(s, 'list:clients')).ok).toBe(false);
    });

    it('a follower gets an upsert on create, on edit, and for each linked account a master change reaches', async () => {
      const s = await open({ token: tokens.salesman });
      expect(await subscribe(s, 'list:clients')).toEqual({ ok: true });
      const body = validClient({ masterAccount: true });
      const onCreate = eventMatching(
        s,
        'list:change',
        (c) => c.list === 'clients' && c.op === 'upsert' && c.row.shortName === body.shortName,
      );
      const createdRes = await k.t.http().post('/api/client/create').set(as('admin')).send(body);
      const created = (await onCreate) as Extract<ListChange<'clients'>, { op: 'upsert' }>;
      expect(created).toMatchObject({ list: 'clients', created: true, row: { id: createdRes.body.id } });
      expect(created.actorId).toEqual(expect.any(String));
      expect(created.row).not.toHaveProperty('note');

      const linked = await createClient({ masterId: createdRes.body.id });
      const onEdit = eventMatching(
        s,
        'list:change',
        (c) => c.op === 'upsert' && !c.created && c.row.id === createdRes.body.id,
      );
      const onLinked = eventMatching(
        s,
        'list:change',
        (c) => c.op === 'upsert' && !c.created && c.row.id === linked.id,
      );
      expect((await put(createdRes.body.id, { active: false, confirmLinked: true })).status).toBe(200);
      expect(await onEdit).toMatchObject({ created: false, row: { active: false } });
      expect(await onLinked).toMatchObject({
        created: false,
        row: { active: false, masterId: createdRes.body.id },
      });
    });
  });
});
