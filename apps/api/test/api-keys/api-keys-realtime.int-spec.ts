import { rooms, type ListChange, type Role, type SubscribeAck } from '@depot/contracts';
import {
  connected,
  disconnected,
  eventMatching,
  refusal,
  startTestDepot,
  type DepotSocket,
  type TestDepot,
} from '../harness';
import { recorder, settled } from '../realtime/realtime.kit';
import { usersOfTwoClients } from '../role-kit';

/**
 * API keys and sockets: a key opens a socket; deactivating or deleting it, or its client becoming inactive or
 * access-disabled, cuts that socket at once. The live `apiKeys` list reaches staff and only the key's own client.
 */

const subscribe = (socket: DepotSocket, room: string): Promise<SubscribeAck> =>
  socket.timeout(5000).emitWithAck('subscribe', room);

describe('API keys and realtime', () => {
  let t: TestDepot;
  const tokens = {} as Record<Role, string>;
  let ownClient: string;
  let otherClient: string;
  let otherUserToken: string;

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const as = (role: Role) => bearer(tokens[role]);
  const open = async (auth: Record<string, unknown>): Promise<DepotSocket> => {
    const s = t.socket(auth);
    await connected(s);
    return s;
  };
  /** A new key of `clientId` made by an admin; returns id and secret. */
  const newKey = async (clientId: string, name = 'Socket key') => {
    const res = await t.http().post('/api/apiKey/create').set(as('admin')).send({ name, clientId });
    expect(res.status).toBe(201);
    return res.body as { id: string; secretKey: string };
  };
  /** Opens a socket with a key and resolves, once it is cut, with the reason the server gave. */
  const watchCut = async (secretKey: string) => {
    const socket = await open({ apiKey: secretKey });
    const ended = eventMatching(socket, 'session:ended', () => true);
    const gone = disconnected(socket);
    return { socket, cut: () => Promise.all([ended, gone]).then(([e]) => e) };
  };

  beforeAll(async () => {
    t = await startTestDepot();
    const users = await usersOfTwoClients(t, ['admin', 'salesman', 'user']);
    Object.assign(tokens, users.tokens);
    ({ ownClient, otherClient, otherUserToken } = users);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a created key opens a socket, which joins its client room and no staff room', async () => {
    const key = await newKey(ownClient);
    const socket = await open({ apiKey: key.secretKey });
    expect(socket.connected).toBe(true);
    expect(await subscribe(socket, rooms.client(ownClient))).toEqual({ ok: true });
    expect(await subscribe(socket, 'staff')).toEqual({ ok: false, error: 'Forbidden' });
    expect(await subscribe(socket, `apiKey:${key.id}`)).toEqual({ ok: false, error: 'Forbidden' });
  });

  it('deactivating a key cuts its open socket, and it cannot reconnect until activated again', async () => {
    const key = await newKey(ownClient);
    const other = await newKey(ownClient, 'Bystander');
    const bystander = await open({ apiKey: other.secretKey });
    const watched = await watchCut(key.secretKey);
    const res = await t.http().put(`/api/apiKey/${key.id}`).set(as('user')).send({ active: false });
    expect(res.status).toBe(200);
    expect(await watched.cut()).toEqual({ reason: 'revoked' });
    expect(await refusal(t.socket({ apiKey: key.secretKey }))).toBe('Unauthorized');
    expect(bystander.connected).toBe(true);

    await t.http().put(`/api/apiKey/${key.id}`).set(as('user')).send({ active: true });
    expect((await open({ apiKey: key.secretKey })).connected).toBe(true);
  });

  it('renaming a key leaves its socket open', async () => {
    const key = await newKey(ownClient);
    const socket = await open({ apiKey: key.secretKey });
    const log = recorder(socket);
    expect(
      (await t.http().put(`/api/apiKey/${key.id}`).set(as('user')).send({ name: 'Renamed only' })).status,
    ).toBe(200);
    await settled(t, socket);
    expect(log.events).not.toContain('session:ended');
    expect(socket.connected).toBe(true);
  });

  it('deleting a key cuts its open socket', async () => {
    const key = await newKey(ownClient);
    const watched = await watchCut(key.secretKey);
    expect((await t.http().delete(`/api/apiKey/${key.id}`).set(as('admin'))).status).toBe(204);
    expect(await watched.cut()).toEqual({ reason: 'revoked' });
    expect(await refusal(t.socket({ apiKey: key.secretKey }))).toBe('Unauthorized');
  });

  it("making the key's client inactive cuts the sockets of all its keys", async () => {
    const clientId = await t.createClient();
    const [a, b] = [await newKey(clientId, 'A'), await newKey(clientId, 'B')];
    const [wa, wb] = [await watchCut(a.secretKey), await watchCut(b.secretKey)];
    const res = await t.http().put(`/api/client/${clientId}`).set(as('admin')).send({ active: false });
    expect(res.status).toBe(200);
    expect(await wa.cut()).toEqual({ reason: 'revoked' });
    expect(await wb.cut()).toEqual({ reason: 'revoked' });
    expect(await refusal(t.socket({ apiKey: a.secretKey }))).toBe('Unauthorized');
  });

  it("disabling access of the key's client cuts its sockets with reason accessDisabled", async () => {
    const clientId = await t.createClient();
    const key = await newKey(clientId);
    const watched = await watchCut(key.secretKey);
    const res = await t.http().put(`/api/client/${clientId}`).set(as('admin')).send({ disableAccess: true });
    expect(res.status).toBe(200);
    expect(await watched.cut()).toEqual({ reason: 'accessDisabled' });
    expect(await refusal(t.socket({ apiKey: key.secretKey }))).toBe('Unauthorized');
  });

  describe('the live apiKeys list', () => {
    it("staff follow every client's keys; a client user only its own client's part", async () => {
      const admin = await open({ token: tokens.admin });
      const own = await open({ token: tokens.user });
      const other = await open({ token: otherUserToken });
      expect(await subscribe(admin, rooms.list('apiKeys'))).toEqual({ ok: true });
      expect(await subscribe(own, rooms.clientList('apiKeys', ownClient))).toEqual({ ok: true });
      expect(await subscribe(other, rooms.clientList('apiKeys', otherClient))).toEqual({ ok: true });

      const isNew = (c: ListChange) => c.list === 'apiKeys' && c.op === 'upsert' && c.row.name === 'Live one';
      const seenByAdmin = eventMatching(admin, 'list:change', isNew);
      const seenByOwn = eventMatching(own, 'list:change', isNew);
      const otherLog = recorder(other);
      const res = await t.http().post('/api/apiKey/create').set(as('user')).send({ name: 'Live one' });
      const change = await seenByAdmin;
      expect(change).toMatchObject({
        op: 'upsert',
        created: true,
        row: { id: res.body.id, clientId: ownClient },
      });
      expect(JSON.stringify(change)).not.toContain(res.body.secretKey);
      await seenByOwn;
      await settled(t, other);
      expect(otherLog.events).not.toContain('list:change');

      const deleted = eventMatching(own, 'list:change', (c) => c.op === 'delete' && c.id === res.body.id);
      await t.http().delete(`/api/apiKey/${res.body.id}`).set(as('user'));
      await deleted;
    });

    it("refuses the whole list to a client user and another client's part to anyone but its users", async () => {
      const own = await open({ token: tokens.user });
      const salesman = await open({ token: tokens.salesman });
      const key = await newKey(ownClient);
      const keySocket = await open({ apiKey: key.secretKey });
      const refused = { ok: false, error: 'Forbidden' };
      expect(await subscribe(own, rooms.list('apiKeys'))).toEqual(refused);
      expect(await subscribe(own, rooms.clientList('apiKeys', otherClient))).toEqual(refused);
      expect(await subscribe(salesman, rooms.list('apiKeys'))).toEqual(refused);
      expect(await subscribe(keySocket, rooms.clientList('apiKeys', ownClient))).toEqual(refused);
    });
  });
});
