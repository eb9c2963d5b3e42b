import { ROLES, rooms } from '@depot/contracts';
import { canJoinRoom } from './realtime-access';
import { apiKey, OTHER_CLIENT, OWN_CLIENT, session } from './realtime-access.fixtures';

/** The live webhook lists (decision 0146): staff follow every client's, a client user its own client's part. */
describe.each(['webhooks', 'webhookDeliveries'] as const)('live list %s', (list) => {
  it('the whole list: superAdmin and admin (webhooks.read, no client)', () => {
    expect(ROLES.filter((r) => canJoinRoom(session(r), rooms.list(list)))).toEqual(['superAdmin', 'admin']);
  });

  it("a client's part: that client's users only, never another client's", () => {
    expect(ROLES.filter((r) => canJoinRoom(session(r), rooms.clientList(list, OWN_CLIENT)))).toEqual([
      'user',
    ]);
    expect(canJoinRoom(session('user'), rooms.clientList(list, OTHER_CLIENT))).toBe(false);
    expect(canJoinRoom(session('user'), rooms.list(list))).toBe(false);
  });

  it('a staff user with a stray clientId, and an API key, follow neither', () => {
    expect(canJoinRoom(session('admin', OWN_CLIENT), rooms.list(list))).toBe(false);
    expect(canJoinRoom(apiKey, rooms.list(list))).toBe(false);
    expect(canJoinRoom(apiKey, rooms.clientList(list, OWN_CLIENT))).toBe(false);
  });

  it.each([`list:${list}:`, `list:${list}:${OWN_CLIENT}:x`])('refuses the malformed room %j', (room) => {
    expect(canJoinRoom(session('user'), room)).toBe(false);
    expect(canJoinRoom(session('admin'), room)).toBe(false);
  });
});
