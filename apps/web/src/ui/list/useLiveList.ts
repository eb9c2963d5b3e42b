import { PAGE_SIZE, rooms, type ListEntity, type ListReply, type ListRows } from '@depot/contracts';
import { toMassSelection } from '@depot/domain';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { initialListState, listReducer, type ListState } from './listReducer';

/** A burst of many-row changes is read once it settles a little, and at most once a second (decision 0145). */
const CHANGED_MANY_DELAY_MS = 200;
const CHANGED_MANY_EVERY_MS = 1000;

export interface PageRequest<F, O> {
  cursor: string | null;
  filters: F;
  orderBy: O;
  limit: number;
}

export interface LiveListOptions<E extends ListEntity, F, O> {
  /** The live room `list:<entity>` this list follows. */
  entity: E;
  /** Whether the user may follow the room (else the list is loaded but not live). */
  live: boolean;
  /** The room to follow instead of `list:<entity>`, e.g. one client's part of a list (`rooms.clientList`). */
  room?: string;
  fetchPage: (req: PageRequest<F, O>) => Promise<ListReply<ListRows[E]>>;
  filters: F;
  orderBy: O;
  /** Whether a changed row still belongs to the list under the current filters. */
  matches: (row: ListRows[E], filters: F) => boolean;
  /** The list's order, for placing a new row. */
  compare: (a: ListRows[E], b: ListRows[E], orderBy: O) => number;
  /** The signed-in user: changes by others are marked briefly. */
  currentUserId: string | null;
  onError: (err: unknown) => void;
}

const FLASH_MS = 3000;

/**
 * A keyset-paged list that stays live: first page on every filter/order change, "get more items",
 * "load all results", row changes from the list's room merged in place, and a resync after reconnecting.
 */
export function useLiveList<E extends ListEntity, F, O>(opts: LiveListOptions<E, F, O>) {
  type T = ListRows[E];
  const [state, dispatch] = useReducer(listReducer<T>, undefined, initialListState<T>);
  const realtime = useRealtime();
  const latest = useRef({ opts, state });
  latest.current = { opts, state };
  const key = JSON.stringify([opts.filters, opts.orderBy]);
  const room = opts.room ?? rooms.list(opts.entity);

  const fetchPage = useCallback(async (cursor: string | null) => {
    const { opts: o } = latest.current;
    return o.fetchPage({ cursor, filters: o.filters, orderBy: o.orderBy, limit: PAGE_SIZE });
  }, []);

  const reload = useCallback(() => {
    const generation = latest.current.state.generation + 1;
    dispatch({ type: 'reset' });
    fetchPage(null).then(
      (reply) => dispatch({ type: 'page', generation, reply, append: false }),
      (err: unknown) => {
        dispatch({ type: 'failed', generation });
        latest.current.opts.onError(err);
      },
    );
  }, [fetchPage]);

  // `key` stands for the filters and the order: a change reloads from the first page.
  useEffect(() => reload(), [key, reload]);

  const loadMore = useCallback(async () => {
    const s = latest.current.state;
    if (s.status !== 'ready' || !s.nextCursor) return false;
    dispatch({ type: 'loadingMore' });
    try {
      const reply = await fetchPage(s.nextCursor);
      dispatch({ type: 'page', generation: s.generation, reply, append: true });
      return reply.nextCursor !== null;
    } catch (err) {
      dispatch({ type: 'failed', generation: s.generation });
      latest.current.opts.onError(err);
      return false;
    }
  }, [fetchPage]);

  /** Loads every remaining page, 50 at a time (the panel warns first that it may take longer). */
  const loadAll = useCallback(async () => {
    while (await loadMore()) {
      // Each round waits for React to apply the page, so the next cursor is read from fresh state.
      await new Promise((r) => setTimeout(r, 0));
    }
  }, [loadMore]);

  /** After a reconnect: fetch as many rows as were loaded, to catch up on missed changes. */
  const resync = useCallback(async () => {
    const s = latest.current.state;
    const want = Math.max(s.rows.length, 1);
    const rows: T[] = [];
    let cursor: string | null = null;
    let total: number;
    let totalCapped: boolean | undefined;
    try {
      do {
        const reply: ListReply<T> = await fetchPage(cursor);
        rows.push(...reply.items);
        cursor = reply.nextCursor;
        total = reply.total;
        totalCapped = reply.totalCapped;
      } while (cursor && rows.length < want);
      dispatch({ type: 'resynced', generation: s.generation, rows, nextCursor: cursor, total, totalCapped });
    } catch (err) {
      latest.current.opts.onError(err);
    }
  }, [fetchPage]);

  useEffect(() => {
    if (!opts.live || !realtime) return;
    const leave = realtime.join(room);
    // Many rows changed at once (decision 0145): the loaded rows are read again, at most once a second, however
    // many such changes come (a 2,000-a-second refresh reaches an open list as one read a second).
    let rereadAt = 0;
    let reread: ReturnType<typeof setTimeout> | undefined;
    const rereadSoon = () => {
      if (reread) return;
      const wait = Math.max(CHANGED_MANY_DELAY_MS, rereadAt + CHANGED_MANY_EVERY_MS - Date.now());
      reread = setTimeout(() => {
        reread = undefined;
        rereadAt = Date.now();
        void resync();
      }, wait);
    };
    const off = realtime.on('list:change', (change) => {
      if (change.list !== latest.current.opts.entity) return;
      const o = latest.current.opts;
      if (change.op === 'delete') return dispatch({ type: 'delete', id: change.id });
      if (change.op === 'changedMany') return rereadSoon();
      dispatch({
        type: 'upsert',
        row: change.row as T,
        byOther: change.actorId !== o.currentUserId,
        at: Date.now(),
        merge: {
          matches: (r) => o.matches(r, o.filters),
          compare: (a, b) => o.compare(a, b, o.orderBy),
          allLoaded: false,
          created: change.created,
        },
      });
    });
    const offResync = realtime.onResync(() => void resync());
    return () => {
      clearTimeout(reread);
      off();
      offResync();
      leave();
    };
  }, [opts.live, opts.entity, room, realtime, resync]);

  useEffect(() => {
    if (Object.keys(state.flashed).length === 0) return;
    const t = setTimeout(() => dispatch({ type: 'unflash', before: Date.now() - FLASH_MS }), FLASH_MS);
    return () => clearTimeout(t);
  }, [state.flashed]);

  const massSelection = useMemo(
    () => toMassSelection(state.selection, opts.filters, opts.orderBy),
    [state.selection, opts.filters, opts.orderBy],
  );

  return { state: state as ListState<T>, dispatch, reload, loadMore, loadAll, resync, massSelection };
}

export type LiveList<T extends { id: string }> = {
  state: ListState<T>;
  dispatch: (a: import('./listReducer').ListAction<T>) => void;
  reload: () => void;
  loadMore: () => Promise<boolean>;
  loadAll: () => Promise<void>;
  /** Reads the loaded rows again in place (as after a reconnect), without going back to the first page. */
  resync?: () => Promise<void>;
};
