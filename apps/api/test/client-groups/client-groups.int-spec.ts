import type { Response } from 'supertest';
import { MESSAGES, rooms, type ClientGroupListItem, type ClientGroupView, type Role } from '@depot/contracts';
import { eventMatching, startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { groupCalls, uniqueName, UNKNOWN_ID, type GroupCalls } from './client-groups.kit';
import { dbProbe, FORBIDDEN } from '../role-kit';

/** administration/clientsGroups: create, read, list, rename and delete groups (SPEC 7 client group calls). */

const v = MESSAGES.validation;

describe('client groups API', () => {
  let t: TestDepot;
  let c: GroupCalls;
  /** Groups, memberships and the size of the log: what a refused call must leave alone. */
  const { query, unchanged, lastAudit } = dbProbe(
    () => t,
    ['client_groups', { table: 'client_group_members', orderBy: 'client_id' }],
  );

  beforeAll(async () => {
    t = await startTestDepot();
    c = await groupCalls(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents the calls in OpenAPI under the SPEC 7 paths', async () => {
    const res = await t.http().get('/api/docs-json');
    expect(Object.keys(res.body.paths as object)).toEqual(
      expect.arrayContaining([
        '/api/clientGroup/create/group',
        '/api/clientGroup/delete/groupById/{id}',
        '/api/clientGroup/get/groupById/{id}',
        '/api/clientGroup/get/group',
        '/api/clientGroup/update/group/{id}',
        '/api/clientGroup/get/eligibleClients',
      ]),
    );
  });

  describe('POST /api/clientGroup/create/group', () => {
    it('an admin creates an FV group with clients; the reply and GET show them; the log holds it', async () => {
      const a = await c.client('Alfa');
      const b = await c.client('Beta');
      const name = uniqueName('North');
      const res = await c.create('admin', { name: `  ${name}  `, type: 'FV', clients: [b, a] });
      expect(res.status).toBe(201);
      const group = res.body.group as ClientGroupView;
      expect(res.body.info).toEqual([]);
      expect(group).toEqual({
        id: expect.any(String),
        name,
        type: 'FV',
        clients: [
          { id: a, shortName: expect.any(String), companyName: expect.stringMatching(/^Alfa /) },
          { id: b, shortName: expect.any(String), companyName: expect.stringMatching(/^Beta /) },
        ],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const got = await c.getOne('salesman', group.id);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(group);
      const log = await lastAudit('clientGroup.create', group.id);
      expect(log.after).toEqual({ name, type: 'FV', clients: group.clients });
      expect(log.created_by_id).not.toBeNull();
    });

    it('a superAdmin creates an empty AREA group', async () => {
      const res = await c.create('superAdmin', { name: uniqueName(), type: 'AREA' });
      expect(res.status).toBe(201);
      expect(res.body.group).toMatchObject({ type: 'AREA', clients: [] });
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['no name', { type: 'FV' }, v.clientsGroupNameRequired, 'name'],
      ['a blank name', { name: '   ', type: 'FV' }, v.clientsGroupNameRequired, 'name'],
      ['a name that is not text', { name: 5, type: 'FV' }, v.clientsGroupNameRequired, 'name'],
      ['a name over 100 characters', { name: 'x'.repeat(101), type: 'FV' }, 'At most 100 characters', 'name'],
      ['no type', { name: 'G' }, v.typeRequired, 'type'],
      ['an unknown type', { name: 'G', type: 'MAILING' }, v.typeRequired, 'type'],
      ['a lower-case type', { name: 'G', type: 'fv' }, v.typeRequired, 'type'],
      [
        'clients that are not a list',
        { name: 'G', type: 'FV', clients: 'x' },
        MESSAGES.clientNotFound,
        'clients',
      ],
      [
        'a client id that is not a UUID',
        { name: 'G', type: 'FV', clients: ['1'] },
        MESSAGES.clientNotFound,
        'clients.0',
      ],
    ])('refuses %s with its message and changes nothing', async (_label, body, message, path) => {
      const res = await unchanged(() => c.create('admin', body));
      expectValidation(res, message, path);
    });

    it('refuses an unknown field', async () => {
      const res = await unchanged(() => c.create('admin', { name: 'G', type: 'FV', color: 'red' }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ValidationError');
    });

    it('refuses a client that does not exist (400, by its place in the list) and creates nothing', async () => {
      const a = await c.client();
      const res = await unchanged(() =>
        c.create('admin', { name: uniqueName(), type: 'FV', clients: [a, UNKNOWN_ID] }),
      );
      expectValidation(res, MESSAGES.clientNotFound, 'clients.1');
    });

    it.each([
      ['the same name', (n: string) => n],
      ['another case and spaces around', (n: string) => `  ${n.toUpperCase()} `],
    ])('refuses a name another group holds (%s) with 409 and changes nothing', async (_label, variant) => {
      const name = uniqueName('Taken');
      await c.group('FV', [], name);
      const res = await unchanged(() => c.create('admin', { name: variant(name), type: 'AREA' }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: MESSAGES.clientGroupNameTaken,
        details: [{ path: 'name', message: MESSAGES.clientGroupNameTaken }],
      });
    });

    it('of two creates with the same name at once, exactly one succeeds; the other gets the name message', async () => {
      const name = uniqueName('Race');
      const replies = await Promise.all(
        [0, 1, 2].map(() => c.create('admin', { name, type: 'FV' }).then((r) => r)),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      for (const r of replies.filter((x) => x.status === 409))
        expect(r.body.message).toBe(MESSAGES.clientGroupNameTaken);
      expect(await query('select id from client_groups where lower(name) = lower($1)', [name])).toHaveLength(
        1,
      );
    });

    it.each<Role>(['salesman', 'operator', 'magazyn', 'user'])('refuses a %s with 403', async (role) => {
      const res = await unchanged(() => c.create(role, { name: uniqueName(), type: 'FV' }));
      expectError(res, 403, ...FORBIDDEN);
    });

    it('refuses a call without a session with 401', async () => {
      const res = await t.http().post('/api/clientGroup/create/group').send({ name: 'x', type: 'FV' });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/clientGroup/get/groupById/{id}', () => {
    it.each([UNKNOWN_ID, 'not-a-uuid'])('answers 404 for %s', async (id) => {
      expectError(await c.getOne('admin', id), 404, 'Not Found', MESSAGES.clientGroupNotFound);
    });

    it.each<Role>(['operator', 'magazyn', 'user'])('refuses a %s with 403', async (role) => {
      const id = await c.group('FV');
      expectError(await c.getOne(role, id), 403, ...FORBIDDEN);
    });
  });

  describe('GET /api/clientGroup/get/group', () => {
    it('lists groups by name with member counts, in keyset pages, filtered by search and type', async () => {
      const tag = uniqueName('Page').replace(/\s/g, '');
      const [x, y] = [await c.client(), await c.client()];
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(await c.group(i % 2 ? 'AREA' : 'FV', i === 0 ? [x, y] : [], `${tag} ${i}`));
      const first = await c.list('salesman', { search: tag.toLowerCase(), limit: '2' });
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(5);
      expect(first.body.items.map((g: ClientGroupListItem) => g.name)).toEqual([`${tag} 0`, `${tag} 1`]);
      expect(first.body.items[0]).toEqual({
        id: ids[0],
        name: `${tag} 0`,
        type: 'FV',
        clientsCount: 2,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Response = await c.list('admin', {
          search: tag,
          limit: '2',
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.body.items.map((g: ClientGroupListItem) => g.name));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => `${tag} ${i}`));

      const areas = await c.list('admin', { search: tag, type: 'AREA', sort: 'name', direction: 'desc' });
      expect(areas.body.items.map((g: ClientGroupListItem) => g.name)).toEqual([`${tag} 3`, `${tag} 1`]);
      expect(areas.body.total).toBe(2);
    });

    it('treats LIKE wildcards in the search as text', async () => {
      const res = await c.list('admin', { search: '%_%' });
      expect(res.status).toBe(200);
      expect(res.body.items).toEqual([]);
    });

    it.each([
      [{ cursor: 'garbage' }, 400],
      [{ limit: '0' }, 400],
      [{ limit: '51' }, 400],
      [{ type: 'X' }, 400],
      [{ sort: 'clientsCount' }, 400],
      [{ unknown: '1' }, 400],
    ])('refuses %j with 400', async (q, status) => {
      expect((await c.list('admin', q as Record<string, string>)).status).toBe(status);
    });

    it.each<Role>(['operator', 'magazyn', 'user'])('refuses a %s with 403', async (role) => {
      expectError(await c.list(role), 403, ...FORBIDDEN);
    });
  });

  describe('PUT /api/clientGroup/update/group/{id}: rename', () => {
    it('renames with newName; the log holds before and after; the live list hears it', async () => {
      const id = await c.group('FV');
      const name = uniqueName('Renamed');
      const s = t.socket({ token: c.tokens.admin });
      await new Promise<void>((resolve) => s.emit('subscribe', rooms.list('clientGroups'), () => resolve()));
      const heard = eventMatching(
        s,
        'list:change',
        (ch) => ch.list === 'clientGroups' && ch.op === 'upsert' && ch.row.id === id,
      );
      const res = await c.update('admin', id, { newName: name });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ group: expect.objectContaining({ id, name }), info: [] });
      expect(await heard).toMatchObject({ row: { id, name, clientsCount: 0 }, created: false });
      const log = await lastAudit('clientGroup.update', id);
      expect(log.before).toMatchObject({ type: 'FV', clients: [] });
      expect(log.after).toMatchObject({ name, type: 'FV' });
    });

    it('a rename to its own name in another case is allowed', async () => {
      const name = uniqueName('Case');
      const id = await c.group('FV', [], name);
      const res = await c.update('admin', id, { newName: name.toUpperCase() });
      expect(res.status).toBe(200);
      expect(res.body.group.name).toBe(name.toUpperCase());
    });

    it('refuses a rename to a name another group holds with 409 and changes nothing', async () => {
      const taken = uniqueName('Held');
      await c.group('AREA', [], taken);
      const id = await c.group('FV');
      const res = await unchanged(() => c.update('admin', id, { newName: ` ${taken.toLowerCase()}` }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: MESSAGES.clientGroupNameTaken,
        details: [{ path: 'newName', message: MESSAGES.clientGroupNameTaken }],
      });
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['a blank newName', { newName: ' ' }, v.clientsGroupNameRequired, 'newName'],
      ['an unknown type', { type: 'X' }, v.typeRequired, 'type'],
      ['a bad client id', { addClients: ['x'] }, MESSAGES.clientNotFound, 'addClients.0'],
      ['an unknown client', { addClients: [UNKNOWN_ID] }, MESSAGES.clientNotFound, 'addClients.0'],
    ])('refuses %s with its message and changes nothing', async (_label, body, message, path) => {
      const id = await c.group('FV');
      expectValidation(await unchanged(() => c.update('admin', id, body)), message, path);
    });

    it('answers "No value has changed" when nothing would change', async () => {
      const name = uniqueName();
      const id = await c.group('FV', [], name);
      for (const body of [{}, { newName: name, type: 'FV' }, { removeClients: [UNKNOWN_ID] }]) {
        const res = await unchanged(() => c.update('admin', id, body));
        expectError(res, 400, 'Bad Request', MESSAGES.noValueChanged);
      }
    });

    it.each([UNKNOWN_ID, 'nope'])('answers 404 for the unknown group %s', async (id) => {
      expectError(
        await c.update('admin', id, { newName: 'x' }),
        404,
        'Not Found',
        MESSAGES.clientGroupNotFound,
      );
    });

    it.each<Role>(['salesman', 'operator', 'magazyn', 'user'])('refuses a %s with 403', async (role) => {
      const id = await c.group('FV');
      expectError(await unchanged(() => c.update(role, id, { newName: uniqueName() })), 403, ...FORBIDDEN);
    });
  });

  describe('DELETE /api/clientGroup/delete/groupById/{id}', () => {
    it('deletes the group and frees its clients; the log keeps what it was; the live list hears it', async () => {
      const a = await c.client();
      const id = await c.group('AREA', [a]);
      const s = t.socket({ token: c.tokens.salesman });
      await new Promise<void>((resolve) => s.emit('subscribe', rooms.list('clientGroups'), () => resolve()));
      const heard = eventMatching(s, 'list:change', (ch) => ch.list === 'clientGroups' && ch.op === 'delete');
      const res = await c.remove('admin', id);
      expect(res.status).toBe(204);
      expect(await heard).toMatchObject({ list: 'clientGroups', op: 'delete', id });
      expect((await c.getOne('admin', id)).status).toBe(404);
      expect(await query('select * from client_group_members where client_id = $1', [a])).toEqual([]);
      expect((await lastAudit('clientGroup.delete', id)).before).toMatchObject({ type: 'AREA' });
      // The freed client may join another group.
      expect((await c.create('admin', { name: uniqueName(), type: 'FV', clients: [a] })).status).toBe(201);
      expect((await c.remove('admin', id)).status).toBe(404);
    });

    it.each<Role>(['salesman', 'operator', 'magazyn', 'user'])('refuses a %s with 403', async (role) => {
      const id = await c.group('FV');
      expectError(await unchanged(() => c.remove(role, id)), 403, ...FORBIDDEN);
    });
  });
});
