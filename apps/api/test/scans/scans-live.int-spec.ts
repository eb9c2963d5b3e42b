import { rooms } from '@depot/contracts';
import { eventMatching } from '../harness';
import { openSocket, settled, subscribe } from '../realtime/realtime.kit';
import { tag } from '../parcels/parcels.kit';
import { startScanKit, type ScanKit } from './scans.kit';

/** A scan reaches `terminal:<name>` (staff who scan) and the parcel's own client room, never another client's. */
describe('scans: live', () => {
  let k: ScanKit;

  beforeAll(async () => {
    k = await startScanKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it('a scan reaches the terminal room and the parcel’s client; not another client nor another terminal', async () => {
    const terminal = `Live ${tag()}`;
    const staff = await openSocket(k.t, { token: k.tokens.magazyn });
    const elsewhere = await openSocket(k.t, { token: k.tokens.operator });
    expect(await subscribe(staff, rooms.terminal(terminal))).toEqual({ ok: true });
    expect(await subscribe(elsewhere, rooms.terminal(`${terminal} B`))).toEqual({ ok: true });
    const own = await openSocket(k.t, { token: k.own.userToken });
    const other = await openSocket(k.t, { token: k.other.userToken });
    const seen = { elsewhere: 0, other: 0 };
    elsewhere.on('scan:recorded', () => seen.elsewhere++);
    other.on('parcel:status_changed', () => seen.other++);
    other.on('scan:recorded', () => seen.other++);
    const p = await k.parcelWith();
    const onTerminal = eventMatching(staff, 'scan:recorded', (s) => s.parcelId === p.id);
    const onClient = eventMatching(own, 'parcel:status_changed', (e) => e.id === p.id);
    await k.scanned(p.internalNumber, { terminal });
    expect(await onTerminal).toMatchObject({
      terminal,
      outcome: 'changed',
      internalNumber: p.internalNumber,
    });
    expect(await onClient).toMatchObject({ status: 'inTransport', previousStatus: 'new', source: 'scan' });
    await settled(k.t, elsewhere, other);
    expect(seen).toEqual({ elsewhere: 0, other: 0 });
  });

  it('client users, API keys and roles that do not scan may not join a terminal room', async () => {
    for (const auth of [{ token: k.own.userToken }, { apiKey: k.own.apiKey }, { token: k.tokens.salesman }]) {
      const s = await openSocket(k.t, auth);
      expect(await subscribe(s, rooms.terminal('Zielona Góra'))).toEqual({ ok: false, error: 'Forbidden' });
    }
    const staff = await openSocket(k.t, { token: k.tokens.magazyn });
    expect((await subscribe(staff, 'terminal:')).ok).toBe(false);
    expect((await subscribe(staff, `terminal:${'x'.repeat(101)}`)).ok).toBe(false);
  });
});
