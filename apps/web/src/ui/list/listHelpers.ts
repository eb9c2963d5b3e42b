import { compareBy, type ListOrder } from '@depot/domain';

// A list's order and its comparator are the lists' specs' (libs/domain/src/lists).
export { compareBy, type ListOrder };

/** Drops the filters left blank (`undefined`), so the list sends and matches only the ones set. */
export function setFilters<F extends object>(filters: F): F {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as F;
}

/** A yes/no filter's select value as the filter (blank = no filter). */
export type YesNo = '' | 'true' | 'false';
export const yesNoFilter = (v: YesNo): boolean | undefined => (v === '' ? undefined : v === 'true');
/** A yes/no filter as its select value (no filter = blank). */
export const yesNoValue = (f: boolean | undefined): YesNo => (f === undefined ? '' : f ? 'true' : 'false');

/** The columns shown: those given as `false` (not for this user) are left out. */
export function shownColumns<C>(columns: (C | false)[]): C[] {
  return columns.filter((c): c is Exclude<C, false> => c !== false);
}
