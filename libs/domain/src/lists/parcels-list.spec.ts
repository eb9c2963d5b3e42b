import { parcelListCases } from './parcels-list.cases';
import { parcelMatchesFilters } from './parcels-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('parcelMatchesFilters: the parcels list', () => {
  it.each(parcelListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(parcelListCases.items, filters, parcelMatchesFilters)).toEqual(sortedIds(expected));
  });

  it('absent days are the current Warsaw year, as the API fills them', () => {
    const parcel = parcelListCases.items[0]; // 29 March 2026 in Warsaw
    expect(parcelMatchesFilters(parcel, {}, new Date('2026-06-01T00:00:00.000Z'))).toBe(true);
    expect(parcelMatchesFilters(parcel, {}, new Date('2027-01-01T00:00:00.000Z'))).toBe(false);
    expect(parcelMatchesFilters(parcel, { dateTo: '2026-03-29' }, new Date('2026-06-01T00:00:00.000Z'))).toBe(
      true,
    );
    expect(
      parcelMatchesFilters(parcel, { dateFrom: '2026-03-30' }, new Date('2026-06-01T00:00:00.000Z')),
    ).toBe(false);
  });
});
