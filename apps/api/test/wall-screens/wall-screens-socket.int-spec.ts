import { WALL_RECENT, WALL_SINCE_MAX, rooms, warsawDay, warsawTime } from '@depot/contracts';
import { disconnected, eventMatching, nextEvent, refusal, startTestDepot, type TestDepot } from '../harness';
import { recorder, settled, subscribe } from '../realtime/realtime.kit';
import { scansOf, since, uniqueTerminal, wallKit, type WallKit } from './wall-screens.kit';

/**
 * A wall screen's socket (decision 0129): a link's token opens a socket that reads its terminal's room and nothing
 * else, receives scans as they are made, loads and catches up through `wall:since`, and is cut when the link is
 * revoked.
 */
describe('wall-screen sockets', () => {
  let t: TestDepot;
  let k: WallKit;

  beforeAll(async () => {
    t = await startTestDepot();
    k = await wallKit(t);
  });
  afterAll(() => t.close());

  it("joins only its terminal's room and receives the scans made there, not another terminal's", async () => {
    const link = await k.link();
    const wall = await k.open({ wallScreen: link.token });
    const log = recorder(wall);
    const got = eventMatching(wall, 'scan:recorded', (s) => s.number === 'WALL-NOPE-1');
    await k.scan(uniqueTerminal('Elsewhere'), 'WALL-NOPE-0');
    const [made] = await k.scan(link.terminal, 'WALL-NOPE-1');
    const scan = await got;
    expect(scan).toEqual({
      seq: made.seq,
      scanId: made.scanId,
      number: 'WALL-NOPE-1',
      outcome: 'notFound',
      message: expect.any(String),
      status: 'inTransport',
      previousStatus: null,
      parcelId: null,
      internalNumber: null,
      consolidationId: null,
      sector: null,
      terminal: link.terminal,
      scannedBy: expect.any(String),
      scannedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    await settled(t, wall);
    expect(log.payloads.map((p) => (p as { number?: string }).number)).toEqual(['WALL-NOPE-1']);
  });

  it("shows a parcel's sector and status change, and the parcel's client user never gets the scan", async () => {
    const link = await k.link();
    const parcel = await k.parcelInSector();
    const clientUser = await t.createUser('user', { clientId: parcel.clientId });
    const client = await k.open({ token: await t.sessionOf(clientUser.id) });
    const clientLog = recorder(client);
    expect(await subscribe(client, rooms.terminal(link.terminal))).toEqual({ ok: false, error: 'Forbidden' });
    expect(await since(client, { terminal: link.terminal })).toEqual({ ok: false, error: 'Forbidden' });

    const wall = await k.open({ wallScreen: link.token });
    const got = nextEvent(wall, 'scan:recorded');
    await k.scan(link.terminal, parcel.internalNumber);
    expect(await got).toMatchObject({
      outcome: 'changed',
      status: 'inTransport',
      previousStatus: 'pickup',
      internalNumber: parcel.internalNumber,
      sector: { sectorCountry: 'DE', sectorDescription: parcel.sectorLabel.slice(3) },
    });
    await settled(t, client);
    // The client's user hears its parcel change, never the scan itself.
    expect(clientLog.events).toContain('parcel:status_changed');
    expect(clientLog.events).not.toContain('scan:recorded');

    const ack = await since(wall, { terminal: link.terminal });
    if (!ack.ok) throw new Error(ack.error);
    expect(ack.counts).toEqual({
      day: warsawDay(new Date()),
      byOutcome: { changed: 1, alreadyScanned: 0, refused: 0, notFound: 0 },
      bySector: [{ sector: parcel.sectorLabel, count: 1 }],
      byHour: [{ hour: warsawTime(ack.scans[0].scannedAt).hour, count: 1 }],
    });
  });

  it('is refused every other room and every other terminal', async () => {
    const link = await k.link();
    const wall = await k.open({ wallScreen: link.token });
    const staffUser = await t.userWithToken('admin');
    const other = await t.createClient();
    for (const room of [
      rooms.terminal(uniqueTerminal()),
      rooms.staff(),
      rooms.list('parcels'),
      rooms.list('users'),
      rooms.client(other),
      rooms.user(staffUser.id),
      `wallScreen:${link.id}`,
    ]) {
      expect(await subscribe(wall, room)).toEqual({ ok: false, error: 'Forbidden' });
    }
    expect(await since(wall, { terminal: uniqueTerminal() })).toEqual({ ok: false, error: 'Forbidden' });
    expect(await since(wall, { terminal: '' })).toEqual({ ok: false, error: 'Bad request' });
    expect(await since(wall, { terminal: link.terminal, afterSeq: -1 })).toEqual({
      ok: false,
      error: 'Bad request',
    });
  });

  it('refuses a handshake with a garbage, a revoked, or a mixed credential', async () => {
    const link = await k.link();
    expect(await refusal(t.socket({ wallScreen: 'dpw_not-a-token' }))).toBe('Unauthorized');
    expect(await refusal(t.socket({ wallScreen: 12 }))).toBe('Unauthorized');
    expect(await refusal(t.socket({ wallScreen: link.token, token: k.tokens.admin }))).toBe('Unauthorized');
    // A wall token is not a session token nor an API key on the socket either.
    expect(await refusal(t.socket({ token: link.token }))).toBe('Unauthorized');
    expect(await refusal(t.socket({ apiKey: link.token }))).toBe('Unauthorized');
    await k.revoke('admin', link.id);
    expect(await refusal(t.socket({ wallScreen: link.token }))).toBe('Unauthorized');
  });

  it('records when a screen last connected', async () => {
    const link = await k.link();
    await k.open({ wallScreen: link.token });
    const seen = async () =>
      ((await k.list('admin')).body.items as { id: string; lastSeenAt: string | null }[]).find(
        (l) => l.id === link.id,
      )?.lastSeenAt;
    // The touch is written beside the handshake; a later list sees it.
    let at = await seen();
    for (let i = 0; at === null && i < 50; i++) at = await seen();
    expect(at).toEqual(expect.any(String));
  });

  it('is cut at once when its link is revoked, told why; other links stay', async () => {
    const link = await k.link();
    const kept = await k.link(link.terminal, 'Kept');
    const wall = await k.open({ wallScreen: link.token });
    const second = await k.open({ wallScreen: link.token });
    const other = await k.open({ wallScreen: kept.token });
    const ended = nextEvent(wall, 'session:ended');
    const cut = [disconnected(wall), disconnected(second)];
    expect((await k.revoke('admin', link.id)).status).toBe(200);
    expect(await ended).toEqual({ reason: 'revoked' });
    expect(await Promise.all(cut)).toEqual(['io server disconnect', 'io server disconnect']);
    await settled(t, other);
    expect(other.connected).toBe(true);
    const got = nextEvent(other, 'scan:recorded');
    await k.scan(link.terminal, 'WALL-KEPT-1');
    expect((await got).number).toBe('WALL-KEPT-1');
  });

  it('catches up with exactly the scans it missed, in order, in pages', async () => {
    const link = await k.link();
    const wall = await k.open({ wallScreen: link.token });
    await k.scan(link.terminal, 'SEEN-1', 'SEEN-2');
    const first = await since(wall, { terminal: link.terminal });
    const seen = scansOf(first);
    expect(seen.map((s) => s.number)).toEqual(['SEEN-1', 'SEEN-2']);
    const lastSeq = seen[1].seq;
    wall.disconnect();

    const missed = Array.from({ length: WALL_SINCE_MAX + 5 }, (_, i) => `MISSED-${i}`);
    await k.scan(uniqueTerminal('Other'), 'NOT-MINE');
    const made = await k.scan(link.terminal, ...missed);

    const back = await k.open({ wallScreen: link.token });
    const page1 = await since(back, { terminal: link.terminal, afterSeq: lastSeq });
    if (!page1.ok) throw new Error(page1.error);
    expect(page1.more).toBe(true);
    expect(page1.counts).toBeUndefined();
    expect(page1.scans).toHaveLength(WALL_SINCE_MAX);
    const page2 = await since(back, { terminal: link.terminal, afterSeq: page1.scans.at(-1)!.seq });
    if (!page2.ok) throw new Error(page2.error);
    expect(page2.more).toBe(false);
    const caughtUp = [...page1.scans, ...page2.scans];
    expect(caughtUp.map((s) => s.number)).toEqual(missed);
    expect(caughtUp.map((s) => s.seq)).toEqual(made.map((s) => s.seq));
    expect(scansOf(await since(back, { terminal: link.terminal, afterSeq: made.at(-1)!.seq }))).toEqual([]);

    // A first load shows the latest WALL_RECENT, oldest first, and the day's counts.
    const load = await since(back, { terminal: link.terminal });
    if (!load.ok) throw new Error(load.error);
    expect(load.scans.map((s) => s.number)).toEqual(missed.slice(-WALL_RECENT));
    expect(load.counts?.byOutcome.notFound).toBe(missed.length + 2);
    expect(load.counts?.bySector).toEqual([]);
  });

  it('lets signed-in staff who scan or watch follow a terminal without a link', async () => {
    const terminal = uniqueTerminal();
    const staff = await k.open({ token: k.tokens.magazyn });
    expect(await subscribe(staff, rooms.terminal(terminal))).toEqual({ ok: true });
    const got = nextEvent(staff, 'scan:recorded');
    await k.scan(terminal, 'STAFF-1');
    expect((await got).number).toBe('STAFF-1');
    expect(scansOf(await since(staff, { terminal })).map((s) => s.number)).toEqual(['STAFF-1']);

    const salesman = await k.open({ token: k.tokens.salesman });
    expect(await subscribe(salesman, rooms.terminal(terminal))).toEqual({ ok: false, error: 'Forbidden' });
    expect(await since(salesman, { terminal })).toEqual({ ok: false, error: 'Forbidden' });
  });
});
