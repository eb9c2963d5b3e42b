import type { SubscribeAck } from '@depot/contracts';
import { EventBus } from '../../src/events/event-bus';
import { connected, eventMatching, startTestDepot, type DepotSocket, type TestDepot } from '../harness';

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

const watchers = new WeakMap<TestDepot, Promise<{ socket: DepotSocket; userId: string }>>();
let markers = 0;

/**
 * For "must not receive" checks after an action: waits until the app has relayed every domain event published
 * before the call, then until whatever the server sent to `sockets` has arrived (a socket the server cut fails its
 * round trip). So "nothing arrived" afterwards means nothing was sent — no sleeping, whatever the machine's speed.
 * A marker event goes through the app's own bus to a watcher socket of its own (a staff user made for this, once
 * per depot, with a session written directly: no sign-in, no audit entry). The bus delivers in publish order (in
 * process, and through PostgreSQL NOTIFY in commit order), the gateway relays each event to its rooms at once, and
 * the services publish before they answer; so when the marker arrives, every event of an answered request has been
 * relayed, and a `barrier` on each socket brings in what was sent to it (or sees it cut).
 */
export async function settled(t: TestDepot, ...sockets: DepotSocket[]): Promise<void> {
  let watcher = watchers.get(t);
  if (!watcher) {
    watcher = (async () => {
      const { id } = await t.createUser('operator');
      return { socket: await openSocket(t, { token: await t.sessionOf(id) }), userId: id };
    })();
    watchers.set(t, watcher);
  }
  const { socket, userId } = await watcher;
  const jobId = `settled-${++markers}`;
  const marker = eventMatching(socket, 'job:progress', (e) => e.jobId === jobId);
  await t.depot.app.get(EventBus).publish({
    type: 'job.progress',
    userId,
    payload: { jobId, jobName: 'test.settled', progress: 0 },
  });
  await marker;
  await Promise.all(sockets.map(roundTrip));
}

/** A `barrier` on a connected socket; ends early if the server cuts it meanwhile (the caller's checks then fail). */
async function roundTrip(socket: DepotSocket): Promise<void> {
  if (!socket.connected) return;
  let onCut!: () => void;
  const cut = new Promise<void>((resolve) => socket.once('disconnect', (onCut = () => resolve())));
  try {
    await Promise.race([barrier(socket), cut]);
  } finally {
    socket.off('disconnect', onCut);
  }
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
