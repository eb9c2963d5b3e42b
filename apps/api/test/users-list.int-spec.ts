import { eq } from 'drizzle-orm';
import {
  MESSAGES,
  permissionsOf,
  ROLES,
  type Role,
  type UserListRequest,
  type UserView,
} from '@depot/contracts';
import { users } from '../src/db/schema';
import { ADMIN, startTestDepot, type TestDepot } from './harness';

/** Reading users: GET user/get/current, GET user/:userId, POST user/get/list. */

const USER_VIEW_KEYS = [
  'active',
  'clientId',
  'clientName',
  'createdAt',
  'disableNewOrders',
  'email',
  'firstName',
  'id',
  'lang',
  'lastName',
  'role',
  'updatedAt',
].sort();

/** No reply may ever carry a password hash (argon2 hashes start with `$argon2`). */
const expectNoSecrets = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password/i);
  expect(text).not.toContain('$argon2');
};

let tagSeq = 0;
/** A lower-case, letters-and-digits tag unique to this run, for search-scoped assertions. */
const newTag = () => `t${Date.now().toString(36)}${process.pid.toString(36)}x${(tagSeq++).toString(36)}`;

describe('users API: reading', () => {
  let t: TestDepot;
  let rootToken: string;
  let rootId: string;
  let passwordHash: string;

  const get = (path: string, token: string) => t.http().get(path).set('Authorization', `Bearer ${token}`);
  const list = (token: string, body: UserListRequest | Record<string, unknown> = {}) =>
    t.http().post('/api/user/get/list').set('Authorization', `Bearer ${token}`).send(body);

  /** Inserts users in one statement with the harness password hash; returns them as inserted. */
  const insertUsers = async (rows: Array<Partial<typeof users.$inferInsert> & { email: string }>) =>
    t.depot.runtime.db
      .insert(users)
      .values(
        rows.map((r) => ({
          firstName: 'Bulk',
          lastName: 'Bulk',
          role: 'operator' as Role,
          lang: 'en' as const,
          passwordHash,
          ...r,
        })),
      )
      .returning({ id: users.id, email: users.email, lastName: users.lastName, createdAt: users.createdAt });

  /** Walks every page; checks page sizes, the total on each page and the null cursor at the end. */
  const listAll = async (token: string, body: UserListRequest, pageSize = 50) => {
    const pages: UserView[][] = [];
    let cursor: string | null = body.cursor ?? null;
    let total: number | undefined;
    do {
      const res = await list(token, { ...body, cursor });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(pageSize);
      if (total !== undefined) expect(res.body.total).toBe(total);
      total = res.body.total as number;
      pages.push(res.body.items);
      cursor = res.body.nextCursor;
      if (cursor !== null) expect(res.body.items).toHaveLength(pageSize);
      expect(pages.length).toBeLessThan(100);
    } while (cursor !== null);
    return { pages, items: pages.flat(), total: total! };
  };

  beforeAll(async () => {
    t = await startTestDepot();
    rootToken = await t.signIn(ADMIN.email, ADMIN.password);
    const me = await get('/api/user/get/current', rootToken);
    rootId = me.body.id;
    const probe = await t.createUser('operator');
    const [row] = await t.depot.runtime.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.id, probe.id));
    passwordHash = row.h;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/user/get/current', () => {
    it('returns the superAdmin with its permissions and the session expiry', async () => {
      const signIn = await t
        .http()
        .post('/api/auth/email')
        .send({ email: ADMIN.email, password: ADMIN.password });
      const res = await get('/api/user/get/current', signIn.body.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: rootId,
        email: ADMIN.email,
        role: 'superAdmin',
        clientId: null,
        clientName: null,
        active: true,
        clientDisableNewOrders: false,
      });
      expect(res.body.permissions).toEqual(permissionsOf('superAdmin'));
      expect(res.body.permissions).toEqual(
        expect.arrayContaining(['users.read', 'users.write', 'clientUsers.write']),
      );
      expect(new Date(res.body.sessionValidUntil).getTime()).toBe(new Date(signIn.body.validUntil).getTime());
      expect(Object.keys(res.body).sort()).toEqual(
        [...USER_VIEW_KEYS, 'permissions', 'sessionValidUntil', 'clientDisableNewOrders'].sort(),
      );
      expectNoSecrets(res.body);
    });

    it.each(ROLES)('a %s gets its own account and exactly its own permissions', async (role) => {
      const u = await t.userWithToken(role);
      const res = await get('/api/user/get/current', u.token);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(u.id);
      expect(res.body.email).toBe(u.email);
      expect(res.body.role).toBe(role);
      expect(res.body.clientId).toBe(u.clientId);
      expect(res.body.permissions).toEqual(permissionsOf(role));
      expect(typeof res.body.sessionValidUntil).toBe('string');
      expect(new Date(res.body.sessionValidUntil).getTime()).toBeGreaterThan(Date.now());
      expectNoSecrets(res.body);
    });

    it('a salesman sees only users.read among the users permissions', async () => {
      const { token } = await t.userWithToken('salesman');
      const res = await get('/api/user/get/current', token);
      expect(res.body.role).toBe('salesman');
      expect(res.body.permissions).toContain('users.read');
      expect(res.body.permissions).toContain('clientUsers.write');
      expect(res.body.permissions).not.toContain('users.write');
      expect(res.body.permissions).not.toContain('users.readAll');
    });

    it("a client user gets its client's name and the client's disableNewOrders flag", async () => {
      const clientId = await t.createClient({
        companyName: 'Acme Current Sp. z o.o.',
        disableNewOrders: true,
      });
      const u = await t.createUser('user', { clientId });
      const token = await t.signIn(u.email);
      const res = await get('/api/user/get/current', token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        clientId,
        clientName: 'Acme Current Sp. z o.o.',
        clientDisableNewOrders: true,
      });
    });

    it('is 401 without a session', async () => {
      const res = await t.http().get('/api/user/get/current');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: MESSAGES.notSignedIn });
    });
  });

  describe('GET /api/user/:userId', () => {
    it('admin and superAdmin open any user, staff or client user', async () => {
      const { token: adminToken } = await t.userWithToken('admin');
      const staff = await t.createUser('magazyn');
      const clientUser = await t.createUser('user');
      for (const token of [rootToken, adminToken]) {
        for (const target of [staff, clientUser, { id: rootId, email: ADMIN.email }]) {
          const res = await get(`/api/user/${target.id}`, token);
          expect(res.status).toBe(200);
          expect(res.body.id).toBe(target.id);
          expect(res.body.email).toBe(target.email);
          expect(Object.keys(res.body).sort()).toEqual(USER_VIEW_KEYS);
          expectNoSecrets(res.body);
        }
      }
    });

    it('a client user is shown with its client name', async () => {
      const clientId = await t.createClient({ companyName: 'Named Client Ltd' });
      const u = await t.createUser('user', { clientId });
      const res = await get(`/api/user/${u.id}`, rootToken);
      expect(res.body).toMatchObject({ role: 'user', clientId, clientName: 'Named Client Ltd' });
    });

    it('a salesman opens itself and client users, but not other staff', async () => {
      const s = await t.userWithToken('salesman');
      expect((await get(`/api/user/${s.id}`, s.token)).status).toBe(200);
      const clientUser = await t.createUser('user');
      expect((await get(`/api/user/${clientUser.id}`, s.token)).status).toBe(200);
      for (const role of ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn'] as const) {
        const other = await t.createUser(role);
        const res = await get(`/api/user/${other.id}`, s.token);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.userNotFound });
      }
    });

    it.each(['operator', 'magazyn', 'user'] as const)('a %s opens only itself', async (role) => {
      const me = await t.userWithToken(role);
      const mine = await get(`/api/user/${me.id}`, me.token);
      expect(mine.status).toBe(200);
      expect(mine.body.id).toBe(me.id);
      const sameClient = await t.createUser('user', { clientId: me.clientId ?? undefined });
      for (const other of [
        { id: rootId },
        await t.createUser('operator'),
        await t.createUser('user'),
        sameClient,
      ]) {
        const res = await get(`/api/user/${other.id}`, me.token);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.userNotFound });
      }
    });

    it.each(['not-a-uuid', '123', '00000000-0000-0000-0000-00000000000g'])(
      'a malformed id %s is 404',
      async (id) => {
        const res = await get(`/api/user/${id}`, rootToken);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.userNotFound });
      },
    );

    it('an unknown id is 404', async () => {
      const res = await get('/api/user/6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d', rootToken);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.userNotFound });
    });

    it('is 401 without a session', async () => {
      expect((await t.http().get(`/api/user/${rootId}`)).status).toBe(401);
    });
  });

  describe('POST /api/user/get/list: access', () => {
    it.each(['operator', 'magazyn', 'user'] as const)('a %s is refused with 403', async (role) => {
      const { token } = await t.userWithToken(role);
      const res = await list(token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: MESSAGES.forbidden });
    });

    it('is 401 without a session', async () => {
      const res = await t.http().post('/api/user/get/list').send({});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: MESSAGES.notSignedIn });
    });

    it.each(['superAdmin', 'admin'] as const)(
      'a %s sees every staff user but no client user',
      async (role) => {
        const tag = newTag();
        const staff: Record<string, string> = {};
        for (const r of ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn'] as const) {
          staff[r] = (await t.createUser(r, { email: `${tag}-${r.toLowerCase()}@test.depot` })).id;
        }
        const clientUser = await t.createUser('user', { email: `${tag}-client@test.depot` });
        const token = role === 'superAdmin' ? rootToken : (await t.userWithToken('admin')).token;
        const res = await list(token, { filters: { search: tag } });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(5);
        expect(res.body.nextCursor).toBeNull();
        expect(res.body.items.map((u: UserView) => u.id).sort()).toEqual(Object.values(staff).sort());
        expect(res.body.items.map((u: UserView) => u.id)).not.toContain(clientUser.id);
        for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual(USER_VIEW_KEYS);
        expectNoSecrets(res.body);

        // Unfiltered: every staff user in the database, and never a client user.
        const all = await listAll(token, {});
        const [{ n }] = (
          await t.depot.runtime.pool.query<{ n: number }>(
            `select count(*)::int as n from users where role <> 'user'`,
          )
        ).rows;
        expect(all.total).toBe(n);
        expect(all.items).toHaveLength(n);
        expect(all.items.some((u) => u.role === 'user')).toBe(false);
        expect(all.items.map((u) => u.id)).toContain(rootId);
      },
    );

    it('a salesman gets only itself, whatever the filters', async () => {
      const tag = newTag();
      const s = await t.createUser('salesman', { email: `${tag}-me@test.depot` });
      await t.createUser('salesman', { email: `${tag}-other@test.depot` });
      await t.createUser('user', { email: `${tag}-client@test.depot` });
      const token = await t.signIn(s.email);
      const plain = await list(token);
      expect(plain.status).toBe(200);
      expect(plain.body).toEqual({
        items: [expect.objectContaining({ id: s.id, role: 'salesman' })],
        nextCursor: null,
        total: 1,
      });
      const searched = await list(token, { filters: { search: tag } });
      expect(searched.body.total).toBe(1);
      expect(searched.body.items.map((u: UserView) => u.id)).toEqual([s.id]);
      const admins = await list(token, { filters: { roles: ['admin', 'superAdmin'] } });
      expect(admins.body).toEqual({ items: [], nextCursor: null, total: 0 });
      const inactive = await list(token, { filters: { active: false } });
      expect(inactive.body).toEqual({ items: [], nextCursor: null, total: 0 });
      expectNoSecrets(plain.body);
    });
  });

  describe('POST /api/user/get/list: keyset pagination', () => {
    const COUNT = 123;
    let tag: string;
    let inserted: Array<{ id: string; email: string; lastName: string; createdAt: Date }>;

    beforeAll(async () => {
      tag = newTag();
      const base = Date.UTC(2030, 0, 1);
      const rows = Array.from({ length: COUNT }, (_, i) => ({
        email: `${tag}-${String(i).padStart(3, '0')}@test.depot`,
        firstName: 'Page',
        // Pairs share a last name (ties are broken by id); the case varies to prove the sort is case-insensitive.
        lastName: `${i % 2 ? 'K' : 'k'}w${String(Math.floor(((i * 37) % COUNT) / 2)).padStart(3, '0')}`,
        role: ROLES[i % 5],
        // Triples share a creation time (ties again), and insert order differs from time order.
        createdAt: new Date(base + Math.floor(((i * 53) % COUNT) / 3) * 1000),
      }));
      inserted = await insertUsers(rows);
      if (inserted.length !== COUNT) throw new Error(`inserted ${inserted.length} of ${COUNT} users`);
    });

    const byKey = (
      key: (u: { id: string; lastName: string; createdAt: Date }) => string | number,
      dir: 'asc' | 'desc',
    ) => {
      const sign = dir === 'asc' ? 1 : -1;
      return [...inserted]
        .sort((a, b) => {
          const ka = key(a);
          const kb = key(b);
          if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
          return (a.id < b.id ? -1 : 1) * sign;
        })
        .map((u) => u.id);
    };

    it('pages of 50 with a cursor, no duplicates or gaps, correct total, null cursor at the end (default: createdAt desc)', async () => {
      const first = await list(rootToken, { filters: { search: tag } });
      expect(first.status).toBe(200);
      expect(first.body.items).toHaveLength(50);
      expect(first.body.total).toBe(COUNT);
      expect(typeof first.body.nextCursor).toBe('string');

      const second = await list(rootToken, { filters: { search: tag }, cursor: first.body.nextCursor });
      expect(second.status).toBe(200);
      expect(second.body.items).toHaveLength(50);
      expect(second.body.total).toBe(COUNT);
      expect(typeof second.body.nextCursor).toBe('string');

      const third = await list(rootToken, { filters: { search: tag }, cursor: second.body.nextCursor });
      expect(third.body.items).toHaveLength(COUNT - 100);
      expect(third.body.nextCursor).toBeNull();
      expect(third.body.total).toBe(COUNT);

      const ids = [...first.body.items, ...second.body.items, ...third.body.items].map((u: UserView) => u.id);
      expect(new Set(ids).size).toBe(COUNT);
      expect(ids).toEqual(byKey((u) => u.createdAt.getTime(), 'desc'));
    });

    it.each(['asc', 'desc'] as const)('sorts by createdAt %s across pages', async (direction) => {
      const all = await listAll(rootToken, {
        filters: { search: tag },
        orderBy: { field: 'createdAt', direction },
      });
      expect(all.total).toBe(COUNT);
      expect(all.pages.map((p) => p.length)).toEqual([50, 50, 23]);
      expect(all.items.map((u) => u.id)).toEqual(byKey((u) => u.createdAt.getTime(), direction));
    });

    it.each(['asc', 'desc'] as const)(
      'sorts by lastName %s (case-insensitive) across pages',
      async (direction) => {
        const all = await listAll(rootToken, {
          filters: { search: tag },
          orderBy: { field: 'lastName', direction },
        });
        expect(all.total).toBe(COUNT);
        expect(all.items.map((u) => u.id)).toEqual(byKey((u) => u.lastName.toLowerCase(), direction));
      },
    );

    it('honours a smaller limit and keeps the filters on later pages', async () => {
      const all = await listAll(
        rootToken,
        {
          limit: 7,
          filters: { search: tag, roles: ['operator'] },
          orderBy: { field: 'lastName', direction: 'asc' },
        },
        7,
      );
      const expected = inserted.filter((_, i) => ROLES[i % 5] === 'operator');
      expect(all.total).toBe(expected.length);
      expect(all.items.every((u) => u.role === 'operator')).toBe(true);
      expect(all.items.map((u) => u.id).sort()).toEqual(expected.map((u) => u.id).sort());
      expect(new Set(all.items.map((u) => u.id)).size).toBe(expected.length);
    });

    it('sorts by email, firstName and role without losing rows', async () => {
      for (const field of ['email', 'firstName', 'role'] as const) {
        const all = await listAll(rootToken, {
          filters: { search: tag },
          orderBy: { field, direction: 'asc' },
        });
        expect(new Set(all.items.map((u) => u.id)).size).toBe(COUNT);
      }
      const byEmail = await listAll(rootToken, {
        filters: { search: tag },
        orderBy: { field: 'email', direction: 'desc' },
      });
      expect(byEmail.items.map((u) => u.email)).toEqual(
        inserted
          .map((u) => u.email)
          .sort()
          .reverse(),
      );
    });

    it('a row created between pages shows up on a later page without duplicating others', async () => {
      const first = await list(rootToken, {
        filters: { search: tag },
        orderBy: { field: 'lastName', direction: 'asc' },
      });
      const [late] = await insertUsers([{ email: `${tag}-late@test.depot`, lastName: 'zzz' }]);
      try {
        const rest = await listAll(rootToken, {
          filters: { search: tag },
          orderBy: { field: 'lastName', direction: 'asc' },
          cursor: first.body.nextCursor,
        });
        const ids = [...first.body.items.map((u: UserView) => u.id), ...rest.items.map((u) => u.id)];
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.at(-1)).toBe(late.id);
        expect(ids).toHaveLength(COUNT + 1);
      } finally {
        await t.depot.runtime.db.delete(users).where(eq(users.id, late.id));
      }
    });
  });

  describe('POST /api/user/get/list: filters', () => {
    let tag: string;
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
      const clientId = await t.createClient();
      await t.createUser('user', { clientId, email: `${tag}-client@test.depot` });
    });

    const ids = (res: { body: { items: UserView[] } }) => res.body.items.map((u) => u.id).sort();
    const idsOf = (...names: string[]) => names.map((n) => people[n].id).sort();

    it('search matches first name, last name and e-mail, case-insensitively', async () => {
      const byFirst = await list(rootToken, { filters: { search: 'ANNABELLE' } });
      expect(ids(byFirst)).toEqual(idsOf('anna'));
      const byLast = await list(rootToken, { filters: { search: 'kowALSKI' } });
      expect(ids(byLast)).toEqual(idsOf('bob'));
      const byEmail = await list(rootToken, { filters: { search: `${tag.toUpperCase()}-CAT@` } });
      expect(ids(byEmail)).toEqual(idsOf('cat'));
      const byTag = await list(rootToken, { filters: { search: tag } });
      expect(byTag.body.total).toBe(6);
      expect(ids(byTag)).toEqual(idsOf('anna', 'bob', 'cat', 'dan', 'eve', 'fay'));
      const padded = await list(rootToken, { filters: { search: `  ${tag}  ` } });
      expect(padded.body.total).toBe(6);
      const none = await list(rootToken, { filters: { search: `${tag}-nobody` } });
      expect(none.body).toEqual({ items: [], nextCursor: null, total: 0 });
    });

    it('treats % and _ (and \\) in the search as literal characters', async () => {
      expect(ids(await list(rootToken, { filters: { search: `q%z${tag}` } }))).toEqual(idsOf('cat'));
      expect(ids(await list(rootToken, { filters: { search: `q_z${tag}` } }))).toEqual(idsOf('dan'));
      expect(ids(await list(rootToken, { filters: { search: `q\\z${tag}` } }))).toEqual(idsOf('fay'));
      expect(ids(await list(rootToken, { filters: { search: `qxz${tag}` } }))).toEqual(idsOf('eve'));
      const percent = await list(rootToken, { filters: { search: '%' } });
      expect(ids(percent)).toEqual(idsOf('cat'));
      const underscore = await list(rootToken, { filters: { search: '_' } });
      expect(ids(underscore)).toEqual(idsOf('dan'));
    });

    it('filters by roles', async () => {
      const ops = await list(rootToken, { filters: { search: tag, roles: ['operator'] } });
      expect(ids(ops)).toEqual(idsOf('bob', 'eve'));
      const two = await list(rootToken, { filters: { search: tag, roles: ['admin', 'salesman'] } });
      expect(ids(two)).toEqual(idsOf('anna', 'dan', 'fay'));
      expect(two.body.total).toBe(3);
      const clientUsers = await list(rootToken, { filters: { search: tag, roles: ['user'] } });
      expect(clientUsers.body).toEqual({ items: [], nextCursor: null, total: 0 });
      // No role picked is no role filter (the same meaning as userMatchesListFilters in libs/domain).
      const nonePicked = await list(rootToken, { filters: { search: tag, roles: [] } });
      expect(ids(nonePicked)).toEqual(idsOf('anna', 'bob', 'cat', 'dan', 'eve', 'fay'));
    });

    it('filters by active', async () => {
      expect(ids(await list(rootToken, { filters: { search: tag, active: false } }))).toEqual(
        idsOf('bob', 'fay'),
      );
      expect(ids(await list(rootToken, { filters: { search: tag, active: true } }))).toEqual(
        idsOf('anna', 'cat', 'dan', 'eve'),
      );
      const combined = await list(rootToken, {
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
      const res = await list(rootToken, { cursor, orderBy: { field: 'lastName', direction: 'asc' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.invalidCursor });
    });

    it('a cursor whose key does not fit the sort field is 400', async () => {
      const cursor = cursorOf({ k: 'not a timestamp', id: '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d' });
      const res = await list(rootToken, { cursor, orderBy: { field: 'createdAt', direction: 'desc' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.invalidCursor });
    });

    it.each([
      ['limit 0', { limit: 0 }, 'limit'],
      ['limit 51', { limit: 51 }, 'limit'],
      ['limit 2.5', { limit: 2.5 }, 'limit'],
      ['unknown sort field', { orderBy: { field: 'passwordHash', direction: 'asc' } }, 'orderBy.field'],
      ['unknown direction', { orderBy: { field: 'email', direction: 'up' } }, 'orderBy.direction'],
      ['unknown filter', { filters: { clientId: 'x' } }, 'filters'],
      ['search too long', { filters: { search: 'x'.repeat(101) } }, 'filters.search'],
      ['active not boolean', { filters: { active: 'yes' } }, 'filters.active'],
    ])('%s is a 400 validation error', async (_name, body, path) => {
      const res = await list(rootToken, body);
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
      const res = await list(rootToken, { filters: { roles: ['king'] } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'ValidationError',
        message: MESSAGES.validation.roleRequired,
        details: [{ path: 'filters.roles.0', message: MESSAGES.validation.roleRequired }],
      });
    });

    it('a body that is not JSON is 400', async () => {
      const res = await t
        .http()
        .post('/api/user/get/list')
        .set('Authorization', `Bearer ${rootToken}`)
        .set('Content-Type', 'application/json')
        .send('{"limit":');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.enterCorrectData });
    });
  });
});
