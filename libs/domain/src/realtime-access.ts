import { can, rooms, type Principal } from '@depot/contracts';

/**
 * Whether a principal may join a room (DESIGN.md: a socket joins a room only if its principal may
 * read what the room carries). Unknown rooms are refused.
 */
export function canJoinRoom(principal: Principal, room: string): boolean {
  const [kind, ...rest] = room.split(':');
  const id = rest.join(':');
  switch (kind) {
    case 'user':
      return principal.userId !== null && room === rooms.user(principal.userId);
    case 'client':
      return principal.clientId !== null && room === rooms.client(principal.clientId);
    case 'staff':
      return principal.kind === 'session' && principal.role !== 'user' && id === '';
    case 'list':
      return principal.kind === 'session' && canFollowList(principal, id);
    case 'job':
      // Job progress is sent to the starting user's room; a job room is only for its starter,
      // checked by the gateway against the job record. Not joinable by name alone.
      return false;
    case 'terminal':
    case 'consolidation':
    case 'import':
      // These rooms arrive with their modules; until then nobody may join them.
      return false;
    default:
      return false;
  }
}

function canFollowList(principal: Principal, list: string): boolean {
  switch (list) {
    case 'users':
      return can(principal.role, 'users.readAll');
    case 'clients':
      return can(principal.role, 'clients.read');
    default:
      return false;
  }
}

/** The rooms a principal joins on connect. */
export function defaultRooms(principal: Principal): string[] {
  const out: string[] = [];
  if (principal.userId) out.push(rooms.user(principal.userId));
  if (principal.clientId) out.push(rooms.client(principal.clientId));
  if (principal.kind === 'session' && principal.role !== 'user') out.push(rooms.staff());
  return out;
}
