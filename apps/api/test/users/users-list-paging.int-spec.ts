import { eq } from 'drizzle-orm';
import { MESSAGES, ROLES, type UserView } from '@depot/contracts';
import { users } from '../../src/db/schema';
import { expectNoSecrets, newTag, USER_VIEW_KEYS, usersListKit } from './users-list.kit';

/** POST user/get/list: who sees which users, and keyset pagination (page sizes, sort orders, ties, late rows). */

describe('users API: reading', () => {
  const k = usersListKit();
  const { list, insertUsers, listAll } = k;

  describe('POST /api/user/get/list: access', () => {
    it.each(['operator', 'magazyn', 'user'] as const)('a %s is refused with 403', async (role) => {
      const { token } = await k.t.userWithToken(role);
      const res = await list(token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: MESSAGES.forbidden });
    });

    it('is 401 without a session', async () => {
      const res = await k.t.http().post('/api/user/get/list').send({});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: MESSAGES.notSignedIn });
    });

    it.each(['superAdmin', 'admin'] as const)(
      'a %s sees every user, staff and client users, client users with their client',
      async (role) => {
        const tag = newTag();
        const everyone: Record<string, string> = {};
        for (const r of ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn'] as const) {
          everyone[r] = (await k.t.createUser(r, { email: `${tag}-${r.toLowerCase()}@test.depot` })).id;
        }
        const clientId = await k.t.createClient({ companyName: `Listed Client ${tag}` });
        everyone.user = (await k.t.createUser('user', { clientId, email: `${tag}-client@test.depot` })).id;
        const token = role === 'superAdmin' ? k.rootToken : (await k.t.userWithToken('admin')).token;
        const res = await list(token, { filters: { search: tag } });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(6);
        expect(res.body.nextCursor).toBeNull();
        expect(res.body.items.map((u: UserView) => u.id).sort()).toEqual(Object.values(everyone).sort());
        for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual(USER_VIEW_KEYS);
        expect(res.body.items.find((u: UserView) => u.role === 'user')).toMatchObject({
          id: everyone.user,
          clientId,
          clientName: `Listed Client ${tag}`,
        });
        const staff = (res.body.items as UserView[]).filter((u) => u.role !== 'user');
        expect(staff.map((u) => [u.clientId, u.clientName])).toEqual(staff.map(() => [null, null]));
        expectNoSecrets(res.body);

        // Unfiltered: every user in the database.
        const all = await listAll(token, {});
        const [{ n }] = (
          await k.t.depot.runtime.pool.query<{ n: number }>(`select count(*)::int as n from users`)
        ).rows;
        expect(all.total).toBe(n);
        expect(all.items).toHaveLength(n);
        expect(all.items.map((u) => u.id)).toEqual(expect.arrayContaining([k.rootId, everyone.user]));
      },
    );

    it('a salesman gets only itself, whatever the filters', async () => {
      const tag = newTag();
      const s = await k.t.createUser('salesman', { email: `${tag}-me@test.depot` });
      await k.t.createUser('salesman', { email: `${tag}-other@test.depot` });
      const clientId = await k.t.createClient();
      const client = {
        clientId,
        ...(await k.t.createUser('user', { clientId, email: `${tag}-client@test.depot` })),
      };
      const token = await k.t.signIn(s.email);
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
      // Client users are not in a salesman's users list (it manages them from the client's page).
      const clientUsers = await list(token, { filters: { search: tag, roles: ['user'] } });
      expect(clientUsers.body).toEqual({ items: [], nextCursor: null, total: 0 });
      const ofClient = await list(token, { filters: { clientId: client.clientId! } });
      expect(ofClient.body).toEqual({ items: [], nextCursor: null, total: 0 });
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
      const first = await list(k.rootToken, { filters: { search: tag } });
      expect(first.status).toBe(200);
      expect(first.body.items).toHaveLength(50);
      expect(first.body.total).toBe(COUNT);
      expect(typeof first.body.nextCursor).toBe('string');

      const second = await list(k.rootToken, { filters: { search: tag }, cursor: first.body.nextCursor });
      expect(second.status).toBe(200);
      expect(second.body.items).toHaveLength(50);
      expect(second.body.total).toBe(COUNT);
      expect(typeof second.body.nextCursor).toBe('string');

      const third = await list(k.rootToken, { filters: { search: tag }, cursor: second.body.nextCursor });
      expect(third.body.items).toHaveLength(COUNT - 100);
      expect(third.body.nextCursor).toBeNull();
      expect(third.body.total).toBe(COUNT);

      const ids = [...first.body.items, ...second.body.items, ...third.body.items].map((u: UserView) => u.id);
      expect(new Set(ids).size).toBe(COUNT);
      expect(ids).toEqual(byKey((u) => u.createdAt.getTime(), 'desc'));
    });

    it.each(['asc', 'desc'] as const)('sorts by createdAt %s across pages', async (direction) => {
      const all = await listAll(k.rootToken, {
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
        const all = await listAll(k.rootToken, {
          filters: { search: tag },
          orderBy: { field: 'lastName', direction },
        });
        expect(all.total).toBe(COUNT);
        expect(all.items.map((u) => u.id)).toEqual(byKey((u) => u.lastName.toLowerCase(), direction));
      },
    );

    it('honours a smaller limit and keeps the filters on later pages', async () => {
      const all = await listAll(
        k.rootToken,
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
        const all = await listAll(k.rootToken, {
          filters: { search: tag },
          orderBy: { field, direction: 'asc' },
        });
        expect(new Set(all.items.map((u) => u.id)).size).toBe(COUNT);
      }
      const byEmail = await listAll(k.rootToken, {
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
      const first = await list(k.rootToken, {
        filters: { search: tag },
        orderBy: { field: 'lastName', direction: 'asc' },
      });
      const [late] = await insertUsers([{ email: `${tag}-late@test.depot`, lastName: 'zzz' }]);
      try {
        const rest = await listAll(k.rootToken, {
          filters: { search: tag },
          orderBy: { field: 'lastName', direction: 'asc' },
          cursor: first.body.nextCursor,
        });
        const ids = [...first.body.items.map((u: UserView) => u.id), ...rest.items.map((u) => u.id)];
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.at(-1)).toBe(late.id);
        expect(ids).toHaveLength(COUNT + 1);
      } finally {
        await k.t.depot.runtime.db.delete(users).where(eq(users.id, late.id));
      }
    });
  });
});
