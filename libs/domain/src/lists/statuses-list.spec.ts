import { statusMapListCases } from './statuses-list.cases';
import { compareStatusMapRows, statusMapMatchesFilters } from './statuses-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('statusMapMatchesFilters: the statuses list', () => {
  it.each(statusMapListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(statusMapListCases.items, filters, statusMapMatchesFilters)).toEqual(
      sortedIds(expected),
    );
  });
});

describe('compareStatusMapRows', () => {
  const row = (
    id: string,
    operatorType: 'GLS' | 'INPOST',
    code: string,
    seenCount: number,
    updatedAt: string,
  ) => ({
    id,
    operatorType,
    code,
    seenCount,
    updatedAt,
  });
  const a = row('a', 'INPOST', 'delivered', 3, '2026-01-02T00:00:00.000Z');
  const b = row('b', 'GLS', 'FINAL', 0, '2026-01-03T00:00:00.000Z');
  const c = row('c', 'INPOST', 'Created', 3, '2026-01-01T00:00:00.000Z');
  const sorted = (field: 'operatorType' | 'code' | 'seenCount' | 'updatedAt', direction: 'asc' | 'desc') =>
    [a, b, c].sort((x, y) => compareStatusMapRows(x, y, { field, direction })).map((r) => r.id);

  it('by carrier type, then code in any case', () =>
    expect(sorted('operatorType', 'asc')).toEqual(['b', 'c', 'a']));
  it('by code in any case', () => expect(sorted('code', 'asc')).toEqual(['c', 'a', 'b']));
  it('by times seen, most first, then id', () =>
    expect(sorted('seenCount', 'desc')).toEqual(['c', 'a', 'b']));
  it('by last change', () => expect(sorted('updatedAt', 'asc')).toEqual(['c', 'a', 'b']));
});
