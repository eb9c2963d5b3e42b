import { MESSAGES, ROLES, type Role } from '@depot/contracts';
import {
  canAssignRole,
  canEditUser,
  clientMembershipRule,
  STAFF_LIST_ROLES,
  usersListScope,
  type Actor,
  type RuleResult,
} from './user-rules';

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
    ['superAdmin', 'allStaff'],
    ['admin', 'allStaff'],
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

describe('STAFF_LIST_ROLES', () => {
  it('is every role but the client user', () => {
    expect([...STAFF_LIST_ROLES]).toEqual(['superAdmin', 'admin', 'salesman', 'operator', 'magazyn']);
  });
});
