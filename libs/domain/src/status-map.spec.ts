import { MESSAGES, PARCEL_STATUSES, type ParcelStatus } from '@depot/contracts';
import {
  applyCarrierEvents,
  carrierStatusOf,
  defaultTerminal,
  duplicateCode,
  mappingChanged,
  saveMapProblem,
} from './status-map';

describe('carrierStatusOf: a carrier code read through the map', () => {
  it.each<[ParcelStatus, ParcelStatus | null, ParcelStatus | null]>([
    ['new', 'pickup', 'pickup'],
    ['pickup', 'inTransport', 'inTransport'],
    ['inTransport', 'delivered', 'delivered'],
    ['delivered', 'problem', 'problem'],
    ['delivered', 'return', 'return'],
    ['problem', 'inDelivery', 'inDelivery'],
    ['unknown', 'inPudo', 'inPudo'],
    ['toCancel', 'delivered', 'delivered'],
    ['toCancel', 'canceled', 'canceled'],
    ['inTransport', 'inTransport', null],
    ['inTransport', null, null],
    ['new', null, null],
    ['canceled', 'delivered', null],
    ['canceled', 'inTransport', null],
    ['pickup', 'new', null],
    ['new', 'new', null],
    ['inTransport', 'toCancel', null],
  ])('%s + code meaning %s → %s', (current, mapped, expected) => {
    expect(carrierStatusOf(current, mapped)).toBe(expected);
  });

  it('never moves a cancelled parcel, whatever the code means', () => {
    for (const s of PARCEL_STATUSES) expect(carrierStatusOf('canceled', s)).toBeNull();
  });

  it('never sets new or toCancel, from any status', () => {
    for (const s of PARCEL_STATUSES) {
      expect(carrierStatusOf(s, 'new')).toBeNull();
      expect(carrierStatusOf(s, 'toCancel')).toBeNull();
    }
  });
});

describe('defaultTerminal', () => {
  it.each<[ParcelStatus | null, boolean]>([
    ['delivered', true],
    ['canceled', true],
    ['return', true],
    ['inDelivery', false],
    ['firstAttempt', false],
    ['problem', false],
    ['new', false],
    [null, false],
  ])('%s → %s', (status, terminal) => expect(defaultTerminal(status)).toBe(terminal));
});

describe('duplicateCode and saveMapProblem', () => {
  it('finds the first code given twice, trimmed', () => {
    expect(duplicateCode([{ code: 'A' }, { code: 'B' }, { code: ' A ' }, { code: 'B' }])).toBe('A');
  });
  it('tells codes apart by case (carriers send them as they are)', () => {
    expect(duplicateCode([{ code: 'delivered' }, { code: 'DELIVERED' }])).toBeNull();
  });
  it('no rows, or all distinct: none', () => {
    expect(duplicateCode([])).toBeNull();
    expect(saveMapProblem([{ code: '1' }, { code: '2' }])).toBeNull();
  });
  it('refuses with the code named', () => {
    expect(saveMapProblem([{ code: '410' }, { code: '410' }])).toBe(MESSAGES.statusMapDuplicateCode('410'));
    expect(MESSAGES.statusMapDuplicateCode('410')).toBe('The external status 410 is given twice.');
  });
});

describe('mappingChanged', () => {
  const row = { description: 'Delivered', dbName: 'delivered' as ParcelStatus | null, isTerminal: true };
  it('the same values: no change', () => expect(mappingChanged(row, { ...row })).toBe(false));
  it.each([
    ['description', { ...row, description: 'Zugestellt' }],
    ['status', { ...row, dbName: 'return' as ParcelStatus }],
    ['unmapped', { ...row, dbName: null }],
    ['terminal', { ...row, isTerminal: false }],
  ])('%s differs: a change', (_, next) => expect(mappingChanged(row, next)).toBe(true));
});

