import { ROLES, STAFF_ROLES, type Role } from '@depot/contracts';
import { canJoinRoom, defaultRooms } from './realtime-access';
import {
  apiKey,
  OTHER_CLIENT,
  OTHER_USER,
  OWN_CLIENT,
  OWN_USER,
  session,
  type SessionPrincipal,
} from './realtime-access.fixtures';

const LIST_USERS_ROLES: readonly Role[] = ['superAdmin', 'admin'];
const LIST_CLIENTS_ROLES: readonly Role[] = ['superAdmin', 'admin', 'salesman'];
const LIST_OPERATORS_ROLES: readonly Role[] = ['superAdmin', 'admin', 'operator'];
const LIST_MATRICES_ROLES: readonly Role[] = ['superAdmin', 'admin', 'operator'];
const LIST_CLIENT_GROUPS_ROLES: readonly Role[] = ['superAdmin', 'admin', 'salesman'];
const LIST_LOGS_ROLES: readonly Role[] = ['superAdmin', 'admin'];
const LIST_SECTORS_ROLES: readonly Role[] = ['superAdmin', 'admin', 'operator', 'magazyn'];

const IMPORT_ROLES: readonly Role[] = ['superAdmin', 'admin', 'operator', 'user'];
const IMPORT_ID = '0f0e0d0c-0000-4000-8000-000000000001';

/** Rooms nobody may join by name (yet), whatever the principal. */
const REFUSED_ROOMS = [
  'job:6650f0d2a1b2c3d4e5f60718',
  'job:',
  'terminal:',
  // unknown kinds and malformed names
  'parcel:1',
  'session:session-1',
  'admin',
  '',
  ':',
  'list:',
  'list:sales',
  'list:users:extra',
  'staff:extra',
  'Staff',
  'USER:' + OWN_USER,
] as const;

