import { clientListCases } from './clients-list.cases';
import { clientMatchesFilters } from './clients-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('clientMatchesFilters: the clients list', () => {
  it.each(clientListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(clientListCases.items, filters, clientMatchesFilters)).toEqual(sortedIds(expected));
  });
});
