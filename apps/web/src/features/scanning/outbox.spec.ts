import type { ScanFormRequest, ScanReply, ScanResult } from '@depot/contracts';
import { ApiError } from '../../api/errors';
import {
  MANUAL_QUEUE_KEY,
  OUTBOX_KEY,
  OutboxSender,
  ScanList,
  isConnectionError,
  nextBatch,
  requestOf,
  type QueuedScan,
  type SenderState,
} from './outbox';
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEY,
  carModeMissing,
  loadSettings,
  saveSettings,
  statusOf,
} from './settings';

const ANNA = 'user-anna';
const fields = { name: 'inTransport' as const, terminal: 'Zielona Góra', timezone: 'Europe/Warsaw' };
let n = 0;
const scan = (over: Partial<QueuedScan> = {}): QueuedScan => {
  const scanId = `scan-0000-${++n}`;
  return {
    scanId,
    number: `DPD${n}`,
    at: `2026-11-27T10:00:0${n % 10}.000Z`,
    source: 'scanner',
    fields,
    userId: ANNA,
    batch: scanId,
    ...over,
  };
};

/** A reply as the server gives it: one changed result per number, with the request's scan ids. */
const replyTo = (body: ScanFormRequest): ScanReply => ({
  results: body.externalNumber.map(
    (number, i) =>
      ({
        seq: i + 1,
        scanId: body.scanIds![i],
        number,
        outcome: 'changed',
        replayed: false,
      }) as unknown as ScanResult,
  ),
});

beforeEach(() => localStorage.clear());

