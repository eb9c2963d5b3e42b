import { apiKeyListCases } from './api-keys-list.cases';
import { apiKeyMatchesFilters } from './api-keys-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('apiKeyMatchesFilters: the API keys list', () => {
  it.each(apiKeyListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(apiKeyListCases.items, filters, apiKeyMatchesFilters)).toEqual(sortedIds(expected));
  });
});
