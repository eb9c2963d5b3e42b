import { API_KEY_DISPLAY_PREFIX_LENGTH, MESSAGES, type ApiKeyView, type Role } from '@depot/contracts';
import { sha256 } from '../../src/modules/auth/tokens';
import { startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { usersOfTwoClients } from '../role-kit';

/** API key management over REST: the secret shown once, hashed at rest, client scoping, refusals, audit. */

const v = MESSAGES.validation;
const REFUSED: Role[] = ['salesman', 'operator', 'magazyn'];

describe('API keys (REST)', () => {
  let t: TestDepot;
  const tokens = {} as Record<Role, string>;
  /** The client of the 'user' token, and a second client with its own user. */
  let ownClient: string;
  let otherClient: string;
  let otherUserToken: string;

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const as = (role: Role) => bearer(tokens[role]);
  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(text, params)).rows;
  const create = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.http().post('/api/apiKey/create').set(headers).send(body);
  const list = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
    t.http().post('/api/apiKey/get/list').set(headers).send(body);
  const whoAmI = (key: string) => t.http().get('/api/apiKey/get/current').set('X-Api-Key', key);

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
    it("a client user's key: the secret once, only its hash and prefix stored, and it works at once", async () => {
      const res = await create(as('user'), { name: '  Shop connector  ' });
      expect(res.status).toBe(201);
      const key = res.body as ApiKeyView & { secretKey: string };
      expect(key.secretKey).toMatch(/^dpk_[A-Za-z0-9_-]{43}$/);
      expect(key).toEqual({
        id: expect.any(String),
        clientId: ownClient,
        clientName: expect.any(String),
        name: 'Shop connector',
        keyPrefix: key.secretKey.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH),
        active: true,
        createdAt: expect.any(String),
        lastUsedAt: null,
        secretKey: key.secretKey,
      });
      expect(key.keyPrefix).toHaveLength(12);

      const [row] = await query<Record<string, unknown>>('select * from api_keys where id = $1', [key.id]);
      expect(row.key_hash).toBe(sha256(key.secretKey));
      expect(row.key_prefix).toBe(key.keyPrefix);
      expect(JSON.stringify(row)).not.toContain(key.secretKey);

      // The secret is in no later reply: not in the list, not in its own identity call.
      const listed = await list(as('user'));
      expect(JSON.stringify(listed.body)).not.toContain(key.secretKey);
      expect(listed.body.items.find((k: ApiKeyView) => k.id === key.id)).not.toHaveProperty('secretKey');

      const me = await whoAmI(key.secretKey);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: key.id, clientId: ownClient, keyPrefix: key.keyPrefix });
      expect(me.body).not.toHaveProperty('secretKey');
    });

    it('records the last use of a key', async () => {
      const { body: key } = await create(as('user'), { name: 'Used key' });
      await whoAmI(key.secretKey);
      let used: { last_used_at: Date | null }[] = [];
      for (let i = 0; i < 50; i++) {
        used = await query('select last_used_at from api_keys where id = $1', [key.id]);
        if (used[0].last_used_at) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(used[0].last_used_at).toBeInstanceOf(Date);
    });

    it('writes the change log without the secret', async () => {
      const { body: key } = await create(as('user'), { name: 'Audited key' });
      const entries = await query<{ type: string; after: ApiKeyView; created_by_id: string }>(
        "select type, after, created_by_id from audit_log where entity = 'apiKey' and entity_id = $1",
        [key.id],
      );
      expect(entries).toEqual([
        {
          type: 'apiKey.create',
          after: expect.objectContaining({ keyPrefix: key.keyPrefix }),
          created_by_id: expect.any(String),
        },
      ]);
      expect(JSON.stringify(entries)).not.toContain(key.secretKey);
    });

    it('a client user may name its own client, and naming another client reads as a missing client', async () => {
      expect((await create(as('user'), { name: 'Own', clientId: ownClient })).status).toBe(201);
      const before = await query('select id from api_keys where client_id = $1', [otherClient]);
      const res = await create(as('user'), { name: 'Sneaky', clientId: otherClient });
      expectError(res, 404, 'Not Found', MESSAGES.clientNotFound);
      expect(await query('select id from api_keys where client_id = $1', [otherClient])).toEqual(before);
    });

    it.each(['superAdmin', 'admin'] as Role[])('%s creates a key for the client it names', async (role) => {
      const res = await create(as(role), { name: 'Staff made', clientId: otherClient });
      expect(res.status).toBe(201);
      expect(res.body.clientId).toBe(otherClient);
    });

    it.each([
      ['no name', {}, v.nameRequired, 'name'],
      ['a blank name', { name: '   ' }, v.nameRequired, 'name'],
      ['a name that is not text', { name: 7 }, v.nameRequired, 'name'],
      ['a name over 100 characters', { name: 'x'.repeat(101) }, 'At most 100 characters', 'name'],
      ['a client id that is not an id', { name: 'K', clientId: 'nope' }, v.clientRequired, 'clientId'],
    ])('refuses %s', async (_label, body, message, path) => {
      const before = (await query('select count(*)::int as n from api_keys'))[0];
      expectValidation(await create(as('user'), body), message, path);
      expect((await query('select count(*)::int as n from api_keys'))[0]).toEqual(before);
    });

    it('refuses an unknown field', async () => {
      const res = await create(as('user'), { name: 'K', active: false });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ValidationError');
    });

    it('staff must name the client, and an existing one', async () => {
      expectValidation(await create(as('admin'), { name: 'K' }), v.clientRequired, 'clientId');
      expectValidation(
        await create(as('admin'), { name: 'K', clientId: '00000000-0000-4000-8000-000000000000' }),
        MESSAGES.clientNotFound,
        'clientId',
      );
    });
  });

  describe('list', () => {
    it("a client user sees only its own client's keys, whatever it filters", async () => {
      await create(as('admin'), { name: 'Foreign key', clientId: otherClient });
      const own = await list(as('user'));
      expect(own.status).toBe(200);
      expect(own.body.items.length).toBeGreaterThan(0);
      expect(own.body.items.every((k: ApiKeyView) => k.clientId === ownClient)).toBe(true);
      expect(own.body.total).toBe(own.body.items.length);
      const probe = await list(as('user'), { filters: { clientId: otherClient } });
      expect(probe.body).toEqual({ items: [], nextCursor: null, total: 0 });
    });

    it('staff see every client and may filter by client, state and name or prefix', async () => {
      const all = await list(as('admin'));
      const clientIds = new Set(all.body.items.map((k: ApiKeyView) => k.clientId));
      expect(clientIds).toEqual(new Set([ownClient, otherClient]));
      const other = await list(as('admin'), { filters: { clientId: otherClient } });
      expect(other.body.items.every((k: ApiKeyView) => k.clientId === otherClient)).toBe(true);
      const { body: k } = await create(as('admin'), { name: 'Findable 100%', clientId: otherClient });
      const byName = await list(as('admin'), { filters: { search: 'findable 100%' } });
      expect(byName.body.items.map((x: ApiKeyView) => x.id)).toEqual([k.id]);
      const byPrefix = await list(as('admin'), { filters: { search: k.keyPrefix } });
      expect(byPrefix.body.items.map((x: ApiKeyView) => x.id)).toEqual([k.id]);
      const inactive = await list(as('admin'), { filters: { active: false } });
      expect(inactive.body.items.every((x: ApiKeyView) => !x.active)).toBe(true);
    });

    it('pages by keyset, newest first by default, or by name', async () => {
      for (const name of ['B page', 'A page', 'C page']) await create(as('user'), { name });
      const first = await list(as('user'), { limit: 2 });
      expect(first.body.items).toHaveLength(2);
      expect(first.body.items[0].createdAt >= first.body.items[1].createdAt).toBe(true);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { items: ApiKeyView[]; nextCursor: string | null } } = await list(as('user'), {
          limit: 2,
          cursor,
          orderBy: { field: 'name', direction: 'asc' },
        });
        seen.push(...page.body.items.map((x) => x.name));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...seen].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(seen.length).toBe(first.body.total);
    });
  });

  describe('update and delete', () => {
    it('renames, deactivates (the key stops at once) and activates again', async () => {
      const { body: key } = await create(as('user'), { name: 'Switchable' });
      const put = (body: Record<string, unknown>) =>
        t.http().put(`/api/apiKey/${key.id}`).set(as('user')).send(body);
      const renamed = await put({ name: 'Renamed' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Renamed', active: true, keyPrefix: key.keyPrefix });

      expect((await put({ active: false })).body.active).toBe(false);
      expectError(await whoAmI(key.secretKey), 401, 'Unauthorized', MESSAGES.notSignedIn);
      expect((await put({ active: true })).body.active).toBe(true);
      expect((await whoAmI(key.secretKey)).status).toBe(200);

      const log = await query<{ type: string; before: ApiKeyView; after: ApiKeyView }>(
        "select type, before, after from audit_log where entity_id = $1 and type = 'apiKey.update' order by id",
        [key.id],
      );
      expect(log.map((e) => [e.before.name, e.after.name, e.before.active, e.after.active])).toEqual([
        ['Switchable', 'Renamed', true, true],
        ['Renamed', 'Renamed', true, false],
        ['Renamed', 'Renamed', false, true],
      ]);
    });

    it('refuses a change that changes nothing, and bad values', async () => {
      const { body: key } = await create(as('user'), { name: 'Same' });
      const put = (body: Record<string, unknown>) =>
        t.http().put(`/api/apiKey/${key.id}`).set(as('user')).send(body);
      expectError(await put({ name: 'Same', active: true }), 400, 'Bad Request', MESSAGES.noValueChanged);
      expectError(await put({}), 400, 'Bad Request', MESSAGES.noValueChanged);
      expectValidation(await put({ name: '' }), v.nameRequired, 'name');
      expect((await put({ active: 'no' })).status).toBe(400);
      expect((await put({ keyPrefix: 'dpk_stolen' })).status).toBe(400);
    });

    it('deletes a key: the next call is 401, and it is gone from the list', async () => {
      const { body: key } = await create(as('user'), { name: 'Doomed' });
      const res = await t.http().delete(`/api/apiKey/${key.id}`).set(as('user'));
      expect(res.status).toBe(204);
      expect((await whoAmI(key.secretKey)).status).toBe(401);
      expect(await query('select id from api_keys where id = $1', [key.id])).toEqual([]);
      const again = await t.http().delete(`/api/apiKey/${key.id}`).set(as('user'));
      expectError(again, 404, 'Not Found', MESSAGES.apiKeyNotFound);
      const [entry] = await query<{ before: ApiKeyView; after: unknown }>(
        "select before, after from audit_log where entity_id = $1 and type = 'apiKey.delete'",
        [key.id],
      );
      expect(entry).toEqual({ before: expect.objectContaining({ name: 'Doomed' }), after: null });
    });

    it("a client user cannot touch another client's key (404), which stays as it was", async () => {
      const { body: foreign } = await create(bearer(otherUserToken), { name: 'Not yours' });
      const paths = [`/api/apiKey/${foreign.id}`];
      expectError(
        await t.http().put(paths[0]).set(as('user')).send({ active: false }),
        404,
        'Not Found',
        MESSAGES.apiKeyNotFound,
      );
      expectError(await t.http().delete(paths[0]).set(as('user')), 404, 'Not Found', MESSAGES.apiKeyNotFound);
      expect((await whoAmI(foreign.secretKey)).status).toBe(200);
      // Staff may.
      expect((await t.http().put(paths[0]).set(as('admin')).send({ name: 'Staff renamed' })).status).toBe(
        200,
      );
    });

    it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000'])(
      'answers 404 for the id %s',
      async (id) => {
        expectError(
          await t.http().put(`/api/apiKey/${id}`).set(as('user')).send({ name: 'X' }),
          404,
          'Not Found',
          MESSAGES.apiKeyNotFound,
        );
      },
    );
  });

  describe('who may call', () => {
    it.each(REFUSED)('%s is refused every key call (403)', async (role) => {
      const { body: key } = await create(as('user'), { name: `Probe ${role}` });
      const calls = [
        list(as(role)),
        create(as(role), { name: 'K', clientId: ownClient }),
        t.http().put(`/api/apiKey/${key.id}`).set(as(role)).send({ name: 'K2' }),
        t.http().delete(`/api/apiKey/${key.id}`).set(as(role)),
      ];
      for (const res of await Promise.all(calls)) expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
      expect(await query('select name from api_keys where id = $1', [key.id])).toEqual([
        { name: `Probe ${role}` },
      ]);
    });

    it('a call without a session is 401', async () => {
      expect((await list({})).status).toBe(401);
      expect((await create({}, { name: 'K' })).status).toBe(401);
    });

    it('an API key cannot manage keys, and the identity call needs an API key', async () => {
      const { body: key } = await create(as('user'), { name: 'Integrator' });
      const res = await t
        .http()
        .post('/api/apiKey/create')
        .set('X-Api-Key', key.secretKey)
        .send({ name: 'K' });
      expect(res.status).toBe(403);
      expectError(
        await t.http().get('/api/apiKey/get/current').set(as('admin')),
        403,
        'Forbidden',
        MESSAGES.apiKeyOnly,
      );
    });
  });
});
