import type { ParcelListFiltersInput, ParcelListItem } from '@depot/contracts';
import { numberMatchesSearch, numberSearchTerm, prefixUpperBound } from './parcel-list';
import { compareParcels, parcelMatchesFilters } from './lists/parcels-list';

const parcel = (over: Partial<ParcelListItem> = {}): ParcelListItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  clientId: 'c1',
  clientName: 'Shop',
  orderType: 'internal',
  source: 'form',
  status: 'new',
  internalNumber: 'DEM0000000001',
  referenceNumber: 'REF-1',
  externalNumber: null,
  firstMileNumber: null,
  lastMileNumber: 'LM-77',
  alternativeNumber: null,
  barcode: null,
  operatorId: 'o1',
  operatorName: 'DPD',
  isCorrect: true,
  weightKg: '2.500',
  packageCount: 1,
  pickupCountry: 'PL',
  destinationCountry: 'DE',
  destinationName: 'Jan',
  destinationCity: 'Berlin',
  codAmount: null,
  codCurrency: null,
  returnOfId: null,
  // 2026-01-01 00:30 in Warsaw (UTC+1).
  createdAt: '2025-12-31T23:30:00.000Z',
  updatedAt: '2025-12-31T23:30:00.000Z',
  ...over,
});

describe('parcelMatchesFilters', () => {
  /** Absent dates are the current Warsaw year's (the API's default): 2026 here. */
  const NOW = new Date('2026-06-01T10:00:00.000Z');

  it('matches with no filters', () => {
    expect(parcelMatchesFilters(parcel(), {}, NOW)).toBe(true);
  });

  it.each<[ParcelListFiltersInput, boolean]>([
    [{ statuses: ['new', 'pickup'] }, true],
    [{ statuses: ['delivered'] }, false],
    [{ statuses: [] }, true],
    [{ orderTypes: ['internal'] }, true],
    [{ orderTypes: ['domestic'] }, false],
    [{ sources: ['api'] }, false],
    [{ sources: ['form', 'api'] }, true],
    [{ clientId: 'c1' }, true],
    [{ clientId: 'c2' }, false],
    [{ operatorId: 'o1' }, true],
    [{ operatorId: 'o2' }, false],
    [{ pickupCountry: 'pl' }, true],
    [{ pickupCountry: 'DE' }, false],
    [{ destinationCountry: 'DE' }, true],
    [{ destinationCountry: 'FR' }, false],
  ])('%j → %s', (f, expected) => {
    expect(parcelMatchesFilters(parcel(), f, NOW)).toBe(expected);
  });

  it('reads the date range as Warsaw days, both ends included', () => {
    const p = parcel();
    expect(parcelMatchesFilters(p, { dateFrom: '2026-01-01', dateTo: '2026-12-31' })).toBe(true);
    expect(parcelMatchesFilters(p, { dateFrom: '2026-01-01', dateTo: '2026-01-01' })).toBe(true);
    // In UTC it is still 2025, but the list counts Warsaw days.
    expect(parcelMatchesFilters(p, { dateFrom: '2025-01-01', dateTo: '2025-12-31' })).toBe(false);
    expect(parcelMatchesFilters(p, { dateFrom: '2026-01-02' }, NOW)).toBe(false);
    expect(parcelMatchesFilters(p, { dateTo: '2025-12-31' }, NOW)).toBe(false);
  });

  it('searches any of the numbers, case-insensitively, by its start or the whole number', () => {
    expect(parcelMatchesFilters(parcel(), { search: 'dem00' }, NOW)).toBe(true);
    expect(parcelMatchesFilters(parcel(), { search: 'DEM0000000001' }, NOW)).toBe(true);
    expect(parcelMatchesFilters(parcel(), { search: ' ref-1 ' }, NOW)).toBe(true);
    expect(parcelMatchesFilters(parcel(), { search: 'lm-7' }, NOW)).toBe(true);
    expect(parcelMatchesFilters(parcel({ barcode: 'BC123' }), { search: 'bc12' }, NOW)).toBe(true);
    expect(parcelMatchesFilters(parcel({ externalNumber: 'ext-9' }), { search: 'EXT-9' }, NOW)).toBe(true);
    expect(parcelMatchesFilters(parcel(), { search: 'Berlin' }, NOW)).toBe(false);
    expect(parcelMatchesFilters(parcel(), { search: '  ' }, NOW)).toBe(true);
  });

  it('does not match a part in the middle or at the end of a number (prefix search, decision 0083)', () => {
    expect(parcelMatchesFilters(parcel(), { search: 'm-7' }, NOW)).toBe(false);
    expect(parcelMatchesFilters(parcel(), { search: '0000001' }, NOW)).toBe(false);
    expect(parcelMatchesFilters(parcel(), { search: 'DEM00000000012' }, NOW)).toBe(false);
  });
});

