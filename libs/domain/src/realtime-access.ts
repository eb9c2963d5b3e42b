import { can, rooms, type Principal, type SocketPrincipal } from '@depot/contracts';
import { canManageClientUsers } from './user-rules';

/** A record a room carries whose owning client decides who may join it. */
export interface OwnedRoomRecord {
  kind: 'import';
  id: string;
}

/**
 * The record whose client must be known before `principal` may join `room`, when the room's name alone cannot decide:
 * a client user's room of one import (`import:<id>`, decision 0153). Null when the name decides.
 */
export function roomOwnerNeeded(principal: SocketPrincipal, room: string): OwnedRoomRecord | null {
  if (principal.kind !== 'session' || principal.clientId === null) return null;
  const [kind, ...rest] = room.split(':');
  const id = rest.join(':');
  return kind === 'import' && can(principal.role, 'import.read') && CANONICAL_UUID.test(id)
    ? { kind: 'import', id }
    : null;
}

/**
 * Whether a principal may join a room (DESIGN.md: a socket joins a room only if its principal may
 * read what the room carries). Unknown rooms are refused. `ownerClientId` is the client of the record the room
 * carries, where `roomOwnerNeeded` asks for it (undefined: not known, which refuses a client's user).
 */
export function canJoinRoom(
  principal: SocketPrincipal,
  room: string,
  ownerClientId?: string | null,
): boolean {
  // A wall screen reads its own terminal's room and nothing else (decision 0129).
  if (principal.kind === 'wallScreen') return room === rooms.terminal(principal.terminal);
  const [kind, ...rest] = room.split(':');
  const id = rest.join(':');
  switch (kind) {
    case 'user':
      return principal.userId !== null && room === rooms.user(principal.userId);
    case 'client':
      return principal.clientId !== null && room === rooms.client(principal.clientId);
    case 'staff':
      return principal.kind === 'session' && principal.role !== 'user' && id === '';
    case 'list': {
      if (principal.kind !== 'session') return false;
      // `list:<entity>` is the whole list (staff); `list:<entity>:<clientId>` is one client's part of it.
      const [list, clientId, ...extra] = id.split(':');
      if (extra.length > 0) return false;
      return clientId === undefined
        ? canFollowList(principal, list)
        : canFollowClientList(principal, list, clientId);
    }
    case 'job':
      // Job progress is sent to the starting user's room; a job room is only for its starter,
      // checked by the gateway against the job record. Not joinable by name alone.
      return false;
    case 'terminal':
      // A terminal's scans: staff who scan or watch wall screens (never a client's user; wall-screen links join
      // their own terminal's room through the gateway).
      return (
        principal.kind === 'session' &&
        principal.clientId === null &&
        (can(principal.role, 'operating.scan') || can(principal.role, 'wallScreens.read')) &&
        isTerminalName(id)
      );
    case 'consolidation':
      // One consolidation's changes (what it holds, blocked or not): staff who may read consolidations, by its id.
      return (
        principal.kind === 'session' &&
        principal.clientId === null &&
        can(principal.role, 'consolidations.read') &&
        CANONICAL_UUID.test(id)
      );
    case 'import':
      // One import's rows as they are checked, fixed and created (decision 0150): staff who read imports, by its id;
      // a client's user, of its own client's imports only (decision 0153: the gateway looks the import's client up).
      return (
        principal.kind === 'session' &&
        can(principal.role, 'import.read') &&
        CANONICAL_UUID.test(id) &&
        (principal.clientId === null || ownerClientId === principal.clientId)
      );
    default:
      return false;
  }
}

/** A record id as rooms carry it: a UUID in lower case (so one record has one room name). */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A terminal's name as rooms carry it: 1–100 characters, no surrounding spaces. */
export const isTerminalName = (name: string): boolean =>
  name.length > 0 && name.length <= 100 && name.trim() === name;

function canFollowList(principal: Principal, list: string): boolean {
  switch (list) {
    case 'users':
      return can(principal.role, 'users.readAll');
    case 'clients':
      return can(principal.role, 'clients.read');
    case 'operators':
      return can(principal.role, 'operators.read');
    case 'matrices':
      return can(principal.role, 'matrices.read');
    // Every client's keys and integrations: staff only (a client user follows its own client's part).
    case 'apiKeys':
      return principal.clientId === null && can(principal.role, 'apiKeys.read');
    case 'integrations':
      return principal.clientId === null && can(principal.role, 'integrations.read');
    // Every client's webhook endpoints and deliveries (decision 0146): staff only.
    case 'webhooks':
    case 'webhookDeliveries':
      return principal.clientId === null && can(principal.role, 'webhooks.read');
    case 'clientGroups':
      return can(principal.role, 'clientGroups.read');
    case 'logs':
      return can(principal.role, 'logs.read');
    case 'sectors':
      return principal.clientId === null && can(principal.role, 'sectors.read');
    case 'statuses':
      return principal.clientId === null && can(principal.role, 'statuses.read');
    case 'consolidations':
      return principal.clientId === null && can(principal.role, 'consolidations.read');
    // Every client's parcels and imports: staff only (a client user follows its own client's part).
    case 'parcels':
      return principal.clientId === null && can(principal.role, 'parcels.read');
    case 'imports':
      return principal.clientId === null && can(principal.role, 'import.read');
    // Carriers' real-weight files (decision 0151): accounting's, staff only.
    case 'weightImports':
      return principal.clientId === null && can(principal.role, 'accounting.read');
    default:
      return false;
  }
}

/** A row id as the database writes it (lower case), the only form rooms are published under. */
const ROW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One client's part of a list. Of the users list: that client's logins, for the staff who manage client users
 * (decision 0112; a client user reads no users). Of the lists of client-owned rows: only that client's own users, with
 * the list's read permission.
 */
function canFollowClientList(principal: Principal, list: string, clientId: string): boolean {
  if (list === 'users')
    return principal.clientId === null && canManageClientUsers(principal) && ROW_ID.test(clientId);
  if (principal.clientId === null || principal.clientId !== clientId) return false;
  switch (list) {
    case 'apiKeys':
      return can(principal.role, 'apiKeys.read');
    case 'integrations':
      return can(principal.role, 'integrations.read');
    case 'webhooks':
    case 'webhookDeliveries':
      return can(principal.role, 'webhooks.read');
    case 'parcels':
      return can(principal.role, 'parcels.read');
    case 'imports':
      return can(principal.role, 'import.read');
    default:
      return false;
  }
}

/** The rooms a principal joins on connect. */
export function defaultRooms(principal: SocketPrincipal): string[] {
  if (principal.kind === 'wallScreen') return [rooms.terminal(principal.terminal)];
  const out: string[] = [];
  if (principal.userId) out.push(rooms.user(principal.userId));
  if (principal.clientId) out.push(rooms.client(principal.clientId));
  if (principal.kind === 'session' && principal.role !== 'user') out.push(rooms.staff());
  return out;
}
