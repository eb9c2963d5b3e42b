import type { ListEntity, ListReply, ListRows } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { canAtom, currentUserAtom } from '../../session/session';
import { useDebounced } from '../useDebounced';
import { useNotify } from '../useNotify';
import { usePageTitle } from '../usePageTitle';
import type { ListOrder } from './listHelpers';
import type { SortState } from './DenseList';
import { useLiveList, type PageRequest } from './useLiveList';

export interface ListPageOptions<E extends ListEntity, F, O extends ListOrder> {
  /** i18n id of the page title (also the browser title). */
  titleId: string;
  /** The live room `list:<entity>` the list follows. */
  entity: E;
  /** The permission that lets the user follow the list live. */
  livePermission: string;
  /** The room to follow instead of `list:<entity>` (e.g. `rooms.clientList`). */
  room?: string;
  initialOrder: O;
  /** The list's filters from the search text (debounced, trimmed; undefined when blank) and the page's own. */
  filters: (search: string | undefined) => F;
  fetchPage: (req: PageRequest<F, O>) => Promise<ListReply<ListRows[E]>>;
  matches: (row: ListRows[E], filters: F) => boolean;
  compare: (a: ListRows[E], b: ListRows[E], orderBy: O) => number;
}

/**
 * What every live list screen wires the same way: the page title, the search box's text (debounced), the order
 * the headers change, and the live keyset list with the user's id (changes by others flash) and error toasts.
 * The page supplies its entity, filters, fetch, match and order rules.
 */
export function useListPage<E extends ListEntity, F, O extends ListOrder>(opts: ListPageOptions<E, F, O>) {
  usePageTitle(opts.titleId);
  const navigate = useNavigate();
  const notify = useNotify();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const [search, setSearch] = useState('');
  const [orderBy, setOrderBy] = useState<O>(opts.initialOrder);
  const debouncedSearch = useDebounced(search, 250).trim();

  // The same filters keep the same object, so the list's selection is not rebuilt on every render.
  const built = opts.filters(debouncedSearch || undefined);
  const key = JSON.stringify(built);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `built`
  const filters = useMemo(() => built, [key]);

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
    /** DenseList's `sort` and `onSort`. */
    sortProps: { sort: orderBy, onSort: (s: SortState) => setOrderBy(s as O) },
  };
}
