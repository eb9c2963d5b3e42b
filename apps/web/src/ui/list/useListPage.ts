import type { ListEntity, ListReply, ListRows } from '@depot/contracts';
import type { ListRequestSchema } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { canAtom, currentUserAtom } from '../../session/session';
import { useDebounced } from '../useDebounced';
import { useNotify } from '../useNotify';
import { usePageTitle } from '../usePageTitle';
import { setFilters, type ListOrder } from './listHelpers';
import type { SortState } from './DenseList';
import { useListView } from './useListView';
import { useLiveList, type PageRequest } from './useLiveList';

export interface ListPageOptions<E extends ListEntity, F extends { search?: string }, O extends ListOrder> {
  /** i18n id of the page title (also the browser title). */
  titleId: string;
  /** The live room `list:<entity>` the list follows. */
  entity: E;
  /** The permission that lets the user follow the list live. */
  livePermission: string;
  /** The room to follow instead of `list:<entity>` (e.g. `rooms.clientList`). */
  room?: string;
  /** The list's request schema (`{ filters, orderBy }`): what the URL may name (decision 0122). */
  request: ListRequestSchema;
  initialOrder: O;
  /** The filters a list opens with (none unless given). */
  initialFilters?: F;
  fetchPage: (req: PageRequest<F, O>) => Promise<ListReply<ListRows[E]>>;
  matches: (row: ListRows[E], filters: F) => boolean;
  compare: (a: ListRows[E], b: ListRows[E], orderBy: O) => number;
}

/**
 * What every live list screen wires the same way: the page title, the filters and order kept in the URL (decision
 * 0122), the search box's text (debounced into the URL), and the live keyset list with the user's id (changes by
 * others flash) and error toasts. The page supplies its entity, request schema, fetch, match and order rules, and
 * renders its filter controls from `filters` with `setFilter`.
 */
export function useListPage<E extends ListEntity, F extends { search?: string }, O extends ListOrder>(
  opts: ListPageOptions<E, F, O>,
) {
  usePageTitle(opts.titleId);
  const navigate = useNavigate();
  const notify = useNotify();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const { view, setView } = useListView<F, O>(opts.request, {
    filters: opts.initialFilters ?? ({} as F),
    orderBy: opts.initialOrder,
  });
  const { filters, orderBy } = view;

  // The search box: its text as typed; once it rests, trimmed into the URL (no history entry per key). A URL
  // changed from outside (back, forward, a link) puts its search in the box.
  const [search, setSearch] = useState(filters.search ?? '');
  const typed = useDebounced(search, 250).trim() || undefined;
  const written = useRef(filters.search);
  useEffect(() => {
    if (typed === written.current) return;
    const next = setFilters({ ...filters, search: typed });
    // A search the list's schema refuses (too long) is not sent: the list keeps the last one, the box its text.
    if (!opts.request.safeParse({ filters: next, orderBy }).success) return;
    written.current = typed;
    setView({ filters: next, orderBy }, { replace: true });
  }, [typed]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of the typed text writes
  useEffect(() => {
    if (filters.search === written.current) return;
    written.current = filters.search;
    setSearch(filters.search ?? '');
  }, [filters.search]);

  const setFilter = useCallback(
    (patch: Partial<F>) => setView({ filters: setFilters({ ...filters, ...patch }), orderBy }),
    [filters, orderBy, setView],
  );

  const replaceFilters = useCallback(
    (f: F) => setView({ filters: setFilters(f), orderBy }),
    [orderBy, setView],
  );

  const list = useLiveList({
    entity: opts.entity,
    live: can(opts.livePermission),
    room: opts.room,
    filters,
    orderBy,
    fetchPage: opts.fetchPage,
    matches: opts.matches,
    compare: opts.compare,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  return {
    list,
    can,
    me,
    navigate,
    search,
    setSearch,
    /** The filters in force (from the URL) and a change to some of them (a history entry). */
    filters,
    setFilter,
    /** All the filters at once (those left out are unset). */
    replaceFilters,
    /** DenseList's `sort` and `onSort`. */
    sortProps: { sort: orderBy, onSort: (s: SortState) => setView({ filters, orderBy: s as O }) },
  };
}
