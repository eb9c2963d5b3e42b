import { MAX_TEXT_LENGTH, MESSAGES, rooms, type UserView } from '@depot/contracts';
import { eventMatching } from '../harness';
import { openSocket, recorder, settled, subscribe } from '../realtime/realtime.kit';
import {
  NEW_PASSWORD,
  UNKNOWN_ID,
  expectError,
  expectNoSecrets,
  newEmail,
  usersChangesKit,
} from './users-changes.kit';

/**
 * POST /api/client/:clientId/user/get/list — one client's logins on the client's page (decision 0112): who may list
 * them, what it lists, bad input, and the live part of the users list that page follows.
 */

describe("users API: a client's logins", () => {
  const k = usersChangesKit();
  const { bearer, create, put } = k;
  const listOf = (token: string | null, clientId: string, body: unknown = {}) => {
    const req = k.t.http().post(`/api/client/${clientId}/user/get/list`);
    return (token ? req.set(bearer(token)) : req).send(body as object);
  };
  const ids = (res: { body: { items: UserView[] } }) => res.body.items.map((u) => u.id).sort();

  let clientId: string;
  let otherClientId: string;
  let logins: { on: { id: string }; off: { id: string }; searched: { id: string } };

  beforeAll(async () => {
    clientId = await k.t.createClient({ companyName: 'Logins Sp. z o.o.' });
    otherClientId = await k.t.createClient();
    logins = {
      on: await k.t.createUser('user', { clientId }),
      off: await k.t.createUser('user', { clientId, active: false }),
      searched: await k.t.createUser('user', { clientId, email: newEmail('findme') }),
    };
    await k.t.createUser('user', { clientId: otherClientId });
  });

  describe('who may list them', () => {
    it.each(['superAdmin', 'admin', 'salesman'] as const)(
      "a %s gets exactly that client's users, with the client's name",
      async (role) => {
        const token = role === 'superAdmin' ? k.rootToken : (await k.t.userWithToken(role)).token;
        const res = await listOf(token, clientId);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(3);
        expect(res.body.nextCursor).toBeNull();
        expect(ids(res)).toEqual([logins.on.id, logins.off.id, logins.searched.id].sort());
        for (const u of res.body.items as UserView[])
          expect(u).toMatchObject({ role: 'user', clientId, clientName: 'Logins Sp. z o.o.' });
        expectNoSecrets(res.body);
      },
    );

    it.each(['operator', 'magazyn'] as const)('a %s is refused with 403', async (role) => {
      const { token } = await k.t.userWithToken(role);
      expectError(await listOf(token, clientId), 403, 'Forbidden', MESSAGES.forbidden);
    });

    it("a client user is refused with 403, its own client's logins too", async () => {
      const me = await k.t.userWithToken('user');
      expectError(await listOf(me.token, me.clientId!), 403, 'Forbidden', MESSAGES.forbidden);
      expectError(await listOf(me.token, clientId), 403, 'Forbidden', MESSAGES.forbidden);
    });

    it('a refused role hears 403 before its bad input or a bad client id is looked at', async () => {
      const { token } = await k.t.userWithToken('operator');
      expectError(await listOf(token, clientId, { limit: 'x' }), 403, 'Forbidden', MESSAGES.forbidden);
      expectError(await listOf(token, 'not-a-uuid'), 403, 'Forbidden', MESSAGES.forbidden);
    });

    it('is 401 without a session', async () => {
      expectError(await listOf(null, clientId), 401, 'Unauthorized', MESSAGES.notSignedIn);
    });
  });

  describe('filters and paging', () => {
    it('search, active and a page size narrow the list; staff and other clients never appear', async () => {
      const searched = await listOf(k.rootToken, clientId, { filters: { search: 'FINDME' } });
      expect(ids(searched)).toEqual([logins.searched.id]);
      const inactive = await listOf(k.rootToken, clientId, { filters: { active: false } });
      expect(ids(inactive)).toEqual([logins.off.id]);
      const page = await listOf(k.rootToken, clientId, {
        limit: 2,
        orderBy: { field: 'email', direction: 'asc' },
      });
      expect(page.body.items).toHaveLength(2);
      expect(page.body.total).toBe(3);
      const rest = await listOf(k.rootToken, clientId, {
        limit: 2,
        cursor: page.body.nextCursor,
        orderBy: { field: 'email', direction: 'asc' },
      });
      expect(rest.body).toMatchObject({ nextCursor: null, total: 3 });
      expect([...ids(page), ...ids(rest)].sort()).toEqual(
        [logins.on.id, logins.off.id, logins.searched.id].sort(),
      );
    });

    it('a client without users lists nothing', async () => {
      const empty = await k.t.createClient();
      expect((await listOf(k.rootToken, empty)).body).toEqual({ items: [], nextCursor: null, total: 0 });
    });
  });

  describe('bad input', () => {
    it.each([
      ['not a UUID', 'not-a-uuid'],
      ['unknown', UNKNOWN_ID],
      ['a user id', 'USER'],
      ['NUL', `${UNKNOWN_ID.slice(0, -1)}%00`],
      ['huge', 'a'.repeat(5000)],
    ])('a client id that names no client (%s) is 404', async (_name, id) => {
      const path = id === 'USER' ? logins.on.id : id;
      expectError(await listOf(k.rootToken, path), 404, 'Not Found', MESSAGES.clientNotFound);
    });

    it.each([
      ['a role filter (the list is client users only)', { filters: { roles: ['user'] } }, 'filters'],
      ['a client filter (the client is the path)', { filters: { clientId: UNKNOWN_ID } }, 'filters'],
      ['search too long', { filters: { search: 'x'.repeat(101) } }, 'filters.search'],
      ['search not a string', { filters: { search: 42 } }, 'filters.search'],
      ['active not a boolean', { filters: { active: 'yes' } }, 'filters.active'],
      ['filters not an object', { filters: 'all' }, 'filters'],
      ['limit a string', { limit: 'x' }, 'limit'],
      ['limit 51', { limit: 51 }, 'limit'],
      ['unknown sort field', { orderBy: { field: 'passwordHash', direction: 'asc' } }, 'orderBy.field'],
    ])('%s is a 400 validation error', async (_name, body, path) => {
      const res = await listOf(k.rootToken, clientId, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'ValidationError',
        message: res.body.details[0].message,
        details: expect.arrayContaining([expect.objectContaining({ path })]),
      });
    });

    it('NUL and huge text in the search are refused by the text rule', async () => {
      const nul = await listOf(k.rootToken, clientId, { filters: { search: 'a\u0000b' } });
      expectError400(nul, MESSAGES.textNotStorable('filters.search'));
      const huge = await listOf(k.rootToken, clientId, { filters: { search: 'x'.repeat(100_000) } });
      expectError400(huge, MESSAGES.textTooLong('filters.search', MAX_TEXT_LENGTH));
    });

    it('a forged cursor is 400', async () => {
      const res = await listOf(k.rootToken, clientId, { cursor: 'not a cursor!!' });
      expectError(res, 400, 'Bad Request', MESSAGES.invalidCursor);
    });
  });

  describe("live: the client's part of the users list", () => {
    it('a salesman on the page hears a login created, edited and moved away; nothing of other clients', async () => {
      const salesman = await k.t.userWithToken('salesman');
      const s = await openSocket(k.t, { token: salesman.token });
      expect(await subscribe(s, rooms.clientList('users', clientId))).toEqual({ ok: true });
      const heard = recorder(s);

      const body = {
        firstName: 'Live',
        lastName: 'Login',
        email: newEmail('live'),
        role: 'user',
        lang: 'pl',
        clientId,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      };
      const created = eventMatching(
        s,
        'list:change',
        (c) => c.list === 'users' && c.op === 'upsert' && c.row.email === body.email,
      );
      const res = await create(k.rootToken, body);
      expect(res.status).toBe(201);
      expect(await created).toEqual({
        list: 'users',
        op: 'upsert',
        row: res.body,
        actorId: k.rootId,
        created: true,
      });

      const off = eventMatching(
        s,
        'list:change',
        (c) => c.list === 'users' && c.op === 'upsert' && c.row.id === res.body.id && !c.row.active,
      );
      expect((await put(k.rootToken, res.body.id, { active: false }, clientId)).status).toBe(200);
      await off;

      // Moved to another client: the page it left hears it (and drops it: its client no longer matches).
      const moved = eventMatching(
        s,
        'list:change',
        (c) => c.list === 'users' && c.op === 'upsert' && c.row.clientId === otherClientId,
      );
      expect((await put(k.rootToken, res.body.id, { clientId: otherClientId })).status).toBe(200);
      await moved;

      // A change of another client's login, or of a staff user, is not sent to this client's part.
      const before = heard.events.length;
      const foreign = await k.t.createUser('user', { clientId: otherClientId });
      expect((await put(k.rootToken, foreign.id, { firstName: 'Elsewhere' })).status).toBe(200);
      const staff = await k.t.createUser('operator');
      expect((await put(k.rootToken, staff.id, { firstName: 'Staff' })).status).toBe(200);
      await settled(k.t, s);
      expect(heard.events.slice(before)).toEqual([]);
    });

    it.each(['operator', 'magazyn', 'user'] as const)(
      "a %s may not follow a client's logins",
      async (role) => {
        const u = await k.t.userWithToken(role);
        const s = await openSocket(k.t, { token: u.token });
        expect(await subscribe(s, rooms.clientList('users', u.clientId ?? clientId))).toEqual({
          ok: false,
          error: 'Forbidden',
        });
      },
    );

    it('an admin following the whole users list hears client logins too', async () => {
      const admin = await k.t.userWithToken('admin');
      const s = await openSocket(k.t, { token: admin.token });
      expect(await subscribe(s, rooms.list('users'))).toEqual({ ok: true });
      const heard = eventMatching(
        s,
        'list:change',
        (c) => c.list === 'users' && c.op === 'upsert' && c.row.id === logins.on.id,
      );
      expect((await put(k.rootToken, logins.on.id, { lastName: 'Seen' })).status).toBe(200);
      expect(await heard).toMatchObject({ row: { id: logins.on.id, lastName: 'Seen', clientId } });
    });
  });
});

function expectError400(res: { status: number; body: unknown }, message: string) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    statusCode: 400,
    error: 'ValidationError',
    message,
    details: [{ path: 'filters.search', message }],
  });
}
