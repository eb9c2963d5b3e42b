import { logListCases } from './logs-list.cases';
import { logMatchesFilters } from './logs-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('logMatchesFilters: the logs list', () => {
  it.each(logListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(logListCases.items, filters, logMatchesFilters)).toEqual(sortedIds(expected));
  });
});
