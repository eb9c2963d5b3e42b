import type { Response } from 'supertest';
import { HIDDEN_SECRET, MESSAGES, rooms, type LogListItem, type Role } from '@depot/contracts';
import { eventMatching, PASSWORD, startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { signInEveryRole } from '../role-kit';

/** administration/logs: the change log list (filters, keyset pages), one entry, the live list. */

const REFUSED: Role[] = ['salesman', 'operator', 'magazyn', 'user'];

let seq = 0;
const tag = () => `${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`;

describe('logs API', () => {
  let t: TestDepot;
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, string>;
  const bearer = (role: Role) => ({ Authorization: `Bearer ${tokens[role]}` });
  const list = (role: Role, body: Record<string, unknown> = {}) =>
    t.http().post('/api/log/get/list').set(bearer(role)).send(body);
  const getOne = (role: Role, id: string) => t.http().get(`/api/log/${id}`).set(bearer(role));
  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(text, params)).rows;
  /** Writes an entry directly, at a chosen time, for one entity id; returns its number. */
  const entry = async (over: {
    type?: string;
    entity?: string;
    entityId: string;
    at?: string;
    by?: string | null;
    after?: unknown;
  }) =>
    (
      await query<{ id: string }>(
        `insert into audit_log (type, entity, entity_id, created_by_id, after, created_at)
         values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) returning id::text`,
        [
          over.type ?? 'test.change',
          over.entity ?? 'test',
          over.entityId,
          over.by === undefined ? ids.admin : over.by,
          over.after === undefined ? null : JSON.stringify(over.after),
          over.at ?? null,
        ],
      )
    )[0].id;
  const entryIds = (res: Response) => (res.body.items as LogListItem[]).map((i) => i.id);

  beforeAll(async () => {
    t = await startTestDepot();
    const signedIn = await signInEveryRole(t);
    Object.assign(tokens, signedIn.tokens);
    Object.assign(ids, signedIn.ids);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/log/get/list', () => {
    it('lists entries newest first with their author, in keyset pages that meet without gaps', async () => {
      const id = tag();
      const written: string[] = [];
      for (let i = 0; i < 7; i++) written.push(await entry({ entityId: id }));
      const first = await list('admin', { filters: { entityId: id }, limit: 3 });
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(7);
      expect(first.body.items[0]).toEqual({
        id: written[6],
        type: 'test.change',
        entity: 'test',
        entityId: id,
        createdById: ids.admin,
        authorName: 'Test admin',
        authorEmail: expect.stringMatching(/^admin-/),
        apiKeyId: null,
        createdAt: expect.any(String),
      });
      const seen = [...entryIds(first)];
      let cursor = first.body.nextCursor as string | null;
      while (cursor) {
        const page = await list('superAdmin', { filters: { entityId: id }, limit: 3, cursor });
        seen.push(...entryIds(page));
        cursor = page.body.nextCursor;
      }
      expect(seen).toEqual([...written].reverse());
    });

    it('filters by type, entity, entity id and author', async () => {
      const id = tag();
      const a = await entry({ entityId: id, type: 'test.create', entity: 'widget' });
      const b = await entry({ entityId: id, type: 'test.update', entity: 'widget', by: ids.superAdmin });
      const other = await entry({ entityId: `${id}x`, type: 'test.update', entity: 'widget' });
      const system = await entry({ entityId: id, type: 'test.update', entity: 'gadget', by: null });
      const ofId = async (filters: Record<string, unknown>) =>
        entryIds(await list('admin', { filters: { entityId: id, ...filters } }));
      expect(await ofId({})).toEqual([system, b, a]);
      expect(await ofId({ type: 'test.update' })).toEqual([system, b]);
      expect(await ofId({ entity: 'widget' })).toEqual([b, a]);
      expect(await ofId({ authorId: ids.superAdmin })).toEqual([b]);
      expect(await ofId({ type: 'test.update', entity: 'widget', authorId: ids.admin })).toEqual([]);
      expect(
        entryIds(
          await list('admin', { filters: { type: 'test.update', entity: 'widget', authorId: ids.admin } }),
        ),
      ).toContain(other);
    });

    it('filters by Warsaw days, both ends included', async () => {
      const id = tag();
      // 2025-01-14 23:30 UTC is 15 January 00:30 in Warsaw (winter, UTC+1); 2025-07-15 21:59 UTC is 23:59 (summer).
      const jan14 = await entry({ entityId: id, at: '2025-01-14T22:59:59Z' });
      const jan15 = await entry({ entityId: id, at: '2025-01-14T23:30:00Z' });
      const jul15 = await entry({ entityId: id, at: '2025-07-15T21:59:00Z' });
      const jul16 = await entry({ entityId: id, at: '2025-07-15T22:00:00Z' });
      const days = async (from?: string, to?: string) =>
        entryIds(
          await list('admin', {
            filters: { entityId: id, ...(from ? { from } : {}), ...(to ? { to } : {}) },
          }),
        );
      expect(await days('2025-01-15', '2025-01-15')).toEqual([jan15]);
      expect(await days(undefined, '2025-01-14')).toEqual([jan14]);
      expect(await days('2025-01-15', '2025-07-15')).toEqual([jul15, jan15]);
      expect(await days('2025-07-16')).toEqual([jul16]);
    });

    it.each<[Record<string, unknown>, string, string]>([
      [{ from: '2025-13-01' }, MESSAGES.validation.dateInvalid, 'filters.from'],
      [{ to: '15.01.2025' }, MESSAGES.validation.dateInvalid, 'filters.to'],
      [{ from: '2025-02-02', to: '2025-02-01' }, MESSAGES.dateRangeInvalid, 'filters.to'],
      [{ authorId: 'x' }, MESSAGES.userNotFound, 'filters.authorId'],
    ])('refuses the filters %j with their message', async (filters, message, path) => {
      expectValidation(await list('admin', { filters }), message, path);
    });

    it.each([{ cursor: 'garbage' }, { limit: 51 }, { filters: { colour: 'red' } }])(
      'refuses %j with 400',
      async (body) => {
        expect((await list('admin', body)).status).toBe(400);
      },
    );

    it.each(REFUSED)('refuses a %s with 403', async (role) => {
      expectError(await list(role), 403, 'Forbidden', MESSAGES.forbidden);
    });
  });

  describe('GET /api/log/{id}', () => {
    it('shows before and after of a change made through the API', async () => {
      const name = `Group ${tag()}`;
      const created = await t
        .http()
        .post('/api/clientGroup/create/group')
        .set(bearer('admin'))
        .send({ name, type: 'FV' });
      const groupId = created.body.group.id as string;
      await t
        .http()
        .put(`/api/clientGroup/update/group/${groupId}`)
        .set(bearer('admin'))
        .send({ type: 'AREA' });
      const found = await list('admin', {
        filters: { entity: 'clientGroup', entityId: groupId, type: 'clientGroup.update' },
      });
      expect(found.body.total).toBe(1);
      const res = await getOne('admin', found.body.items[0].id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        type: 'clientGroup.update',
        entity: 'clientGroup',
        entityId: groupId,
        createdById: ids.admin,
        before: { name, type: 'FV', clients: [] },
        after: { name, type: 'AREA', clients: [] },
        details: null,
      });
    });

    it('never shows a secret, even one written into the log directly', async () => {
      const id = await entry({
        entityId: tag(),
        after: {
          email: 'a@b.pl',
          passwordHash: '$argon2id$secret',
          nested: { apiKey: 'k-1', apiKeyId: 'id-1' },
        },
      });
      const res = await getOne('admin', id);
      expect(res.body.after).toEqual({
        email: 'a@b.pl',
        passwordHash: HIDDEN_SECRET,
        nested: { apiKey: HIDDEN_SECRET, apiKeyId: 'id-1' },
      });
    });

    it('holds no password or password hash for user changes (create, update with a new password)', async () => {
      const email = `audited-${tag()}@test.depot`;
      const created = await t.http().post('/api/user/create').set(bearer('admin')).send({
        firstName: 'Ala',
        lastName: 'Audyt',
        email,
        role: 'salesman',
        lang: 'pl',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(created.status).toBe(201);
      const userId = created.body.id as string;
      const newPassword = 'another-password-456';
      const updated = await t
        .http()
        .put(`/api/user/${userId}/`)
        .set(bearer('admin'))
        .send({ password: newPassword, confirmPassword: newPassword });
      expect(updated.status).toBe(200);
      const [{ password_hash: hash }] = await query<{ password_hash: string }>(
        'select password_hash from users where id = $1',
        [userId],
      );
      const rows = await query<{ raw: string }>(
        "select row_to_json(a)::text as raw from audit_log a where entity = 'user' and entity_id = $1",
        [userId],
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const { raw } of rows) {
        expect(raw).not.toContain(hash);
        expect(raw).not.toContain(hash.split('$').at(-1));
        expect(raw).not.toContain(PASSWORD);
        expect(raw).not.toContain(newPassword);
        expect(raw.toLowerCase()).not.toContain('passwordhash');
      }
    });

    it.each(['999999999', 'abc', '0', '-1', '1.5', '99999999999999999999'])(
      'answers 404 for %s',
      async (id) => {
        expectError(await getOne('admin', id), 404, 'Not Found', MESSAGES.logNotFound);
      },
    );

    it.each(REFUSED)('refuses a %s with 403', async (role) => {
      const id = await entry({ entityId: tag() });
      expectError(await getOne(role, id), 403, 'Forbidden', MESSAGES.forbidden);
    });
  });

  describe('filter choices', () => {
    it('GET /api/log/get/facets lists the types and entities present', async () => {
      await entry({ entityId: tag(), type: 'facet.one', entity: 'facetEntity' });
      // A real sign-in: its audit entry (session.signIn, entity user) is among the facets.
      await t.signIn((await t.createUser('operator')).email);
      const res = await t.http().get('/api/log/get/facets').set(bearer('admin'));
      expect(res.status).toBe(200);
      expect(res.body.types).toEqual(expect.arrayContaining(['facet.one', 'session.signIn']));
      expect(res.body.entities).toEqual(expect.arrayContaining(['facetEntity', 'user']));
      expect(res.body.types).toEqual([...res.body.types].sort());
    });

    it('GET /api/log/get/authors finds users by name or e-mail', async () => {
      const res = await t
        .http()
        .get('/api/log/get/authors')
        .query({ search: 'Test magazyn' })
        .set(bearer('admin'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { id: ids.magazyn, name: 'Test magazyn', email: expect.stringMatching(/^magazyn-/) },
      ]);
      expect(
        (await t.http().get('/api/log/get/authors').query({ limit: 0 }).set(bearer('admin'))).status,
      ).toBe(400);
    });

    it.each(REFUSED)('refuses a %s with 403', async (role) => {
      for (const path of ['/api/log/get/facets', '/api/log/get/authors']) {
        expectError(await t.http().get(path).set(bearer(role)), 403, 'Forbidden', MESSAGES.forbidden);
      }
    });
  });

  describe('live list', () => {
    it('an admin following list:logs hears a new entry once its change has committed', async () => {
      const s = t.socket({ token: tokens.admin });
      const ack = await new Promise<{ ok: boolean }>((resolve) =>
        s.emit('subscribe', rooms.list('logs'), resolve),
      );
      expect(ack.ok).toBe(true);
      const name = `Live ${tag()}`;
      const heard = eventMatching(
        s,
        'list:change',
        (ch) => ch.list === 'logs' && ch.op === 'upsert' && ch.row.type === 'clientGroup.create',
      );
      const created = await t
        .http()
        .post('/api/clientGroup/create/group')
        .set(bearer('admin'))
        .send({ name, type: 'FV' });
      const change = await heard;
      expect(change).toMatchObject({
        list: 'logs',
        op: 'upsert',
        created: true,
        actorId: ids.admin,
        row: {
          type: 'clientGroup.create',
          entity: 'clientGroup',
          entityId: created.body.group.id,
          authorName: 'Test admin',
        },
      });
    });

    it('a failed change announces nothing', async () => {
      const s = t.socket({ token: tokens.superAdmin });
      await new Promise((resolve) => s.emit('subscribe', rooms.list('logs'), resolve));
      const heard = eventMatching(s, 'list:change', (ch) => ch.list === 'logs', 1500).then(
        () => 'heard',
        () => 'silent',
      );
      expect(
        (
          await t
            .http()
            .post('/api/clientGroup/create/group')
            .set(bearer('admin'))
            .send({ name: ' ', type: 'FV' })
        ).status,
      ).toBe(400);
      expect(await heard).toBe('silent');
    });

    it.each(REFUSED)('a %s may not follow list:logs', async (role) => {
      const s = t.socket({ token: tokens[role] });
      const ack = await new Promise<{ ok: boolean }>((resolve) =>
        s.emit('subscribe', rooms.list('logs'), resolve),
      );
      expect(ack.ok).toBe(false);
    });
  });
});