describe('ScanList: scans kept on the device', () => {
  it('survives a reload (a new list on the same storage reads them back, in order)', () => {
    const a = scan();
    const b = scan();
    new ScanList(OUTBOX_KEY).add([a, b]);
    expect(new ScanList(OUTBOX_KEY).all().map((s) => s.scanId)).toEqual([a.scanId, b.scanId]);
    expect(new ScanList(MANUAL_QUEUE_KEY).all()).toEqual([]);
  });

  it('adds a scan id once, removes by id, and tells its listeners', () => {
    const list = new ScanList(OUTBOX_KEY);
    const heard = jest.fn();
    list.subscribe(heard);
    const a = scan();
    list.add([a]);
    list.add([a]);
    expect(list.all()).toHaveLength(1);
    list.remove([a.scanId]);
    expect(list.all()).toEqual([]);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('drops what is unreadable in storage, keeps what is', () => {
    const good = scan();
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([{ junk: 1 }, good, 'x']));
    expect(new ScanList(OUTBOX_KEY).all()).toEqual([good]);
    localStorage.setItem(OUTBOX_KEY, '{not json');
    expect(new ScanList(OUTBOX_KEY).all()).toEqual([]);
  });

  it('lists a user’s own scans only', () => {
    const list = new ScanList(OUTBOX_KEY);
    list.add([scan(), scan({ userId: 'user-bob' })]);
    expect(list.ofUser(ANNA)).toHaveLength(1);
  });
});

describe('batches and requests', () => {
  it('an automatic scan is its own batch; a "Send all" batch goes together', () => {
    const a = scan();
    const m1 = scan({ batch: 'manual-1' });
    const m2 = scan({ batch: 'manual-1' });
    expect(nextBatch([a, m1, m2], ANNA)).toEqual([a]);
    expect(nextBatch([m1, m2, a], ANNA)).toEqual([m1, m2]);
    expect(nextBatch([scan({ userId: 'user-bob' })], ANNA)).toEqual([]);
  });

  it('a batch stops where the fields change', () => {
    const m1 = scan({ batch: 'm' });
    const m2 = scan({ batch: 'm', fields: { ...fields, terminal: 'Poznań' } });
    expect(nextBatch([m1, m2], ANNA)).toEqual([m1]);
  });

  it('the request carries the numbers, their scan ids, the first scan’s time and the fields', () => {
    const a = scan({ fields: { ...fields, driver: 'Jan', registrationNumber: 'FZ 12345' } });
    expect(requestOf([a])).toEqual({
      name: 'inTransport',
      externalNumber: [a.number],
      scanIds: [a.scanId],
      terminal: 'Zielona Góra',
      timezone: 'Europe/Warsaw',
      timestamp: a.at,
      driver: 'Jan',
      registrationNumber: 'FZ 12345',
    });
  });

  it('a failure to try again later (connection, session, server) is not a refusal', () => {
    expect(isConnectionError(new ApiError(0, null))).toBe(true);
    expect(isConnectionError(new ApiError(503, null))).toBe(true);
    expect(isConnectionError(new ApiError(500, null))).toBe(true);
    expect(isConnectionError(new ApiError(401, null))).toBe(true);
    expect(isConnectionError(new ApiError(403, null))).toBe(false);
    expect(isConnectionError(new ApiError(400, null))).toBe(false);
    expect(isConnectionError(new Error('x'))).toBe(false);
  });
});

describe('OutboxSender: in order, once, and nothing lost offline', () => {
  const setup = (send: (b: ScanFormRequest) => Promise<ScanReply>) => {
    const outbox = new ScanList(OUTBOX_KEY);
    const results: string[] = [];
    const refused: string[] = [];
    const states: SenderState[] = [];
    const sender = new OutboxSender(
      outbox,
      send,
      {
        onResults: (r) => results.push(...r.map((x) => x.scanId)),
        onRefused: (_e, batch) => refused.push(...batch.map((s) => s.scanId)),
        onState: (s) => states.push(s),
      },
      ANNA,
    );
    return { outbox, sender, results, refused, states };
  };

  it('offline: the scans stay (also across a reload); back online they go in order, each once', async () => {
    let online = false;
    const sent: string[][] = [];
    const send = jest.fn(async (body: ScanFormRequest) => {
      if (!online) throw new ApiError(0, null);
      sent.push(body.scanIds!);
      return replyTo(body);
    });
    const first = setup(send);
    const [a, b, c] = [scan(), scan(), scan()];
    first.outbox.add([a, b, c]);
    await first.sender.drain();
    expect(first.states.at(-1)).toBe('offline');
    expect(first.outbox.all()).toHaveLength(3);

    // The page is reloaded while offline: a new sender on the stored outbox.
    online = true;
    const second = setup(send);
    await second.sender.drain();
    expect(sent).toEqual([[a.scanId], [b.scanId], [c.scanId]]);
    expect(second.results).toEqual([a.scanId, b.scanId, c.scanId]);
    expect(second.outbox.all()).toEqual([]);
    expect(second.states.at(-1)).toBe('idle');
    await second.sender.drain();
    expect(sent).toHaveLength(3);
  });

  it('a drain asked for while one runs does not send a batch twice, and picks up scans added meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    const { outbox, sender } = setup(async (body) => {
      await gate;
      sent.push(...body.scanIds!);
      return replyTo(body);
    });
    const a = scan();
    outbox.add([a]);
    const one = sender.drain();
    const b = scan();
    outbox.add([b]);
    const two = sender.drain();
    release();
    await Promise.all([one, two]);
    expect(sent).toEqual([a.scanId, b.scanId]);
  });

  it('a refused batch is dropped (the scan is cancelled, not sent again) and the rest go on', async () => {
    const a = scan();
    const b = scan();
    const { outbox, sender, refused, results } = setup(async (body) => {
      if (body.scanIds![0] === a.scanId) throw new ApiError(400, { message: 'Unknown time zone.' });
      return replyTo(body);
    });
    outbox.add([a, b]);
    await sender.drain();
    expect(refused).toEqual([a.scanId]);
    expect(results).toEqual([b.scanId]);
    expect(outbox.all()).toEqual([]);
  });

  it('a failure mid-way keeps the failed scan and all after it, first in line', async () => {
    const [a, b, c] = [scan(), scan(), scan()];
    let calls = 0;
    const { outbox, sender, results } = setup(async (body) => {
      if (++calls === 2) throw new ApiError(0, null);
      return replyTo(body);
    });
    outbox.add([a, b, c]);
    await sender.drain();
    expect(results).toEqual([a.scanId]);
    expect(outbox.all().map((s) => s.scanId)).toEqual([b.scanId, c.scanId]);
  });

  it('sends only the signed-in user’s scans', async () => {
    const send = jest.fn(async (body: ScanFormRequest) => replyTo(body));
    const { outbox, sender } = setup(send);
    outbox.add([scan({ userId: 'user-bob' })]);
    await sender.drain();
    expect(send).not.toHaveBeenCalled();
    expect(outbox.all()).toHaveLength(1);
  });
});

describe('scan settings per device', () => {
  it('defaults: automatic, voice, default status IN_TRANSPORT, terminal Zielona Góra', () => {
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    expect(statusOf(DEFAULT_SETTINGS)).toBe('inTransport');
    expect(DEFAULT_SETTINGS.terminal).toBe('Zielona Góra');
  });

  it('are kept, and what is stored wrong falls back to the default', () => {
    saveSettings({ ...DEFAULT_SETTINGS, autoSend: false, terminal: 'Poznań', status: 'delivered' });
    expect(loadSettings()).toMatchObject({ autoSend: false, terminal: 'Poznań', status: 'delivered' });
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ status: 'canceled', terminal: ' ', voice: 'yes' }));
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('the status is the chosen one only with the default status off', () => {
    const s = { ...DEFAULT_SETTINGS, status: 'delivered' as const };
    expect(statusOf(s)).toBe('inTransport');
    expect(statusOf({ ...s, defaultStatus: false })).toBe('delivered');
  });

  it('car mode needs the driver and the registration number', () => {
    expect(carModeMissing(DEFAULT_SETTINGS)).toEqual([]);
    expect(carModeMissing({ ...DEFAULT_SETTINGS, carMode: true })).toEqual(['driver', 'registrationNumber']);
    expect(
      carModeMissing({ ...DEFAULT_SETTINGS, carMode: true, driver: 'Jan', registrationNumber: 'FZ1' }),
    ).toEqual([]);
  });
});
