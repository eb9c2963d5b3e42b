import {
  MESSAGES,
  rooms,
  type IntegrationView,
  type ListChange,
  type Role,
  type SubscribeAck,
} from '@depot/contracts';
import { SecretBox } from '../../src/secrets/secret-box';
import {
  connected,
  eventMatching,
  startTestDepot,
  TEST_SECRETS_KEY,
  type DepotSocket,
  type TestDepot,
} from '../harness';
import { expectError, expectValidation } from '../expectations';
import { recorder, settled } from '../realtime/realtime.kit';
import { usersOfTwoClients } from '../role-kit';

/** Shop integrations: CRUD, the key encrypted at rest and masked everywhere else, client scoping, refusals. */

const v = MESSAGES.validation;
const REFUSED: Role[] = ['salesman', 'operator', 'magazyn'];
const SHOP_KEY = 'shpat_0123456789abcdef-SECRET-9f3a';
const box = SecretBox.fromKey(Buffer.from(TEST_SECRETS_KEY, 'base64'));

describe('integrations', () => {
  let t: TestDepot;
  const tokens = {} as Record<Role, string>;
  let ownClient: string;
  let otherClient: string;
  let otherUserToken: string;

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const as = (role: Role) => bearer(tokens[role]);
  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(text, params)).rows;
  const rowCount = async () =>
    (await query<{ n: number }>('select count(*)::int as n from integrations'))[0].n;
  const create = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.http().post('/api/integration/create').set(headers).send(body);
  const valid = (over: Record<string, unknown> = {}) => ({
    name: 'Main shop',
    type: 'shopify',
    key: SHOP_KEY,
    user: 'owner@shop.example',
    ...over,
  });
  const list = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
    t.http().post('/api/integration/get/list').set(headers).send(body);
  const put = (id: string, body: Record<string, unknown>, headers = as('user')) =>
    t.http().put(`/api/integration/${id}`).set(headers).send(body);

  beforeAll(async () => {
    t = await startTestDepot();
    const users = await usersOfTwoClients(t);
    Object.assign(tokens, users.tokens);
    ({ ownClient, otherClient, otherUserToken } = users);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('create', () => {
    it('stores the key encrypted, and shows it only masked, in the reply and in the change log', async () => {
      const res = await create(as('user'), valid());
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        clientId: ownClient,
        clientName: expect.any(String),
        name: 'Main shop',
        type: 'shopify',
        keyHint: '••••9f3a',
        user: 'owner@shop.example',
        active: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const [row] = await query<{ key_encrypted: string; key_hint: string }>(
        'select * from integrations where id = $1',
        [res.body.id],
      );
      expect(row.key_encrypted).toMatch(/^v1:/);
      expect(JSON.stringify(row)).not.toContain(SHOP_KEY);
      expect(box.decrypt(row.key_encrypted)).toBe(SHOP_KEY);
      expect(row.key_hint).toBe('••••9f3a');

      const audit = await query<{ type: string; after: IntegrationView }>(
        'select type, after from audit_log where entity_id = $1',
        [res.body.id],
      );
      expect(audit).toEqual([{ type: 'integration.create', after: res.body }]);
      expect(JSON.stringify(audit)).not.toContain(SHOP_KEY);

      const got = await t.http().get(`/api/integration/${res.body.id}`).set(as('user'));
      expect(got.body).toEqual(res.body);
      expect(JSON.stringify((await list(as('user'))).body)).not.toContain(SHOP_KEY);
    });

    it.each(['ebay', 'shopify', 'presta_shop', 'cdn_xl'])('accepts the type %s', async (type) => {
      const res = await create(as('user'), valid({ type, name: `Shop ${type}`, user: '' }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ type, user: null });
    });

    it.each([
      ['no name', { name: undefined }, v.nameRequired, 'name'],
      ['a blank name', { name: '  ' }, v.nameRequired, 'name'],
      ['a name over 100 characters', { name: 'n'.repeat(101) }, 'At most 100 characters', 'name'],
      ['no type', { type: undefined }, v.typeRequired, 'type'],
      ['a blank type', { type: '' }, v.typeRequired, 'type'],
      ['an unknown type', { type: 'amazon' }, v.integrationTypeInvalid, 'type'],
      ['no key', { key: undefined }, v.keyRequired, 'key'],
      ['a blank key', { key: '   ' }, v.keyRequired, 'key'],
      ['a client id that is not an id', { clientId: 'x' }, v.clientRequired, 'clientId'],
    ])('refuses %s and stores nothing', async (_label, over, message, path) => {
      const before = await rowCount();
      expectValidation(await create(as('user'), valid(over)), message, path);
      expect(await rowCount()).toBe(before);
    });

    it('staff name the client, and an existing one', async () => {
      expectValidation(await create(as('admin'), valid()), v.clientRequired, 'clientId');
      expectValidation(
        await create(as('admin'), valid({ clientId: '00000000-0000-4000-8000-000000000000' })),
        MESSAGES.clientNotFound,
        'clientId',
      );
      const res = await create(as('superAdmin'), valid({ clientId: otherClient, name: 'Staff made' }));
      expect(res.status).toBe(201);
      expect(res.body.clientId).toBe(otherClient);
    });

    it("a client user's integration is always its own client's", async () => {
      expectError(
        await create(as('user'), valid({ clientId: otherClient })),
        404,
        'Not Found',
        MESSAGES.clientNotFound,
      );
    });
  });

  describe('edit', () => {
    it('keeps the key when it is not sent or blank, replaces it when a new one is typed', async () => {
      const { body: created } = await create(as('user'), valid({ name: 'Editable' }));
      const storedKey = async () =>
        (
          await query<{ k: string }>('select key_encrypted as k from integrations where id = $1', [
            created.id,
          ])
        )[0].k;
      const original = await storedKey();

      const renamed = await put(created.id, { name: 'Edited', user: null, key: '' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        name: 'Edited',
        user: null,
        keyHint: '••••9f3a',
        type: 'shopify',
      });
      expect(await storedKey()).toBe(original);

      expectError(await put(created.id, { key: SHOP_KEY }), 400, 'Bad Request', MESSAGES.noValueChanged);

      const replaced = await put(created.id, { key: 'new-shop-key-7777' });
      expect(replaced.body.keyHint).toBe('••••7777');
      expect(box.decrypt(await storedKey())).toBe('new-shop-key-7777');

      const log = await query<{ before: IntegrationView; after: IntegrationView; details: unknown }>(
        "select before, after, details from audit_log where entity_id = $1 and type = 'integration.update' order by id",
        [created.id],
      );
      expect(log).toHaveLength(2);
      expect(log[0]).toMatchObject({
        before: { name: 'Editable' },
        after: { name: 'Edited' },
        details: null,
      });
      expect(log[1]).toMatchObject({
        before: { keyHint: '••••9f3a' },
        after: { keyHint: '••••7777' },
        details: { keyReplaced: true },
      });
      expect(JSON.stringify(log)).not.toMatch(/new-shop-key-7777|SECRET/);
    });

    it('refuses a type change, unknown fields, and a change that changes nothing', async () => {
      const { body: created } = await create(as('user'), valid({ name: 'Fixed type' }));
      expect((await put(created.id, { type: 'ebay' })).status).toBe(400);
      expect((await put(created.id, { keyHint: '••••0000' })).status).toBe(400);
      expectError(await put(created.id, { name: 'Fixed type' }), 400, 'Bad Request', MESSAGES.noValueChanged);
      expectValidation(await put(created.id, { name: '' }), v.nameRequired, 'name');
      expect((await t.http().get(`/api/integration/${created.id}`).set(as('user'))).body.type).toBe(
        'shopify',
      );
    });

    it('deactivates and deletes', async () => {
      const { body: created } = await create(as('user'), valid({ name: 'Short-lived' }));
      expect((await put(created.id, { active: false })).body.active).toBe(false);
      expect((await t.http().delete(`/api/integration/${created.id}`).set(as('user'))).status).toBe(204);
      expectError(
        await t.http().get(`/api/integration/${created.id}`).set(as('user')),
        404,
        'Not Found',
        MESSAGES.integrationNotFound,
      );
      const [entry] = await query<{ before: IntegrationView }>(
        "select before from audit_log where entity_id = $1 and type = 'integration.delete'",
        [created.id],
      );
      expect(entry.before).toMatchObject({ name: 'Short-lived', keyHint: '••••9f3a' });
    });

    it("a client user cannot see or change another client's integration (404); staff can", async () => {
      const { body: foreign } = await create(bearer(otherUserToken), valid({ name: 'Not yours' }));
      const notFound = (res: Parameters<typeof expectError>[0]) =>
        expectError(res, 404, 'Not Found', MESSAGES.integrationNotFound);
      notFound(await t.http().get(`/api/integration/${foreign.id}`).set(as('user')));
      notFound(await put(foreign.id, { name: 'Mine now' }));
      notFound(await t.http().delete(`/api/integration/${foreign.id}`).set(as('user')));
      expect((await query('select name from integrations where id = $1', [foreign.id]))[0]).toEqual({
        name: 'Not yours',
      });
      expect((await t.http().get(`/api/integration/${foreign.id}`).set(as('admin'))).status).toBe(200);
      expect((await put(foreign.id, { name: 'Staff renamed' }, as('admin'))).status).toBe(200);
    });

    it.each(['nope', '00000000-0000-4000-8000-000000000000'])('answers 404 for the id %s', async (id) => {
      expectError(
        await t.http().get(`/api/integration/${id}`).set(as('admin')),
        404,
        'Not Found',
        MESSAGES.integrationNotFound,
      );
    });
  });

  describe('list', () => {
    it("a client user sees only its own client's integrations", async () => {
      const res = await list(as('user'), { filters: { clientId: otherClient } });
      expect(res.body).toEqual({ items: [], nextCursor: null, total: 0 });
      const own = await list(as('user'));
      expect(own.body.items.length).toBeGreaterThan(0);
      expect(own.body.items.every((i: IntegrationView) => i.clientId === ownClient)).toBe(true);
    });

    it('staff see all, filtered by client, type, state and name or user', async () => {
      const all = await list(as('admin'));
      expect(new Set(all.body.items.map((i: IntegrationView) => i.clientId))).toEqual(
        new Set([ownClient, otherClient]),
      );
      const ebay = await list(as('admin'), { filters: { type: 'ebay' } });
      expect(ebay.body.items.map((i: IntegrationView) => i.type)).toEqual(['ebay']);
      const byUser = await list(as('admin'), { filters: { search: 'OWNER@shop', clientId: otherClient } });
      expect(byUser.body.items.every((i: IntegrationView) => i.clientId === otherClient && i.user)).toBe(
        true,
      );
      expect((await list(as('admin'), { filters: { type: 'amazon' } })).status).toBe(400);
    });
  });

  it.each(REFUSED)('%s is refused every integration call (403)', async (role) => {
    const { body: created } = await create(as('user'), valid({ name: `Probe ${role}` }));
    const calls = [
      list(as(role)),
      create(as(role), valid({ clientId: ownClient })),
      t.http().get(`/api/integration/${created.id}`).set(as(role)),
      put(created.id, { name: 'Taken' }, as(role)),
      t.http().delete(`/api/integration/${created.id}`).set(as(role)),
    ];
    for (const res of await Promise.all(calls)) expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
    expect((await query('select name from integrations where id = $1', [created.id]))[0]).toEqual({
      name: `Probe ${role}`,
    });
  });

  it('the live list reaches staff and the own client, not other clients', async () => {
    const subscribe = (s: DepotSocket, room: string): Promise<SubscribeAck> =>
      s.timeout(5000).emitWithAck('subscribe', room);
    const open = async (token: string) => {
      const s = t.socket({ token });
      await connected(s);
      return s;
    };
    const [admin, own, other] = [
      await open(tokens.admin),
      await open(tokens.user),
      await open(otherUserToken),
    ];
    expect(await subscribe(admin, rooms.list('integrations'))).toEqual({ ok: true });
    expect(await subscribe(own, rooms.clientList('integrations', ownClient))).toEqual({ ok: true });
    expect(await subscribe(other, rooms.clientList('integrations', otherClient))).toEqual({ ok: true });
    expect(await subscribe(own, rooms.list('integrations'))).toEqual({ ok: false, error: 'Forbidden' });

    const isIt = (c: ListChange) =>
      c.list === 'integrations' && c.op === 'upsert' && c.row.name === 'Live shop';
    const [a, o] = [eventMatching(admin, 'list:change', isIt), eventMatching(own, 'list:change', isIt)];
    const otherLog = recorder(other);
    await create(as('user'), valid({ name: 'Live shop' }));
    const change = await a;
    await o;
    expect(JSON.stringify(change)).not.toContain(SHOP_KEY);
    await settled(t, other);
    expect(otherLog.events).not.toContain('list:change');
  });
});
