import { ROLES, can, rooms } from '@depot/contracts';
import { canJoinRoom, roomOwnerNeeded } from './realtime-access';
import { apiKey, OTHER_CLIENT, OWN_CLIENT, session } from './realtime-access.fixtures';

const IMPORT_ID = 'eeeeeeee-0000-4000-8000-000000000001';
const room = rooms.import(IMPORT_ID);

/** One import's room (decision 0153): staff who read imports by its id; a client's user, its own client's only. */
describe("an import's room", () => {
  it("a client's user: asks for the import's owner and joins only its own client's import", () => {
    const user = session('user');
    expect(roomOwnerNeeded(user, room)).toEqual({ kind: 'import', id: IMPORT_ID });
    expect(canJoinRoom(user, room, OWN_CLIENT)).toBe(true);
    expect(canJoinRoom(user, room, OTHER_CLIENT)).toBe(false);
    // Unknown import (no owner), or a staff-owned lookup answer: refused.
    expect(canJoinRoom(user, room, undefined)).toBe(false);
    expect(canJoinRoom(user, room, null)).toBe(false);
    expect(canJoinRoom(user, room)).toBe(false);
  });

  it('names that are not an import id ask nothing and are refused whatever the owner', () => {
    const user = session('user');
    for (const name of [
      'import:1',
      `import:${IMPORT_ID.toUpperCase()}`,
      `import:${IMPORT_ID}:x`,
      'import:',
    ]) {
      expect(roomOwnerNeeded(user, name)).toBeNull();
      expect(canJoinRoom(user, name, OWN_CLIENT)).toBe(false);
    }
  });

  it.each(ROLES.filter((r) => r !== 'user'))('staff (%s): decided by the name, as before', (role) => {
    const p = session(role);
    expect(roomOwnerNeeded(p, room)).toBeNull();
    expect(canJoinRoom(p, room)).toBe(can(role, 'import.read'));
    expect(canJoinRoom(p, room, OTHER_CLIENT)).toBe(can(role, 'import.read'));
  });

  it('an API key never joins it', () => {
    expect(roomOwnerNeeded(apiKey, room)).toBeNull();
    expect(canJoinRoom(apiKey, room, OWN_CLIENT)).toBe(false);
  });

  it('other rooms ask for no owner', () => {
    for (const name of [
      rooms.client(OWN_CLIENT),
      `list:imports:${OWN_CLIENT}`,
      rooms.consolidation(IMPORT_ID),
    ])
      expect(roomOwnerNeeded(session('user'), name)).toBeNull();
  });
});

/** The carriers' real-weight files (decision 0151): staff with accounting rights follow the list; nobody its client parts. */
describe('the real-weight files list', () => {
  it.each(ROLES)('%s follows list:weightImports only with accounting.read and as staff', (role) => {
    const p = session(role);
    expect(canJoinRoom(p, rooms.list('weightImports'))).toBe(role !== 'user' && can(role, 'accounting.read'));
    expect(canJoinRoom(p, rooms.clientList('weightImports', OWN_CLIENT))).toBe(false);
    expect(canJoinRoom(p, rooms.list('weightImportLines'))).toBe(false);
  });

  it('an API key follows none of it', () => {
    expect(canJoinRoom(apiKey, rooms.list('weightImports'))).toBe(false);
  });
});
