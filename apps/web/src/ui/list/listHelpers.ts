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

/**
 * A list whose request is a flat query (filters beside `sort` and `direction`, a GET): its query schema as the
 * `{ filters, orderBy }` check that reads the list's view from the URL (decision 0122).
 */
export function flatQueryRequest(schema: { safeParse: (input: unknown) => { success: boolean } }) {
  return {
    safeParse: (v: unknown) => {
      const { filters, orderBy } = (v ?? {}) as {
        filters?: object;
        orderBy?: { field?: string; direction?: string };
      };
      return schema.safeParse({ ...filters, sort: orderBy?.field, direction: orderBy?.direction });
    },
  };
}
