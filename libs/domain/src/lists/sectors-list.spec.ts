import type { CountryCode } from '@depot/contracts';
import { sectorListCases } from './sectors-list.cases';
import { compareSectors, sectorMatchesFilters } from './sectors-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('sectorMatchesFilters: the sectors list', () => {
  it.each(sectorListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(sectorListCases.items, filters, sectorMatchesFilters)).toEqual(sortedIds(expected));
  });
});

describe('compareSectors', () => {
  const row = (id: string, sectorCountry: CountryCode, sectorDescription: string, createdAt: string) => ({
    id,
    sectorCountry,
    sectorDescription,
    createdAt,
  });
  const a = row('a', 'DE', 'zeta', '2026-01-02T00:00:00.000Z');
  const b = row('b', 'CZ', 'Alpha', '2026-01-03T00:00:00.000Z');
  const c = row('c', 'DE', 'alpha', '2026-01-01T00:00:00.000Z');
  const sorted = (field: 'sectorCountry' | 'sectorDescription' | 'createdAt', direction: 'asc' | 'desc') =>
    [a, b, c].sort((x, y) => compareSectors(x, y, { field, direction })).map((r) => r.id);

  it('by country, then id', () => expect(sorted('sectorCountry', 'asc')).toEqual(['b', 'a', 'c']));
  it('by description in any case, then id', () =>
    expect(sorted('sectorDescription', 'asc')).toEqual(['b', 'c', 'a']));
  it('by creation, descending', () => expect(sorted('createdAt', 'desc')).toEqual(['b', 'a', 'c']));
});
