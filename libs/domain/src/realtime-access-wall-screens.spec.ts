import { LIST_ENTITIES, ROLES, can, rooms, type WallScreenPrincipal } from '@depot/contracts';
import { canJoinRoom, defaultRooms } from './realtime-access';
import { apiKey, OWN_CLIENT, OWN_USER, session } from './realtime-access.fixtures';

const LINK = 'bbbbbbbb-0000-4000-8000-000000000001';

const wall = (terminal = 'Zielona Góra'): WallScreenPrincipal => ({
  kind: 'wallScreen',
  linkId: LINK,
  terminal,
  role: null,
  userId: null,
  clientId: null,
  sessionId: null,
  expiresAt: null,
});

describe('a wall screen (decision 0129)', () => {
  it('joins its own terminal room on connect, and nothing else', () => {
    expect(defaultRooms(wall())).toEqual(['terminal:Zielona Góra']);
  });

  it('may join its own terminal room', () => {
    expect(canJoinRoom(wall(), rooms.terminal('Zielona Góra'))).toBe(true);
  });

  it.each([
    rooms.terminal('Poznań'),
    rooms.terminal('zielona góra'),
    rooms.terminal('Zielona Góra '),
    'terminal:Zielona Góra:x',
    'terminal:',
    'terminal',
    rooms.staff(),
    rooms.user(OWN_USER),
    rooms.client(OWN_CLIENT),
    rooms.job('job-1'),
    rooms.import('imp-1'),
    rooms.consolidation('c-1'),
    ...LIST_ENTITIES.map((e) => rooms.list(e)),
    ...LIST_ENTITIES.map((e) => rooms.clientList(e, OWN_CLIENT)),
    `wallScreen:${LINK}`,
    `session:${LINK}`,
    `apiKey:${LINK}`,
    '',
    ':',
  ])('is refused %j', (room) => {
    expect(canJoinRoom(wall(), room)).toBe(false);
  });

  it('is refused the room of a terminal whose name holds its own as a prefix', () => {
    expect(canJoinRoom(wall('Gate'), rooms.terminal('Gate 2'))).toBe(false);
    expect(canJoinRoom(wall('Gate 2'), rooms.terminal('Gate'))).toBe(false);
  });
});

describe('terminal rooms for signed-in people and API keys', () => {
  it.each(ROLES)('%s joins a terminal room exactly when it scans or watches wall screens', (role) => {
    const may = role !== 'user' && (can(role, 'operating.scan') || can(role, 'wallScreens.read'));
    expect(canJoinRoom(session(role), rooms.terminal('gate-1'))).toBe(may);
    expect(canJoinRoom(session(role), 'terminal:')).toBe(false);
  });

  it('is refused to an API key', () => {
    expect(canJoinRoom(apiKey, rooms.terminal('gate-1'))).toBe(false);
  });

  it('a salesman and a client user are refused (no scan nor wall-screen permission)', () => {
    expect(canJoinRoom(session('salesman'), rooms.terminal('gate-1'))).toBe(false);
    expect(canJoinRoom(session('user'), rooms.terminal('gate-1'))).toBe(false);
  });
});
