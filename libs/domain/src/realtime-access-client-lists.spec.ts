import { ROLES, rooms, type Role } from '@depot/contracts';
import { canJoinRoom } from './realtime-access';
import { apiKey, OTHER_CLIENT, OWN_CLIENT, session } from './realtime-access.fixtures';

/** Live lists split by client (API keys, integrations): staff follow the whole list, a client user its part. */

/** Roles holding apiKeys.read and integrations.read (the permission matrix). */
const READERS: readonly Role[] = ['superAdmin', 'admin', 'user'];
const STAFF_READERS: readonly Role[] = ['superAdmin', 'admin'];

describe.each(['apiKeys', 'integrations'] as const)('live list %s', (list) => {
  it('the whole list: staff holding the read permission only', () => {
    const allowed = ROLES.filter((r) => canJoinRoom(session(r), rooms.list(list)));
    expect(allowed.sort()).toEqual([...STAFF_READERS].sort());
  });

  it("a client user may not follow the whole list (it carries other clients' rows)", () => {
    expect(canJoinRoom(session('user'), `list:${list}`)).toBe(false);
  });

  it("a client's part: that client's users only", () => {
    const own = rooms.clientList(list, OWN_CLIENT);
    expect(own).toBe(`list:${list}:${OWN_CLIENT}`);
    const allowed = ROLES.filter((r) => canJoinRoom(session(r), own));
    expect(allowed).toEqual(['user']);
    expect(READERS).toContain('user');
  });

  it("a client user may not follow another client's part", () => {
    expect(canJoinRoom(session('user'), rooms.clientList(list, OTHER_CLIENT))).toBe(false);
  });

  it('a staff user with a stray clientId may follow neither the whole list nor another client', () => {
    const odd = session('admin', OWN_CLIENT);
    expect(canJoinRoom(odd, rooms.list(list))).toBe(false);
    expect(canJoinRoom(odd, rooms.clientList(list, OTHER_CLIENT))).toBe(false);
  });

  it('an API key may follow neither (its sockets do not get key or integration changes)', () => {
    expect(canJoinRoom(apiKey, rooms.list(list))).toBe(false);
    expect(canJoinRoom(apiKey, rooms.clientList(list, OWN_CLIENT))).toBe(false);
  });

  it.each([`list:${list}:`, `list:${list}:${OWN_CLIENT}:x`, `list:${list}:${OWN_CLIENT.toUpperCase()}`])(
    'refuses the malformed room %j',
    (room) => {
      expect(canJoinRoom(session('user'), room)).toBe(false);
      expect(canJoinRoom(session('admin'), room)).toBe(false);
    },
  );
});

describe('lists that are not split by client', () => {
  it('list:clients:<client> is refused to everybody', () => {
    for (const role of ROLES) {
      expect(canJoinRoom(session(role), `list:clients:${OWN_CLIENT}`)).toBe(false);
    }
  });
});

describe("live list users: one client's logins (decision 0112)", () => {
  it("staff who manage client users follow any client's part: superAdmin, admin, salesman", () => {
    for (const clientId of [OWN_CLIENT, OTHER_CLIENT]) {
      const room = rooms.clientList('users', clientId);
      expect(ROLES.filter((r) => canJoinRoom(session(r), room))).toEqual(['superAdmin', 'admin', 'salesman']);
    }
  });

  it("a client user may not follow its own client's logins, nor may an API key", () => {
    expect(canJoinRoom(session('user'), rooms.clientList('users', OWN_CLIENT))).toBe(false);
    expect(canJoinRoom(apiKey, rooms.clientList('users', OWN_CLIENT))).toBe(false);
  });

  it('a staff user with a stray clientId may not follow it', () => {
    expect(canJoinRoom(session('admin', OWN_CLIENT), rooms.clientList('users', OWN_CLIENT))).toBe(false);
  });

  it.each([
    'list:users:',
    `list:users:${OWN_CLIENT}:x`,
    `list:users:${OWN_CLIENT.toUpperCase()}`,
    'list:users:x',
  ])('refuses the malformed room %j', (room) => {
    for (const role of ROLES) expect(canJoinRoom(session(role), room)).toBe(false);
  });
});

describe('live list parcels (every role reads parcels; a client user only its own)', () => {
  it('the whole list: every staff role, no client user', () => {
    const allowed = ROLES.filter((r) => canJoinRoom(session(r), rooms.list('parcels')));
    expect(allowed.sort()).toEqual(ROLES.filter((r) => r !== 'user').sort());
  });

  it("a client's part: that client's users only; never another client's", () => {
    expect(ROLES.filter((r) => canJoinRoom(session(r), rooms.clientList('parcels', OWN_CLIENT)))).toEqual([
      'user',
    ]);
    expect(canJoinRoom(session('user'), rooms.clientList('parcels', OTHER_CLIENT))).toBe(false);
  });

  it('an API key follows neither list room (it hears parcel events in its client room)', () => {
    expect(canJoinRoom(apiKey, rooms.list('parcels'))).toBe(false);
    expect(canJoinRoom(apiKey, rooms.clientList('parcels', OWN_CLIENT))).toBe(false);
  });
});
