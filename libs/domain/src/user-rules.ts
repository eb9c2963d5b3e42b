import { can, MESSAGES, STAFF_ROLES, type Role } from '@depot/contracts';

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
  if (role === 'user') {
    return can(actor.role, 'users.write') || can(actor.role, 'clientUsers.write')
      ? ok
      : refuse(MESSAGES.forbidden);
  }
  return can(actor.role, 'users.write') ? ok : refuse(MESSAGES.forbidden);
}

/**
 * May `actor` edit the existing user `target` beyond the self-editable fields?
 */
export function canEditUser(actor: Actor, target: { id: string; role: Role }): RuleResult {
  if (target.role === 'superAdmin' && actor.role !== 'superAdmin')
    return refuse(MESSAGES.onlySuperAdminManagesSuperAdmin);
  return canAssignRole(actor, target.role);
}

/** Which users the users list shows to `actor`: every staff user, or only the actor itself. */
export function usersListScope(actor: Actor): 'allStaff' | 'self' | 'none' {
  if (can(actor.role, 'users.readAll')) return 'allStaff';
  if (can(actor.role, 'users.read')) return 'self';
  return 'none';
}

/** Roles shown in the staff users list (client users are listed under their client). */
export const STAFF_LIST_ROLES: readonly Role[] = STAFF_ROLES;

/** Client users belong to exactly one client; staff belong to none. */
export function clientMembershipRule(role: Role, clientId: string | null | undefined): RuleResult {
  if (role === 'user' && !clientId) return refuse(MESSAGES.validation.clientRequired);
  if (role !== 'user' && clientId) return refuse(MESSAGES.clientOnlyForClientUser);
  return ok;
}