describe('applyCarrierEvents: a parcel’s tracking read through the map', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute));
  const ev = (code: string, minute: number) => ({ code, description: code.toLowerCase(), at: at(minute) });
  const MAP: Record<string, { dbName: ParcelStatus | null; isTerminal: boolean }> = {
    CREATED: { dbName: 'new', isTerminal: false },
    PICKED: { dbName: 'pickup', isTerminal: false },
    HUB: { dbName: 'parcelCenter', isTerminal: false },
    OUT: { dbName: 'inDelivery', isTerminal: false },
    DELIVERED: { dbName: 'delivered', isTerminal: true },
    ODD: { dbName: null, isTerminal: false },
  };
  const meaning = (code: string) => MAP[code];

  it('moves a new parcel through its events, oldest first, one change per move', () => {
    const r = applyCarrierEvents(
      { status: 'new', carrierEventAt: null },
      [ev('OUT', 3), ev('PICKED', 1), ev('HUB', 2)],
      meaning,
    );
    expect(r.changes.map((c) => [c.previousStatus, c.status, c.event.code])).toEqual([
      ['new', 'pickup', 'PICKED'],
      ['pickup', 'parcelCenter', 'HUB'],
      ['parcelCenter', 'inDelivery', 'OUT'],
    ]);
    expect(r.status).toBe('inDelivery');
    expect(r.latest?.code).toBe('OUT');
    expect(r.fresh).toHaveLength(3);
  });

  it('skips events at or before the last one applied', () => {
    const r = applyCarrierEvents(
      { status: 'parcelCenter', carrierEventAt: at(2) },
      [ev('PICKED', 1), ev('HUB', 2), ev('OUT', 3)],
      meaning,
    );
    expect(r.fresh.map((e) => e.code)).toEqual(['OUT']);
    expect(r.changes.map((c) => c.status)).toEqual(['inDelivery']);
  });

  it('nothing fresh: nothing changes and there is no latest', () => {
    const r = applyCarrierEvents({ status: 'pickup', carrierEventAt: at(5) }, [ev('PICKED', 1)], meaning);
    expect(r).toEqual({ fresh: [], changes: [], status: 'pickup', latest: null, unmapped: 0 });
  });

  it('an unmapped or unknown code is counted, moves nothing, and is what the parcel stands on when newest', () => {
    const r = applyCarrierEvents(
      { status: 'pickup', carrierEventAt: null },
      [ev('HUB', 1), ev('ODD', 2), ev('NEVER_SEEN', 3)],
      meaning,
    );
    expect(r.unmapped).toBe(2);
    expect(r.status).toBe('parcelCenter');
    expect(r.latest?.code).toBe('NEVER_SEEN');
  });

  it('a code meaning new never takes a parcel back', () => {
    const r = applyCarrierEvents({ status: 'pickup', carrierEventAt: null }, [ev('CREATED', 1)], meaning);
    expect(r.changes).toEqual([]);
    expect(r.status).toBe('pickup');
    expect(r.latest?.code).toBe('CREATED');
  });

  it('a cancelled parcel stays cancelled', () => {
    const r = applyCarrierEvents({ status: 'canceled', carrierEventAt: null }, [ev('DELIVERED', 1)], meaning);
    expect(r.changes).toEqual([]);
    expect(r.status).toBe('canceled');
  });

  it('the same status twice in a row is one change', () => {
    const r = applyCarrierEvents(
      { status: 'new', carrierEventAt: null },
      [ev('HUB', 1), ev('HUB', 2)],
      meaning,
    );
    expect(r.changes).toHaveLength(1);
    expect(r.latest?.at).toEqual(at(2));
  });

  it('events at the same instant keep the carrier’s order', () => {
    const r = applyCarrierEvents(
      { status: 'new', carrierEventAt: null },
      [ev('PICKED', 1), ev('HUB', 1)],
      meaning,
    );
    expect(r.changes.map((c) => c.status)).toEqual(['pickup', 'parcelCenter']);
  });
});
