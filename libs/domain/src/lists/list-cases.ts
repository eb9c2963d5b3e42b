/**
 * The shape of a list's parity table: rows, and filter cases with the ids they keep. The table is shared by the
 * predicate's unit test (libs/domain/src/lists/*.spec.ts) and the SQL's integration test
 * (apps/api/test/lists/lists-parity.int-spec.ts), so the two read the same facts and a drift fails one of them.
 */
export interface ListCase<F> {
  name: string;
  filters: F;
  /** The ids of the table's rows the filters keep (any order). */
  expected: readonly string[];
}

export interface ListCaseTable<Item extends { id: string }, F> {
  items: readonly Item[];
  cases: readonly ListCase<F>[];
}

/** A fixed, valid UUID (v4 layout) for a table row, so filters can name rows (a client, a master). */
export const caseId = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The ids of `items` that `matches` keeps, sorted (compare with `sortedIds(expected)`). */
export function matchingIds<Item extends { id: string }, F>(
  items: readonly Item[],
  filters: F,
  matches: (item: Item, filters: F) => boolean,
): string[] {
  return sortedIds(items.filter((i) => matches(i, filters)).map((i) => i.id));
}

export const sortedIds = (ids: readonly string[]): string[] => [...ids].sort();
