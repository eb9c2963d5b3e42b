import { consolidationListCases } from './consolidations-list.cases';
import {
  compareConsolidations,
  consolidationMatchesFilters,
  type ConsolidationListFilters,
} from './consolidations-list';
import { matchingIds, sortedIds } from './list-cases';

/** The parity table through the predicate; apps/api/test/lists/lists-parity.int-spec.ts runs it through the SQL. */
describe('consolidationMatchesFilters: the consolidations list, parity table', () => {
  it.each(consolidationListCases.cases)('$name', ({ filters, expected }) => {
    expect(matchingIds(consolidationListCases.items, filters, consolidationMatchesFilters)).toEqual(
      sortedIds(expected),
    );
  });
});

const row = (over: Partial<Parameters<typeof consolidationMatchesFilters>[0]> = {}) => ({
  barcode: 'CS0000000001',
  driver: 'Jan Kowalski',
  registrationNumber: 'FZ 12345',
  type: 'car' as const,
  isBlocked: false,
  ...over,
});

describe('consolidationMatchesFilters: the consolidations list', () => {
  it.each<[string, ConsolidationListFilters, ReturnType<typeof row>, boolean]>([
    ['no filters', {}, row(), true],
    ['search: barcode', { search: '0001' }, row(), true],
    ['search: driver in any case', { search: 'KOWAL' }, row(), true],
    ['search: registration number', { search: 'fz 123' }, row(), true],
    ['search: nothing matches', { search: 'Nowak' }, row(), false],
    ['search: a null driver never matches', { search: 'jan' }, row({ driver: null }), false],
    ['type', { type: 'car' }, row(), true],
    ['another type', { type: 'normal' }, row(), false],
    ['blocked only', { isBlocked: 'true' }, row(), false],
    ['blocked only, blocked row', { isBlocked: 'true' }, row({ isBlocked: true }), true],
    ['open only', { isBlocked: 'false' }, row(), true],
  ])('%s', (_, filters, item, expected) => {
    expect(consolidationMatchesFilters(item, filters)).toBe(expected);
  });
});

describe('compareConsolidations', () => {
  const a = { id: 'a', barcode: 'CS2', createdAt: '2026-01-02T00:00:00.000Z' };
  const b = { id: 'b', barcode: 'CS1', createdAt: '2026-01-03T00:00:00.000Z' };
  it('newest first', () =>
    expect(
      [a, b].sort((x, y) => compareConsolidations(x, y, { field: 'createdAt', direction: 'desc' })),
    ).toEqual([b, a]));
  it('by barcode', () =>
    expect(
      [a, b].sort((x, y) => compareConsolidations(x, y, { field: 'barcode', direction: 'asc' })),
    ).toEqual([b, a]));
});
