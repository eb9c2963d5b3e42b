import type { SortDirection } from '@depot/contracts';

/**
 * One list's rules in one place (issue #12 item 3, "one source for every fact"): which rows its filters keep and
 * in what order it shows them, as the API's SQL does. The panel merges live row changes with them
 * (`list-merge.ts`); each list's parity test runs one table of filter cases through the predicate (unit) and the
 * repository's SQL (integration), so the two cannot drift apart unnoticed.
 */

/** A list's order: the field sent to the API and the direction. */
export interface ListOrder<F extends string = string> {
  field: F;
  direction: SortDirection;
}

export interface ListSpec<Item extends { id: string }, Filters, SortField extends string = string> {
  /** Whether a row belongs in the list under these filters (the repository's WHERE). */
  matches: (item: Item, filters: Filters) => boolean;
  /** The list's order for placing a row (the repository's ORDER BY sort key, then id). */
  compare: (a: Item, b: Item, order: ListOrder<SortField>) => number;
}

/**
 * The order of a keyset list as a comparator: by the sort key (the SQL's `sortKey` expression), ties broken by id,
 * both reversed when descending (the SQL orders `sortKey dir, id dir`).
 */
export function compareBy<T extends { id: string }, F extends string>(
  sortValue: (row: T, field: F) => string | number,
): (a: T, b: T, order: ListOrder<F>) => number {
  return (a, b, order) => {
    const [x, y] = [sortValue(a, order.field), sortValue(b, order.field)];
    const c = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return order.direction === 'asc' ? c : -c;
  };
}

/**
 * The API's text search: `col ILIKE '%term%'` over some columns, any of which may match. The API's schema trims the
 * term and a blank one is no filter; a NULL column never matches; wildcards in the term are literal.
 */
export function containsSearch(
  search: string | undefined,
  columns: readonly (string | null | undefined)[],
): boolean {
  const term = search?.trim().toLowerCase();
  if (!term) return true;
  return columns.some((c) => typeof c === 'string' && c.toLowerCase().includes(term));
}

/** `col = value` when the filter is set (booleans and ids: `undefined` is no filter). */
export const equalsFilter = <V>(value: V, filter: V | undefined): boolean =>
  filter === undefined || value === filter;
