import { can, MESSAGES, type Role } from '@depot/contracts';

export interface Actor {
  userId: string;
  role: Role;
}

export type RuleResult = { ok: true } | { ok: false; message: string };

const ok: RuleResult = { ok: true };
const refuse = (message: string): RuleResult => ({ ok: false, message });

/**
 * May `actor` give a user the role `role` (on create, or on edit when the role changes)?
 * Staff roles need users.write; client users need clientUsers.write (or users.write);
 * only a superAdmin may hand out superAdmin.
 */
export function canAssignRole(actor: Actor, role: Role): RuleResult {
  if (role === 'superAdmin' && actor.role !== 'superAdmin')
    return refuse(MESSAGES.onlySuperAdminManagesSuperAdmin);
  if (role === 'user') return canManageClientUsers(actor) ? ok : refuse(MESSAGES.forbidden);
  return can(actor.role, 'users.write') ? ok : refuse(MESSAGES.forbidden);
}

/**
 * May `actor` see, create and edit client users — list a client's logins, deactivate them, set their password, end
 * their sessions? Whoever holds users.write or clientUsers.write (decision 0112).
 */
export function canManageClientUsers(actor: Pick<Actor, 'role'>): boolean {
  return can(actor.role, 'users.write') || can(actor.role, 'clientUsers.write');
}

/**
 * May `actor` edit the existing user `target` beyond the self-editable fields?
 */
export function canEditUser(actor: Actor, target: { id: string; role: Role }): RuleResult {
  if (target.role === 'superAdmin' && actor.role !== 'superAdmin')
    return refuse(MESSAGES.onlySuperAdminManagesSuperAdmin);
  return canAssignRole(actor, target.role);
}

/**
 * Which users the users list shows to `actor`: every user, staff and client users (decision 0112), or only the
 * actor itself.
 */
export function usersListScope(actor: Actor): 'all' | 'self' | 'none' {
  if (can(actor.role, 'users.readAll')) return 'all';
  if (can(actor.role, 'users.read')) return 'self';
  return 'none';
}

/** Client users belong to exactly one client; staff belong to none. */
export function clientMembershipRule(role: Role, clientId: string | null | undefined): RuleResult {
  if (role === 'user' && !clientId) return refuse(MESSAGES.validation.clientRequired);
  if (role !== 'user' && clientId) return refuse(MESSAGES.clientOnlyForClientUser);
  return ok;
}
