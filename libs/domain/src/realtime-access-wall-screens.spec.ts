import { LIST_ENTITIES, ROLES, can, rooms, type Principal, type WallScreenPrincipal } from '@depot/contracts';
import { canJoinRoom, defaultRooms } from './realtime-access';

const CLIENT = 'cccccccc-0000-4000-8000-000000000001';
const USER = 'aaaaaaaa-0000-4000-8000-000000000001';
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
    rooms.user(USER),
    rooms.client(CLIENT),
    rooms.job('job-1'),
    rooms.import('imp-1'),
    rooms.consolidation('c-1'),
    ...LIST_ENTITIES.map((e) => rooms.list(e)),
    ...LIST_ENTITIES.map((e) => rooms.clientList(e, CLIENT)),
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
  const session = (role: (typeof ROLES)[number]): Principal => ({
    kind: 'session',
    userId: USER,
    role,
    clientId: role === 'user' ? CLIENT : null,
    sessionId: 'session-1',
    expiresAt: '2099-01-01T00:00:00.000Z',
  });

  it.each(ROLES)('%s joins a terminal room exactly when it scans or watches wall screens', (role) => {
    const may = role !== 'user' && (can(role, 'operating.scan') || can(role, 'wallScreens.read'));
    expect(canJoinRoom(session(role), rooms.terminal('gate-1'))).toBe(may);
    expect(canJoinRoom(session(role), 'terminal:')).toBe(false);
  });

  it('is refused to an API key', () => {
    const key: Principal = {
      kind: 'apiKey',
      apiKeyId: 'k1',
      role: 'user',
      clientId: CLIENT,
      userId: null,
      sessionId: null,
      expiresAt: null,
    };
    expect(canJoinRoom(key, rooms.terminal('gate-1'))).toBe(false);
  });

  it('a salesman and a client user are refused (no scan nor wall-screen permission)', () => {
    expect(canJoinRoom(session('salesman'), rooms.terminal('gate-1'))).toBe(false);
    expect(canJoinRoom(session('user'), rooms.terminal('gate-1'))).toBe(false);
  });
});
