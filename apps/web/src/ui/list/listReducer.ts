import type { ListReply } from '@depot/contracts';
import {
  allSelected,
  emptySelection,
  forgetRow,
  mergeDelete,
  mergeUpsert,
  setRows,
  toggleRow,
  type MergeOptions,
  type Selection,
} from '@depot/domain';

/** The state of one dense list: loaded rows, paging, selection and the rows others just changed. */
export interface ListState<T extends { id: string }> {
  rows: T[];
  nextCursor: string | null;
  total: number;
  /** The server counted only up to `total` and more rows match (ListReply.totalCapped; parcels, decision 0084). */
  totalCapped: boolean;
  /** idle: nothing asked yet; loading: first page; more: next pages; ready; error. */
  status: 'idle' | 'loading' | 'more' | 'ready' | 'error';
  /** Bumped on every reset, so a late reply for an old filter is ignored. */
  generation: number;
  selection: Selection;
  /** Row id → when someone else changed it (the row is marked briefly). */
  flashed: Record<string, number>;
}

export type ListAction<T extends { id: string }> =
  | { type: 'reset' }
  | { type: 'loadingMore' }
  | { type: 'page'; generation: number; reply: ListReply<T>; append: boolean }
  | { type: 'failed'; generation: number }
  /** After a reconnect: the freshly fetched rows replace the loaded ones, selection kept. */
  | {
      type: 'resynced';
      generation: number;
      rows: T[];
      nextCursor: string | null;
      total: number;
      totalCapped?: boolean;
    }
  | { type: 'upsert'; row: T; byOther: boolean; at: number; merge: MergeOptions<T> }
  | { type: 'delete'; id: string }
  | { type: 'toggle'; id: string }
  | { type: 'setRows'; ids: string[]; selected: boolean }
  | { type: 'selectAll' }
  | { type: 'clearSelection' }
  | { type: 'unflash'; before: number };

export function initialListState<T extends { id: string }>(): ListState<T> {
  return {
    rows: [],
    nextCursor: null,
    total: 0,
    totalCapped: false,
    status: 'idle',
    generation: 0,
    selection: emptySelection(),
    flashed: {},
  };
}

/** "all loaded": the last page has come and there is at least one row; "no items found": nothing matched. */
export const isAllLoaded = (s: ListState<{ id: string }>) =>
  s.status === 'ready' && s.nextCursor === null && s.rows.length > 0;
export const isEmpty = (s: ListState<{ id: string }>) => s.status === 'ready' && s.rows.length === 0;

export function listReducer<T extends { id: string }>(
  state: ListState<T>,
  action: ListAction<T>,
): ListState<T> {
  switch (action.type) {
    case 'reset':
      return { ...initialListState<T>(), status: 'loading', generation: state.generation + 1 };
    case 'loadingMore':
      return state.status === 'ready' && state.nextCursor ? { ...state, status: 'more' } : state;
    case 'page': {
      if (action.generation !== state.generation) return state;
      const known = new Set(state.rows.map((r) => r.id));
      const incoming = action.append
        ? action.reply.items.filter((r) => !known.has(r.id))
        : action.reply.items;
      return {
        ...state,
        rows: action.append ? [...state.rows, ...incoming] : incoming,
        nextCursor: action.reply.nextCursor,
        total: action.reply.total,
        totalCapped: action.reply.totalCapped ?? false,
        status: 'ready',
      };
    }
    case 'failed':
      return action.generation === state.generation ? { ...state, status: 'error' } : state;
    case 'resynced':
      if (action.generation !== state.generation) return state;
      return {
        ...state,
        rows: action.rows,
        nextCursor: action.nextCursor,
        total: action.total,
        totalCapped: action.totalCapped ?? false,
        status: 'ready',
      };
    case 'upsert': {
      const r = mergeUpsert(state.rows, action.row, {
        ...action.merge,
        allLoaded: state.nextCursor === null,
      });
      if (!r.changed) return state;
      const stillThere = r.rows.some((x) => x.id === action.row.id);
      return {
        ...state,
        rows: r.rows,
        total: Math.max(0, state.total + r.totalDelta),
        selection: stillThere ? state.selection : forgetRow(state.selection, action.row.id),
        flashed: stillThere
          ? action.byOther
            ? { ...state.flashed, [action.row.id]: action.at }
            : state.flashed
          : Object.fromEntries(Object.entries(state.flashed).filter(([id]) => id !== action.row.id)),
      };
    }
    case 'delete': {
      const r = mergeDelete(state.rows, action.id);
      if (!r.changed) return state;
      const { [action.id]: _gone, ...flashed } = state.flashed;
      return {
        ...state,
        rows: r.rows,
        total: Math.max(0, state.total + r.totalDelta),
        selection: forgetRow(state.selection, action.id),
        flashed,
      };
    }
    case 'toggle':
      return { ...state, selection: toggleRow(state.selection, action.id) };
    case 'setRows':
      return { ...state, selection: setRows(state.selection, action.ids, action.selected) };
    case 'selectAll':
      return { ...state, selection: allSelected() };
    case 'clearSelection':
      return { ...state, selection: emptySelection() };
    case 'unflash': {
      const flashed = Object.fromEntries(
        Object.entries(state.flashed).filter(([, at]) => at >= action.before),
      );
      return Object.keys(flashed).length === Object.keys(state.flashed).length
        ? state
        : { ...state, flashed };
    }
  }
}
