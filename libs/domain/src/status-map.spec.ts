import { MESSAGES, PARCEL_STATUSES, type ParcelStatus } from '@depot/contracts';
import {
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
