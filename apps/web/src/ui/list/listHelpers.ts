/** A list's order: the field sent to the API and the direction. */
export type ListOrder<F extends string = string> = { field: F; direction: 'asc' | 'desc' };

/**
 * The list's order as a comparator for placing a changed row (as the API orders): by the field's value, ties broken
 * by id, reversed when descending.
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

/** Drops the filters left blank (`undefined`), so the list sends and matches only the ones set. */
export function setFilters<F extends object>(filters: F): F {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as F;
}

/** A yes/no filter's select value as the filter (blank = no filter). */
export type YesNo = '' | 'true' | 'false';
export const yesNoFilter = (v: YesNo): boolean | undefined => (v === '' ? undefined : v === 'true');

/** The columns shown: those given as `false` (not for this user) are left out. */
export function shownColumns<C>(columns: (C | false)[]): C[] {
  return columns.filter((c): c is Exclude<C, false> => c !== false);
}

/** The order of lists sorted by name (case-insensitive) or by creation time. */
export function compareByNameOrCreated<T extends { id: string; name: string; createdAt: string }>() {
  return compareBy<T, 'name' | 'createdAt'>((row, field) =>
    field === 'createdAt' ? row.createdAt : row.name.toLowerCase(),
  );
}
