import { MESSAGES, ROLES, type Role } from '@depot/contracts';
import {
  canAssignRole,
  canEditUser,
  canManageClientUsers,
  clientMembershipRule,
  usersListScope,
  type Actor,
  type RuleResult,
} from './user-rules';
import { userMatchesListFilters, type UserListFilters } from './lists/users-list';

const OK: RuleResult = { ok: true };
const FORBIDDEN: RuleResult = { ok: false, message: MESSAGES.forbidden };
const SUPER_ONLY: RuleResult = { ok: false, message: MESSAGES.onlySuperAdminManagesSuperAdmin };

const actor = (role: Role): Actor => ({ userId: `actor-${role}`, role });

/**
 * Expected outcome for every actor role (rows) giving / editing every target role (columns).
 * Columns: superAdmin, admin, salesman, operator, magazyn, user.
 */
const MATRIX: Record<Role, [RuleResult, RuleResult, RuleResult, RuleResult, RuleResult, RuleResult]> = {
  superAdmin: [OK, OK, OK, OK, OK, OK],
  admin: [SUPER_ONLY, OK, OK, OK, OK, OK],
  salesman: [SUPER_ONLY, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, OK],
  operator: [SUPER_ONLY, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN],
  magazyn: [SUPER_ONLY, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN],
  user: [SUPER_ONLY, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN],
};

const cases = ROLES.flatMap((actorRole) =>
  ROLES.map((targetRole, column) => [actorRole, targetRole, MATRIX[actorRole][column]] as const),
);

it('the expectation table covers all 36 actor × target combinations', () => {
  expect(cases).toHaveLength(36);
  expect(Object.keys(MATRIX)).toEqual([...ROLES]);
});

describe('canAssignRole', () => {
  it.each(cases)('%s assigning %s → %j', (actorRole, targetRole, expected) => {
    expect(canAssignRole(actor(actorRole), targetRole)).toEqual(expected);
  });

  it('only a superAdmin hands out superAdmin, whatever else the actor may do', () => {
    const allowed = ROLES.filter((r) => canAssignRole(actor(r), 'superAdmin').ok);
    expect(allowed).toEqual(['superAdmin']);
  });

  it('a salesman may create client users but no staff', () => {
    const allowed = ROLES.filter((r) => canAssignRole(actor('salesman'), r).ok);
    expect(allowed).toEqual(['user']);
  });
});

describe('canEditUser', () => {
  it.each(cases)('%s editing a %s → %j', (actorRole, targetRole, expected) => {
    expect(canEditUser(actor(actorRole), { id: 'target-1', role: targetRole })).toEqual(expected);
  });

  it('refuses an admin editing a superAdmin with the superAdmin message, not a plain 403 message', () => {
    expect(canEditUser(actor('admin'), { id: 'sa', role: 'superAdmin' })).toEqual({
      ok: false,
      message: 'Only a superAdmin may create or change a superAdmin.',
    });
  });

  it('does not let an actor edit its own account beyond the self-editable fields without the permission', () => {
    const self = actor('operator');
    expect(canEditUser(self, { id: self.userId, role: 'operator' })).toEqual(FORBIDDEN);
  });
});

describe('usersListScope', () => {
  const SCOPES: [Role, ReturnType<typeof usersListScope>][] = [
    ['superAdmin', 'all'],
    ['admin', 'all'],
    ['salesman', 'self'],
    ['operator', 'none'],
    ['magazyn', 'none'],
    ['user', 'none'],
  ];

  it('has an expectation for every role', () => {
    expect(SCOPES.map(([r]) => r)).toEqual([...ROLES]);
  });

  it.each(SCOPES)('%s sees %s', (role, scope) => {
    expect(usersListScope(actor(role))).toBe(scope);
  });
});

describe('clientMembershipRule', () => {
  const CLIENT = '11111111-1111-4111-8111-111111111111';
  const STAFF = ROLES.filter((r) => r !== 'user');
  const NO_CLIENT = [null, undefined, ''] as const;

  it.each(NO_CLIENT)('a client user without a client (%j) → "Client is required"', (clientId) => {
    expect(clientMembershipRule('user', clientId)).toEqual({ ok: false, message: 'Client is required' });
  });

  it('a client user with a client is fine', () => {
    expect(clientMembershipRule('user', CLIENT)).toEqual(OK);
  });

  it.each(STAFF)('%s with a client → refused, staff belong to no client', (role) => {
    expect(clientMembershipRule(role, CLIENT)).toEqual({
      ok: false,
      message: MESSAGES.clientOnlyForClientUser,
    });
  });

  it.each(STAFF.flatMap((role) => NO_CLIENT.map((clientId) => [role, clientId] as const)))(
    '%s without a client (%j) is fine',
    (role, clientId) => {
      expect(clientMembershipRule(role, clientId)).toEqual(OK);
    },
  );
});

