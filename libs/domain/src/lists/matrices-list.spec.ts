import { matrixListCases } from './matrices-list.cases';
import { matrixMatchesFilters } from './matrices-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('matrixMatchesFilters: the matrices list', () => {
  it.each(matrixListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(matrixListCases.items, filters, matrixMatchesFilters)).toEqual(sortedIds(expected));
  });
});
