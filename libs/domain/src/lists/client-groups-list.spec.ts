import { clientGroupListCases } from './client-groups-list.cases';
import { clientGroupMatchesFilters } from './client-groups-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('clientGroupMatchesFilters: the client groups list', () => {
  it.each(clientGroupListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(clientGroupListCases.items, filters, clientGroupMatchesFilters)).toEqual(
      sortedIds(expected),
    );
  });
});
