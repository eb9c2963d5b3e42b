import { type ClientGroupType } from '@depot/contracts';

/**
 * Client groups (SPEC 3 "Client group", SPEC 5 "Client groups", administration issue "Client groups").
 *
 * Rules, including decisions where the issue is silent:
 * - Both group types, FV and AREA, are exclusive, and they share one pool: a client belongs to at most one
 *   group of either type. An FV group therefore offers only clients in no FV or AREA group, and an AREA group
 *   the same. The server applies the same check on every add, not only the picker.
 * - The current members of the edited group stay eligible (they are in no *other* group), so an edit form
 *   can show them; adding one again is an info ('alreadyInGroup'), not an error, and changes nothing.
 * - A new group (id null) has no members yet; a client listed twice in one submission counts as a duplicate
 *   (info) and is kept once.
 * - Group names are compared trimmed and case-insensitively (after Unicode NFC), excluding the group itself;
 *   an empty name is never "taken" (the required-name rule reports it instead).
 */

/** One client's membership in one group. */
export interface GroupMembership {
  groupId: string;
  groupType: ClientGroupType;
  clientId: string;
}

/** The group being edited or created (id null when new). */
export interface GroupRef {
  id: string | null;
  type: ClientGroupType;
}

/** Group types whose membership is exclusive across all exclusive types. */
export const EXCLUSIVE_GROUP_TYPES: readonly ClientGroupType[] = ['FV', 'AREA'];

const isExclusive = (type: ClientGroupType): boolean => EXCLUSIVE_GROUP_TYPES.includes(type);

/**
 * The exclusive group (other than `exceptGroupId`) that already holds the client, or null.
 * Used to name the conflicting group in a refusal.
 */
export function findOtherExclusiveGroup(
  clientId: string,
  memberships: readonly GroupMembership[],
  exceptGroupId: string | null,
): GroupMembership | null {
  return (
    memberships.find(
      (m) => m.clientId === clientId && m.groupId !== exceptGroupId && isExclusive(m.groupType),
    ) ?? null
  );
}

/**
 * Clients a group of `groupType` may offer in its picker, in `allClients` order: for FV and AREA alike,
 * clients in no FV or AREA group other than `groupId` (null when the group is new).
 */
export function eligibleClientsForGroup<C extends { id: string }>(input: {
  groupType: ClientGroupType;
  groupId: string | null;
  allClients: readonly C[];
  memberships: readonly GroupMembership[];
}): C[] {
  const { groupType, groupId, allClients, memberships } = input;
  if (!isExclusive(groupType)) return [...allClients];
  const taken = new Set(
    memberships.filter((m) => m.groupId !== groupId && isExclusive(m.groupType)).map((m) => m.clientId),
  );
  return allClients.filter((c) => !taken.has(c.id));
}

/** Outcome of adding one client: 'alreadyInGroup' is an info (nothing changes), the other refusal an error. */
export type AddClientOutcome = 'ok' | 'alreadyInGroup' | 'inOtherExclusiveGroup';

/**
 * May `clientId` be added to `group`? 'alreadyInGroup' when it is a member already (info);
 * 'inOtherExclusiveGroup' when an exclusive group is the target and the client is in another FV or AREA group.
 */
export function checkAddClient(
  group: GroupRef,
  clientId: string,
  memberships: readonly GroupMembership[],
): AddClientOutcome {
  return examineAdd(group, clientId, memberships).outcome;
}

function examineAdd(
  group: GroupRef,
  clientId: string,
  memberships: readonly GroupMembership[],
): { outcome: AddClientOutcome; other: GroupMembership | null } {
  if (group.id !== null && memberships.some((m) => m.groupId === group.id && m.clientId === clientId)) {
    return { outcome: 'alreadyInGroup', other: null };
  }
  const other = isExclusive(group.type) ? findOtherExclusiveGroup(clientId, memberships, group.id) : null;
  return { outcome: other ? 'inOtherExclusiveGroup' : 'ok', other };
}

/** A submitted client list sorted into what to add, what was already there (info) and what is refused. */
export interface GroupClientsPlan {
  /** Clients to add, in submission order, each once. */
  added: string[];
  /** Clients already in the group or listed more than once (info). */
  duplicates: string[];
  /** Clients held by another exclusive group, with that group's id (error). */
  refused: { clientId: string; groupId: string }[];
}

/**
 * Applies checkAddClient to a whole submitted list (create, or "add clients" on an existing group).
 * A client repeated within the list is added once and reported once among the duplicates; a refused client
 * repeated is refused once.
 */
export function planGroupClients(
  group: GroupRef,
  clientIds: readonly string[],
  memberships: readonly GroupMembership[],
): GroupClientsPlan {
  const plan: GroupClientsPlan = { added: [], duplicates: [], refused: [] };
  const seen = new Set<string>();
  for (const clientId of clientIds) {
    if (seen.has(clientId)) {
      // Repeated in the submission: an info once, when its first occurrence was accepted.
      if (plan.added.includes(clientId) && !plan.duplicates.includes(clientId))
        plan.duplicates.push(clientId);
      continue;
    }
    seen.add(clientId);
    const { outcome, other } = examineAdd(group, clientId, memberships);
    if (outcome === 'ok') plan.added.push(clientId);
    else if (outcome === 'alreadyInGroup') plan.duplicates.push(clientId);
    else if (other) plan.refused.push({ clientId, groupId: other.groupId });
  }
  return plan;
}

/** Trimmed, case-folded group name, for uniqueness checks. */
export const groupNameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase();

/**
 * Is `name` already held by another group? Trimmed and case-insensitive; the group `groupId` itself
 * (null when new) is ignored; an empty name is never taken.
 */
export function isGroupNameTaken(
  name: string,
  groupId: string | null,
  existingGroups: readonly { id: string; name: string }[],
): boolean {
  const key = groupNameKey(name);
  if (key === '') return false;
  return existingGroups.some((g) => g.id !== groupId && groupNameKey(g.name) === key);
}
