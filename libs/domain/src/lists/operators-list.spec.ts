import { operatorListCases } from './operators-list.cases';
import { operatorMatchesFilters } from './operators-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('operatorMatchesFilters: the operators list', () => {
  it.each(operatorListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(operatorListCases.items, filters, operatorMatchesFilters)).toEqual(
      sortedIds(expected),
    );
  });
});
