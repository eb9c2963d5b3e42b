import type { ListReply } from '@depot/contracts';
import type { MergeOptions, Selection } from '@depot/domain';
import { initialListState, listReducer, type ListAction, type ListState } from './listReducer';

/** Shared by the listReducer specs: a small row type, reply and action builders, and two loaded lists. */

export interface Row {
  id: string;
  name: string;
  active: boolean;
}

export const row = (id: string, name = id.toUpperCase(), active = true): Row => ({ id, name, active });
export const reply = (items: Row[], nextCursor: string | null, total: number): ListReply<Row> => ({
  items,
  nextCursor,
  total,
});
export const ids = (s: ListState<Row>) => s.rows.map((r) => r.id);
export const run = (actions: ListAction<Row>[], from: ListState<Row> = initialListState<Row>()) =>
  actions.reduce(listReducer<Row>, from);
export const plainSel = (sel: Selection) =>
  sel.mode === 'some'
    ? { mode: 'some', ids: [...sel.ids].sort() }
    : { mode: 'all', except: [...sel.except].sort() };

/** Rows sort by name; only active rows match the filter. */
export const merge: MergeOptions<Row> = {
  matches: (r) => r.active,
  compare: (a, b) => a.name.localeCompare(b.name),
  allLoaded: false,
};
export const upsert = (r: Row, byOther: boolean, at = 1000): ListAction<Row> => ({
  type: 'upsert',
  row: r,
  byOther,
  at,
  merge,
});

/** First page of generation 1 loaded: a, c, e — 3 of 10, more to come. */
export const firstPage = () =>
  run([
    { type: 'reset' },
    { type: 'page', generation: 1, reply: reply([row('a'), row('c'), row('e')], 'cur-1', 10), append: false },
  ]);
/** Everything loaded: a, c, e — 3 of 3. */
export const fullList = () =>
  run([
    { type: 'reset' },
    { type: 'page', generation: 1, reply: reply([row('a'), row('c'), row('e')], null, 3), append: false },
  ]);
