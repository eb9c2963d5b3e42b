import { userListCases } from './users-list.cases';
import { userMatchesListFilters } from './users-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('userMatchesListFilters: the users list', () => {
  it.each(userListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(userListCases.items, filters, userMatchesListFilters)).toEqual(sortedIds(expected));
  });
});
