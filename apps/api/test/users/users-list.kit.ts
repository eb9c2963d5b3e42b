import { eq } from 'drizzle-orm';
import type { Role, UserListRequest, UserView } from '@depot/contracts';
import { users } from '../../src/db/schema';
import { ADMIN, startTestDepot, type TestDepot } from '../harness';

export { USER_VIEW_KEYS } from './users-changes.kit';

/** Shared by the users-list suites (reading users): one depot per suite, the root admin, bulk inserts, paging. */

/** No reply may ever carry a password hash (argon2 hashes start with `$argon2`). */
export const expectNoSecrets = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password/i);
  expect(text).not.toContain('$argon2');
};

let tagSeq = 0;
/** A lower-case, letters-and-digits tag unique to this run, for search-scoped assertions. */
export const newTag = () =>
  `t${Date.now().toString(36)}${process.pid.toString(36)}x${(tagSeq++).toString(36)}`;

/** Starts one depot for the calling describe block (beforeAll/afterAll) and returns its helpers. */
export function usersListKit() {
  const k = {} as { t: TestDepot; rootToken: string; rootId: string; passwordHash: string };

  const get = (path: string, token: string) => k.t.http().get(path).set('Authorization', `Bearer ${token}`);
  const list = (token: string, body: UserListRequest | Record<string, unknown> = {}) =>
    k.t.http().post('/api/user/get/list').set('Authorization', `Bearer ${token}`).send(body);

  /** Inserts users in one statement with the harness password hash; returns them as inserted. */
  const insertUsers = async (rows: Array<Partial<typeof users.$inferInsert> & { email: string }>) =>
    k.t.depot.runtime.db
      .insert(users)
      .values(
        rows.map((r) => ({
          firstName: 'Bulk',
          lastName: 'Bulk',
          role: 'operator' as Role,
          lang: 'en' as const,
          passwordHash: k.passwordHash,
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
    k.t = await startTestDepot();
    k.rootToken = await k.t.sessionFor(ADMIN.email);
    const me = await get('/api/user/get/current', k.rootToken);
    k.rootId = me.body.id;
    const probe = await k.t.createUser('operator');
    const [row] = await k.t.depot.runtime.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.id, probe.id));
    k.passwordHash = row.h;
  });
  afterAll(async () => {
    await k.t.close();
  });

  return Object.assign(k, { get, list, insertUsers, listAll });
}
