import { integrationListCases } from './integrations-list.cases';
import { integrationMatchesFilters } from './integrations-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('integrationMatchesFilters: the integrations list', () => {
  it.each(integrationListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(integrationListCases.items, filters, integrationMatchesFilters)).toEqual(
      sortedIds(expected),
    );
  });
});
