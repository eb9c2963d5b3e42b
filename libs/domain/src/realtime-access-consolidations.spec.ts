import { ROLES, can, rooms } from '@depot/contracts';
import { canJoinRoom } from './realtime-access';
import { apiKey, session } from './realtime-access.fixtures';

const CONSOLIDATION = '0f0e0d0c-0000-4000-8000-000000000002';

describe('a consolidation room', () => {
  it.each(ROLES)('%s joins it exactly when it may read consolidations (staff)', (role) => {
    const may = role !== 'user' && can(role, 'consolidations.read');
    expect(canJoinRoom(session(role), rooms.consolidation(CONSOLIDATION))).toBe(may);
  });

  it('the warehouse may, a client user and a salesman may not', () => {
    expect(canJoinRoom(session('magazyn'), rooms.consolidation(CONSOLIDATION))).toBe(true);
    expect(canJoinRoom(session('user'), rooms.consolidation(CONSOLIDATION))).toBe(false);
    expect(canJoinRoom(session('salesman'), rooms.consolidation(CONSOLIDATION))).toBe(false);
  });

  it('is refused to an API key, even of a client whose parcels it holds', () => {
    expect(canJoinRoom(apiKey, rooms.consolidation(CONSOLIDATION))).toBe(false);
  });

  it.each([
    'consolidation:',
    'consolidation:c-1',
    `consolidation:${CONSOLIDATION.toUpperCase()}`,
    `consolidation:${CONSOLIDATION}:x`,
    `consolidation: ${CONSOLIDATION}`,
    `consolidation:${CONSOLIDATION.slice(0, -1)}`,
    `Consolidation:${CONSOLIDATION}`,
  ])('a malformed name is refused to the warehouse: %j', (room) => {
    expect(canJoinRoom(session('magazyn'), room)).toBe(false);
    expect(canJoinRoom(session('superAdmin'), room)).toBe(false);
  });
});