describe('canManageClientUsers', () => {
  it('is whoever holds users.write or clientUsers.write: superAdmin, admin, salesman', () => {
    expect(ROLES.filter((r) => canManageClientUsers(actor(r)))).toEqual(['superAdmin', 'admin', 'salesman']);
  });

  it.each(ROLES)('agrees with canAssignRole(%s, user)', (role) => {
    expect(canManageClientUsers(actor(role))).toBe(canAssignRole(actor(role), 'user').ok);
  });
});

describe('userMatchesListFilters', () => {
  const user = (
    over: Partial<{
      role: Role;
      firstName: string;
      lastName: string;
      email: string;
      active: boolean;
      clientId: string | null;
    }> = {},
  ) => ({
    role: 'operator' as Role,
    firstName: 'Anna',
    lastName: 'Kowalska',
    email: 'anna.k@example.com',
    active: true,
    clientId: null,
    ...over,
  });
  const CLIENT = '11111111-1111-4111-8111-111111111111';
  const OTHER = '22222222-2222-4222-8222-222222222222';

  it.each([
    [{}, true],
    [{ roles: ['user'] as Role[] }, true],
    [{ roles: [] as Role[] }, true],
    [{ active: true }, true],
    [{ search: 'anna' }, true],
    [{ clientId: CLIENT }, true],
    [{ clientId: OTHER }, false],
    [{ roles: ['operator'] as Role[] }, false],
  ] as [UserListFilters, boolean][])('a client user is in the list under %j: %s', (filters, expected) => {
    expect(userMatchesListFilters(user({ role: 'user', clientId: CLIENT }), filters)).toBe(expected);
  });

  it('a staff user (no client) never matches a client filter', () => {
    expect(userMatchesListFilters(user(), { clientId: CLIENT })).toBe(false);
  });

  it.each(ROLES)('a %s matches when no filter is set', (role) => {
    expect(userMatchesListFilters(user({ role }), {})).toBe(true);
  });

  describe('roles', () => {
    it.each([
      ['undefined = no filter', undefined, 'operator', true],
      ['empty array = no filter', [], 'operator', true],
      ['empty array = no filter (superAdmin)', [], 'superAdmin', true],
      ['the role listed', ['operator'], 'operator', true],
      ['one of several listed', ['admin', 'magazyn'], 'magazyn', true],
      ['a role not listed', ['admin', 'magazyn'], 'operator', false],
      ['only superAdmin asked', ['superAdmin'], 'admin', false],
      ['the client user role', ['user'], 'user', true],
      ['staff roles only, a client user', ['admin', 'operator'], 'user', false],
    ] as const)('%s: roles %j, user %s → %s', (_name, roles, role, expected) => {
      expect(userMatchesListFilters(user({ role }), { roles })).toBe(expected);
    });
  });

  describe('active', () => {
    it.each([
      [undefined, true, true],
      [undefined, false, true],
      [true, true, true],
      [true, false, false],
      [false, false, true],
      [false, true, false],
    ] as const)('filter active=%s, user active=%s → %s', (active, userActive, expected) => {
      expect(userMatchesListFilters(user({ active: userActive }), { active })).toBe(expected);
    });
  });

  describe('search (first name, last name, e-mail; case-insensitive)', () => {
    it.each([
      ['first name', 'Anna', true],
      ['first name, lower case', 'anna', true],
      ['first name, upper case', 'ANNA', true],
      ['part of the last name', 'kowal', true],
      ['last name, mixed case', 'KoWaLsKa', true],
      ['part of the e-mail', 'k@example', true],
      ['e-mail domain, upper case', 'EXAMPLE.COM', true],
      ['surrounding spaces are ignored', '  kowalska  ', true],
      ['empty search = no filter', '', true],
      ['blank search = no filter', '   ', true],
      ['text in none of the fields', 'nowak', false],
      ['first + last name together is not one field', 'anna kowalska', false],
      ['the role is not searched', 'operator', false],
    ] as const)('%s: %j → %s', (_name, search, expected) => {
      expect(userMatchesListFilters(user(), { search })).toBe(expected);
    });

    it('matches non-ASCII letters case-insensitively', () => {
      expect(userMatchesListFilters(user({ lastName: 'Łukasiewicz' }), { search: 'łukas' })).toBe(true);
      expect(userMatchesListFilters(user({ firstName: 'żaneta' }), { search: 'ŻANETA' })).toBe(true);
    });
  });

  it.each([
    ['all filters pass', { search: 'kowal', roles: ['operator', 'admin'], active: true }, true],
    ['search fails', { search: 'nowak', roles: ['operator'], active: true }, false],
    ['role fails', { search: 'kowal', roles: ['admin'], active: true }, false],
    ['active fails', { search: 'kowal', roles: ['operator'], active: false }, false],
  ] as const)('all filters must hold together: %s', (_name, filters, expected) => {
    expect(userMatchesListFilters(user(), filters)).toBe(expected);
  });
});
