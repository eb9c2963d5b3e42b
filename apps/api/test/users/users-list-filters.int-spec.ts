import { MESSAGES, type UserView } from '@depot/contracts';
import { newTag, usersListKit } from './users-list.kit';

/** POST user/get/list: search, role and active filters, and bad input (cursors, limits, unknown fields). */

describe('users API: reading', () => {
  const k = usersListKit();
  const { list, insertUsers } = k;

  describe('POST /api/user/get/list: filters', () => {
    let tag: string;
    let clientId: string;
    let people: Record<string, { id: string; email: string }>;

    beforeAll(async () => {
      tag = newTag();
      const rows = await insertUsers([
        { email: `${tag}-anna@test.depot`, firstName: 'Annabelle', lastName: 'Nowak', role: 'admin' },
        {
          email: `${tag}-bob@test.depot`,
          firstName: 'Bob',
          lastName: 'Kowalski',
          role: 'operator',
          active: false,
        },
        { email: `${tag}-cat@test.depot`, firstName: 'Cat', lastName: `Q%Z${tag}`, role: 'magazyn' },
        { email: `${tag}-dan@test.depot`, firstName: 'Dan', lastName: `Q_Z${tag}`, role: 'salesman' },
        { email: `${tag}-eve@test.depot`, firstName: 'Eve', lastName: `QXZ${tag}`, role: 'operator' },
        {
          email: `${tag}-fay@test.depot`,
          firstName: 'Fay',
          lastName: `Q\\Z${tag}`,
          role: 'salesman',
          active: false,
        },
      ]);
      people = Object.fromEntries(rows.map((r) => [r.email.split('-').at(-1)!.split('@')[0], r]));
      clientId = await k.t.createClient();
      const cu = await k.t.createUser('user', { clientId, email: `${tag}-client@test.depot` });
      people.client = { id: cu.id, email: cu.email };
      const other = await k.t.createUser('user', { email: `${tag}-other@test.depot` });
      people.other = { id: other.id, email: other.email };
    });

    const ids = (res: { body: { items: UserView[] } }) => res.body.items.map((u) => u.id).sort();
    const idsOf = (...names: string[]) => names.map((n) => people[n].id).sort();

    it('search matches first name, last name and e-mail, case-insensitively', async () => {
      const byFirst = await list(k.rootToken, { filters: { search: 'ANNABELLE' } });
      expect(ids(byFirst)).toEqual(idsOf('anna'));
      const byLast = await list(k.rootToken, { filters: { search: 'kowALSKI' } });
      expect(ids(byLast)).toEqual(idsOf('bob'));
      const byEmail = await list(k.rootToken, { filters: { search: `${tag.toUpperCase()}-CAT@` } });
      expect(ids(byEmail)).toEqual(idsOf('cat'));
      const byTag = await list(k.rootToken, { filters: { search: tag } });
      expect(byTag.body.total).toBe(8);
      expect(ids(byTag)).toEqual(idsOf('anna', 'bob', 'cat', 'dan', 'eve', 'fay', 'client', 'other'));
      const padded = await list(k.rootToken, { filters: { search: `  ${tag}  ` } });
      expect(padded.body.total).toBe(8);
      const none = await list(k.rootToken, { filters: { search: `${tag}-nobody` } });
      expect(none.body).toEqual({ items: [], nextCursor: null, total: 0 });
    });

    it('treats % and _ (and \\) in the search as literal characters', async () => {
      expect(ids(await list(k.rootToken, { filters: { search: `q%z${tag}` } }))).toEqual(idsOf('cat'));
      expect(ids(await list(k.rootToken, { filters: { search: `q_z${tag}` } }))).toEqual(idsOf('dan'));
      expect(ids(await list(k.rootToken, { filters: { search: `q\\z${tag}` } }))).toEqual(idsOf('fay'));
      expect(ids(await list(k.rootToken, { filters: { search: `qxz${tag}` } }))).toEqual(idsOf('eve'));
      const percent = await list(k.rootToken, { filters: { search: '%' } });
      expect(ids(percent)).toEqual(idsOf('cat'));
      const underscore = await list(k.rootToken, { filters: { search: '_' } });
      expect(ids(underscore)).toEqual(idsOf('dan'));
    });

    it('filters by roles', async () => {
      const ops = await list(k.rootToken, { filters: { search: tag, roles: ['operator'] } });
      expect(ids(ops)).toEqual(idsOf('bob', 'eve'));
      const two = await list(k.rootToken, { filters: { search: tag, roles: ['admin', 'salesman'] } });
      expect(ids(two)).toEqual(idsOf('anna', 'dan', 'fay'));
      expect(two.body.total).toBe(3);
      // Client users have a role of their own in the filter (decision 0112).
      const clientUsers = await list(k.rootToken, { filters: { search: tag, roles: ['user'] } });
      expect(ids(clientUsers)).toEqual(idsOf('client', 'other'));
      expect(clientUsers.body.total).toBe(2);
      const mixed = await list(k.rootToken, { filters: { search: tag, roles: ['user', 'admin'] } });
      expect(ids(mixed)).toEqual(idsOf('anna', 'client', 'other'));
      // No role picked is no role filter (the same meaning as userMatchesListFilters in libs/domain).
      const nonePicked = await list(k.rootToken, { filters: { search: tag, roles: [] } });
      expect(ids(nonePicked)).toEqual(idsOf('anna', 'bob', 'cat', 'dan', 'eve', 'fay', 'client', 'other'));
    });

    it('filters by client', async () => {
      const ofClient = await list(k.rootToken, { filters: { clientId } });
      expect(ofClient.body).toEqual({
        items: [expect.objectContaining({ id: people.client.id, clientId })],
        nextCursor: null,
        total: 1,
      });
      const staffOfClient = await list(k.rootToken, { filters: { clientId, roles: ['admin'] } });
      expect(staffOfClient.body).toEqual({ items: [], nextCursor: null, total: 0 });
      const unknown = await list(k.rootToken, {
        filters: { clientId: '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d' },
      });
      expect(unknown.body).toEqual({ items: [], nextCursor: null, total: 0 });
    });

    it('filters by active', async () => {
      expect(ids(await list(k.rootToken, { filters: { search: tag, active: false } }))).toEqual(
        idsOf('bob', 'fay'),
      );
      expect(ids(await list(k.rootToken, { filters: { search: tag, active: true } }))).toEqual(
        idsOf('anna', 'cat', 'dan', 'eve', 'client', 'other'),
      );
      const combined = await list(k.rootToken, {
        filters: { search: tag, active: false, roles: ['salesman'] },
      });
      expect(ids(combined)).toEqual(idsOf('fay'));
      expect(combined.body.total).toBe(1);
    });
  });

  describe('POST /api/user/get/list: bad input', () => {
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    it.each([
      ['garbage', 'not a cursor!!'],
      ['base64 of non-JSON', Buffer.from('hello').toString('base64url')],
      ['JSON without id', cursorOf({ k: 'x' })],
      ['JSON without k', cursorOf({ id: '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d' })],
      ['JSON null', cursorOf(null)],
      ['an id that is not a uuid', cursorOf({ k: 'x', id: 'not-a-uuid' })],
    ])('an invalid cursor (%s) is 400', async (_name, cursor) => {
      const res = await list(k.rootToken, { cursor, orderBy: { field: 'lastName', direction: 'asc' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.invalidCursor });
    });

    it('a cursor whose key does not fit the sort field is 400', async () => {
      const cursor = cursorOf({ k: 'not a timestamp', id: '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d' });
      const res = await list(k.rootToken, { cursor, orderBy: { field: 'createdAt', direction: 'desc' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.invalidCursor });
    });

    it.each([
      ['limit 0', { limit: 0 }, 'limit'],
      ['limit 51', { limit: 51 }, 'limit'],
      ['limit 2.5', { limit: 2.5 }, 'limit'],
      ['unknown sort field', { orderBy: { field: 'passwordHash', direction: 'asc' } }, 'orderBy.field'],
      ['unknown direction', { orderBy: { field: 'email', direction: 'up' } }, 'orderBy.direction'],
      ['unknown filter', { filters: { client: 'x' } }, 'filters'],
      ['client id not a UUID', { filters: { clientId: 'x' } }, 'filters.clientId'],
      ['client id not a string', { filters: { clientId: 7 } }, 'filters.clientId'],
      [
        'client id with NUL',
        { filters: { clientId: '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8\u0000' } },
        'filters.clientId',
      ],
      ['roles not an array', { filters: { roles: 'user' } }, 'filters.roles'],
      ['search too long', { filters: { search: 'x'.repeat(101) } }, 'filters.search'],
      ['active not boolean', { filters: { active: 'yes' } }, 'filters.active'],
    ])('%s is a 400 validation error', async (_name, body, path) => {
      const res = await list(k.rootToken, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'ValidationError',
        message: expect.any(String),
        details: expect.arrayContaining([expect.objectContaining({ path })]),
      });
      expect(res.body.message).toBe(res.body.details[0].message);
    });

    it('an unknown role in the roles filter gives the role message', async () => {
      const res = await list(k.rootToken, { filters: { roles: ['king'] } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'ValidationError',
        message: MESSAGES.validation.roleRequired,
        details: [{ path: 'filters.roles.0', message: MESSAGES.validation.roleRequired }],
      });
    });

    it('a body that is not JSON is 400', async () => {
      const res = await k.t
        .http()
        .post('/api/user/get/list')
        .set('Authorization', `Bearer ${k.rootToken}`)
        .set('Content-Type', 'application/json')
        .send('{"limit":');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.enterCorrectData });
    });
  });
});
