import type { ListOrder } from './list-spec';

/**
 * A list's view in the URL's query string (decision 0122): the filters and the order, so a view can be bookmarked,
 * shared, and walked with back and forward. Each filter is one parameter (`search=abc&active=true`; a list repeats
 * its parameter: `statuses=new&statuses=delivered`), the order is `sort` and `dir`; what equals the list's defaults
 * is left out. Reading takes only what the list's own request schema accepts: a forged or stale parameter is dropped,
 * and a view the schema refuses as a whole falls back to the defaults — never an error.
 */

/** The filters and order a list shows. */
export interface ListView<F, O extends ListOrder = ListOrder> {
  filters: F;
  orderBy: O;
}

/** The list's request schema (`{ filters, orderBy, ... }`), as zod gives it. */
export interface ListRequestSchema {
  safeParse: (input: unknown) => { success: boolean };
}

/** The parameters the order takes; no filter may be named so. */
export const SORT_PARAM = 'sort';
export const DIRECTION_PARAM = 'dir';

type Scalar = string | number | boolean;
type FilterValue = Scalar | readonly Scalar[] | undefined | null;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The view as query parameters (pairs, in the filters' key order, then the order). */
export function listViewToQuery<F extends object, O extends ListOrder>(
  view: ListView<F, O>,
  defaults: ListView<F, O>,
): [string, string][] {
  const out: [string, string][] = [];
  const defaultFilters = defaults.filters as Record<string, FilterValue>;
  for (const [key, value] of Object.entries(view.filters as Record<string, FilterValue>)) {
    if (value === undefined || value === null || same(value, defaultFilters[key])) continue;
    if (key === SORT_PARAM || key === DIRECTION_PARAM) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      for (const item of value as readonly Scalar[]) out.push([key, String(item)]);
    } else {
      out.push([key, String(value as Scalar)]);
    }
  }
  if (!same(view.orderBy, defaults.orderBy)) {
    out.push([SORT_PARAM, view.orderBy.field], [DIRECTION_PARAM, view.orderBy.direction]);
  }
  return out;
}

/** What one parameter may stand for, most literal first: the text, a one-item list, a yes/no, a number. */
function readings(values: string[]): unknown[] {
  if (values.length > 1) return [values];
  const [v] = values;
  const out: unknown[] = [v, values];
  if (v === 'true' || v === 'false') out.push(v === 'true');
  if (/^-?\d{1,15}(\.\d{1,15})?$/.test(v)) out.push(Number(v));
  return out;
}

/** At most this many parameters are read (a forged URL cannot make reading slow). */
const MAX_PARAMS = 50;

/**
 * The view a query string names, checked with the list's request schema: each filter parameter is kept in the first
 * reading the schema accepts beside those kept before it, else dropped; the order likewise; the whole is checked
 * last and, refused, gives the defaults.
 */
export function listViewFromQuery<F extends object, O extends ListOrder>(
  params: Iterable<[string, string]>,
  schema: ListRequestSchema,
  defaults: ListView<F, O>,
): ListView<F, O> {
  const grouped = new Map<string, string[]>();
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_PARAMS) break;
    const list = grouped.get(key);
    if (list) list.push(value);
    else grouped.set(key, [value]);
  }
  const accepts = (filters: object, orderBy: { field: string; direction: string }) =>
    schema.safeParse({ filters, orderBy }).success;

  let filters: Record<string, unknown> = { ...(defaults.filters as Record<string, unknown>) };
  for (const [key, values] of grouped) {
    if (key === SORT_PARAM || key === DIRECTION_PARAM) continue;
    for (const reading of readings(values)) {
      const next = { ...filters };
      Object.defineProperty(next, key, {
        value: reading,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (accepts(next, defaults.orderBy)) {
        filters = next;
        break;
      }
    }
  }

  let orderBy: { field: string; direction: string } = defaults.orderBy;
  const field = grouped.get(SORT_PARAM)?.[0];
  if (field !== undefined) {
    const asked = { field, direction: grouped.get(DIRECTION_PARAM)?.[0] ?? 'asc' };
    if (accepts(filters, asked)) orderBy = asked;
  }

  if (!accepts(filters, orderBy)) return defaults;
  return { filters: filters as F, orderBy: orderBy as O };
}