describe('numberSearchTerm and numberMatchesSearch', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    [' abc-1 ', 'ABC-1'],
    ['DEM001', 'DEM001'],
  ])('normalises %p to %p', (input, expected) => {
    expect(numberSearchTerm(input)).toBe(expected);
  });

  it.each([
    ['DEM0001', 'DEM', true],
    ['dem0001', 'DEM0001', true],
    ['DEM0001', 'DEM00011', false],
    ['XDEM0001', 'DEM', false],
    [null, 'DEM', false],
    [undefined, 'DEM', false],
  ])('number %p starts with %p: %p', (number, term, expected) => {
    expect(numberMatchesSearch(number, term)).toBe(expected);
  });
});

describe('prefixUpperBound', () => {
  it.each([
    ['EXT00000012', 'EXT00000013'],
    ['DEM', 'DEN'],
    ['A9', 'A:'],
    ['AZ', 'A['],
    ['Ż', 'ż'],
    ['X\uD7FF', 'X\uE000'],
    ['\u{1F4E6}', '\u{1F4E7}'],
    ['', null],
    ['A\u{10FFFF}', null],
  ])('%p → %p', (prefix, bound) => {
    expect(prefixUpperBound(prefix)).toBe(bound);
  });

  /** Code point order, as PostgreSQL compares UTF-8 bytes under text_pattern_ops. */
  const byCodePoints = (a: string, b: string): number => {
    const x = Array.from(a);
    const y = Array.from(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
      if (d !== 0) return d;
    }
    return x.length - y.length;
  };
  const inRange = (s: string, prefix: string) => {
    const bound = prefixUpperBound(prefix)!;
    return byCodePoints(s, prefix) >= 0 && byCodePoints(s, bound) < 0;
  };

  it('the range [prefix, bound) holds exactly the strings that start with the prefix', () => {
    const alphabet = ['A', 'B', 'Z', '0', '9', '-', '_', '%', 'Ą', 'Ż', '\uFFFF', '\u{1F4E6}'];
    const strings: string[] = [''];
    for (let round = 0; round < 3; round++)
      for (const s of [...strings]) for (const c of alphabet) strings.push(s + c);
    const prefixes = ['A', 'Z', '9', 'AB', 'A%', 'Ż', 'A\uFFFF', '\u{1F4E6}'];
    for (const prefix of prefixes)
      for (const s of strings)
        expect([s, prefix, inRange(s, prefix)]).toEqual([s, prefix, s.startsWith(prefix)]);
  });
});

describe('compareParcels', () => {
  const a = parcel({ id: 'a', weightKg: '10.000', internalNumber: 'B2', status: 'pickup' });
  const b = parcel({ id: 'b', weightKg: '9.500', internalNumber: 'A1', status: 'delivered' });

  it('orders weights as numbers, not text', () => {
    expect(compareParcels(a, b, { field: 'weightKg', direction: 'asc' })).toBeGreaterThan(0);
    expect(compareParcels(a, b, { field: 'weightKg', direction: 'desc' })).toBeLessThan(0);
  });

  it('orders numbers and status codes as text', () => {
    expect(compareParcels(a, b, { field: 'internalNumber', direction: 'asc' })).toBeGreaterThan(0);
    expect(compareParcels(a, b, { field: 'status', direction: 'asc' })).toBeGreaterThan(0);
  });

  it('orders by creation time, ties broken by id', () => {
    const later = parcel({ id: 'c', createdAt: '2026-02-01T00:00:00.000Z' });
    expect(compareParcels(a, later, { field: 'createdAt', direction: 'desc' })).toBeGreaterThan(0);
    expect(compareParcels(a, b, { field: 'createdAt', direction: 'asc' })).toBeLessThan(0);
    expect(compareParcels(a, b, { field: 'createdAt', direction: 'desc' })).toBeGreaterThan(0);
  });
});