describe('canJoinRoom', () => {
  describe.each(ROLES)('a signed-in %s', (role) => {
    const p = session(role);

    it('may join its own user room and not another user’s', () => {
      expect(canJoinRoom(p, `user:${OWN_USER}`)).toBe(true);
      expect(canJoinRoom(p, `user:${OTHER_USER}`)).toBe(false);
      expect(canJoinRoom(p, 'user:')).toBe(false);
      expect(canJoinRoom(p, `user:${OWN_USER}:x`)).toBe(false);
      expect(canJoinRoom(p, `user:${OWN_USER.toUpperCase()}`)).toBe(false);
    });

    it('may join its own client room only if it is a client user, and never another client’s', () => {
      expect(canJoinRoom(p, `client:${OWN_CLIENT}`)).toBe(role === 'user');
      expect(canJoinRoom(p, `client:${OTHER_CLIENT}`)).toBe(false);
      expect(canJoinRoom(p, 'client:')).toBe(false);
      expect(canJoinRoom(p, 'client:null')).toBe(false);
    });

    it(`${role === 'user' ? 'may not' : 'may'} join the staff room`, () => {
      expect(canJoinRoom(p, 'staff')).toBe(role !== 'user');
    });

    it(`${LIST_USERS_ROLES.includes(role) ? 'may' : 'may not'} follow the live users list`, () => {
      expect(canJoinRoom(p, 'list:users')).toBe(LIST_USERS_ROLES.includes(role));
    });

    it(`${LIST_CLIENTS_ROLES.includes(role) ? 'may' : 'may not'} follow the live clients list`, () => {
      expect(canJoinRoom(p, 'list:clients')).toBe(LIST_CLIENTS_ROLES.includes(role));
    });

    it(`${LIST_CLIENT_GROUPS_ROLES.includes(role) ? 'may' : 'may not'} follow the live client groups list`, () => {
      expect(canJoinRoom(p, 'list:clientGroups')).toBe(LIST_CLIENT_GROUPS_ROLES.includes(role));
      expect(canJoinRoom(p, 'list:clientgroups')).toBe(false);
    });

    it(`${IMPORT_ROLES.includes(role) ? 'may' : 'may not'} follow every import and one import's room`, () => {
      const staff = IMPORT_ROLES.includes(role) && role !== 'user';
      expect(canJoinRoom(p, 'list:imports')).toBe(staff);
      expect(canJoinRoom(p, `import:${IMPORT_ID}`)).toBe(staff);
      expect(canJoinRoom(p, `import:${IMPORT_ID.toUpperCase()}`)).toBe(false);
      expect(canJoinRoom(p, 'import:1')).toBe(false);
      expect(canJoinRoom(p, `list:imports:${OWN_CLIENT}`)).toBe(role === 'user');
      expect(canJoinRoom(p, `list:imports:${OTHER_CLIENT}`)).toBe(false);
    });

    it(`${LIST_SECTORS_ROLES.includes(role) ? 'may' : 'may not'} follow the live sectors list`, () => {
      expect(canJoinRoom(p, 'list:sectors')).toBe(LIST_SECTORS_ROLES.includes(role));
      expect(canJoinRoom(p, 'list:sectors:1')).toBe(false);
    });

    it(`${LIST_LOGS_ROLES.includes(role) ? 'may' : 'may not'} follow the live logs list`, () => {
      expect(canJoinRoom(p, 'list:logs')).toBe(LIST_LOGS_ROLES.includes(role));
      expect(canJoinRoom(p, 'list:logs:1')).toBe(false);
    });

    it(`${LIST_MATRICES_ROLES.includes(role) ? 'may' : 'may not'} follow the live matrices list`, () => {
      expect(canJoinRoom(p, 'list:matrices')).toBe(LIST_MATRICES_ROLES.includes(role));
      expect(canJoinRoom(p, 'list:matrices:x')).toBe(false);
    });

    it(`${role === 'user' ? 'may not' : 'may'} follow the whole live parcels list`, () => {
      expect(canJoinRoom(p, 'list:parcels')).toBe(role !== 'user');
    });

    it(`${LIST_OPERATORS_ROLES.includes(role) ? 'may' : 'may not'} follow the live operators list`, () => {
      expect(canJoinRoom(p, 'list:operators')).toBe(LIST_OPERATORS_ROLES.includes(role));
      expect(canJoinRoom(p, 'list:operators:x')).toBe(false);
      expect(canJoinRoom(p, 'list:Operators')).toBe(false);
    });

    it.each(REFUSED_ROOMS)('is refused %j', (room) => {
      expect(canJoinRoom(p, room)).toBe(false);
    });
  });

  it('lets only superAdmin, admin and operator follow list:operators', () => {
    const allowed = ROLES.filter((r) => canJoinRoom(session(r), 'list:operators'));
    expect(allowed.sort()).toEqual([...LIST_OPERATORS_ROLES].sort());
  });

  it('lets only superAdmin, admin and operator follow list:matrices', () => {
    const allowed = ROLES.filter((r) => canJoinRoom(session(r), 'list:matrices'));
    expect(allowed.sort()).toEqual([...LIST_MATRICES_ROLES].sort());
  });

  it('lets only superAdmin and admin follow list:users', () => {
    const allowed = ROLES.filter((r) => canJoinRoom(session(r), 'list:users'));
    expect(allowed.sort()).toEqual([...LIST_USERS_ROLES].sort());
  });

  it('a staff user with a stray clientId still may not join a client room of another client', () => {
    const odd: SessionPrincipal = { ...session('operator'), clientId: OWN_CLIENT };
    expect(canJoinRoom(odd, `client:${OTHER_CLIENT}`)).toBe(false);
  });

  describe('an API key', () => {
    it('may join its own client room only', () => {
      expect(canJoinRoom(apiKey, `client:${OWN_CLIENT}`)).toBe(true);
      expect(canJoinRoom(apiKey, `client:${OTHER_CLIENT}`)).toBe(false);
    });

    it('may join no user room (it has no user), not even "user:null"', () => {
      expect(canJoinRoom(apiKey, `user:${OWN_USER}`)).toBe(false);
      expect(canJoinRoom(apiKey, 'user:null')).toBe(false);
      expect(canJoinRoom(apiKey, 'user:')).toBe(false);
    });

    it('may not join the staff room nor any live list', () => {
      expect(canJoinRoom(apiKey, 'staff')).toBe(false);
      expect(canJoinRoom(apiKey, 'list:users')).toBe(false);
      expect(canJoinRoom(apiKey, 'list:clients')).toBe(false);
      expect(canJoinRoom(apiKey, 'list:matrices')).toBe(false);
      expect(canJoinRoom(apiKey, 'list:clientGroups')).toBe(false);
      expect(canJoinRoom(apiKey, 'list:logs')).toBe(false);
      expect(canJoinRoom(apiKey, 'list:operators')).toBe(false);
      expect(canJoinRoom(apiKey, 'list:sectors')).toBe(false);
    });

    it.each(REFUSED_ROOMS)('is refused %j', (room) => {
      expect(canJoinRoom(apiKey, room)).toBe(false);
    });
  });
});

describe('defaultRooms', () => {
  it.each(STAFF_ROLES)('a signed-in %s joins its user room and staff', (role) => {
    expect(defaultRooms(session(role))).toEqual([`user:${OWN_USER}`, 'staff']);
  });

  it('a signed-in client user joins its user room and its client room, not staff', () => {
    expect(defaultRooms(session('user'))).toEqual([`user:${OWN_USER}`, `client:${OWN_CLIENT}`]);
  });

  it('an API key joins its client room only', () => {
    expect(defaultRooms(apiKey)).toEqual([`client:${OWN_CLIENT}`]);
  });

  it('joins no live list by default, even for admins (lists are subscribed to)', () => {
    for (const role of ROLES) {
      expect(defaultRooms(session(role)).some((r) => r.startsWith('list:'))).toBe(false);
    }
  });

  it.each([...ROLES.map((r) => [r, session(r)] as const), ['apiKey', apiKey] as const])(
    'every default room of %s is one it may join',
    (_name, principal) => {
      for (const room of defaultRooms(principal)) expect(canJoinRoom(principal, room)).toBe(true);
    },
  );
});
