import type { SubscribeAck } from '@depot/contracts';
import { connected, startTestDepot, type DepotSocket, type TestDepot } from './harness';

/** Socket helpers of the realtime suites (realtime-*, clients-access-live): open, subscribe, record, barrier. */

/** A connected socket for these handshake credentials. */
export async function openSocket(t: TestDepot, auth: Record<string, unknown>): Promise<DepotSocket> {
  const s = t.socket(auth);
  await connected(s);
  return s;
}

/** Starts one depot for the calling describe block (beforeAll/afterAll); `open` connects a socket to it. */
export function realtimeKit() {
  const k = {} as { t: TestDepot };
  beforeAll(async () => {
    k.t = await startTestDepot();
  });
  afterAll(async () => {
    await k.t.close();
  });
  return Object.assign(k, { open: (auth: Record<string, unknown>) => openSocket(k.t, auth) });
}

export const subscribe = (socket: DepotSocket, room: string): Promise<SubscribeAck> =>
  socket.timeout(5000).emitWithAck('subscribe', room);

/**
 * A round trip to the server. Every emit the server made to this socket before it answered arrives
 * before the answer, so after a barrier "nothing arrived" means nothing was sent — no sleeping.
 */
export async function barrier(socket: DepotSocket): Promise<void> {
  await socket.timeout(5000).emitWithAck('unsubscribe', 'barrier:none');
}

/** Records every event a socket gets, in order. */
export function recorder(socket: DepotSocket): { events: string[]; payloads: unknown[] } {
  const log = { events: [] as string[], payloads: [] as unknown[] };
  socket.onAny((event: string, payload: unknown) => {
    log.events.push(event);
    log.payloads.push(payload);
  });
  socket.on('disconnect', () => log.events.push('disconnect'));
  return log;
}

/** A valid body for POST /api/user/create: a staff user whose last name and e-mail carry `tag`. */
export const newStaffBody = (role: 'operator' | 'magazyn' | 'salesman', tag: string) => ({
  firstName: 'Live',
  lastName: `List ${tag}`,
  email: `live-${tag}-${Date.now().toString(36)}@test.depot`,
  role,
  lang: 'en',
  password: 'another-password-1',
  confirmPassword: 'another-password-1',
});
