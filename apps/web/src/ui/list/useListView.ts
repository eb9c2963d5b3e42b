import {
  listViewFromQuery,
  listViewToQuery,
  type ListOrder,
  type ListRequestSchema,
  type ListView,
} from '@depot/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { pendingNavigation, routerMoves, routerPath } from './pendingNavigation';

/**
 * A list's filters and order kept in the URL's query string (decision 0122): read with the list's own request
 * schema (a forged or stale URL gives the defaults, without an error), written back on every change, so a view can be
 * bookmarked and shared and back/forward walk the views. `replace` changes the URL without a history entry (the
 * search box as one types).
 */
export function useListView<F extends object, O extends ListOrder>(
  schema: ListRequestSchema,
  defaults: ListView<F, O>,
) {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // While the router is leaving this page (another page's chunk or data is loading), a write of this list's view
  // (the search box settling, say) would navigate back to the list and cancel the way out: it is dropped.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
  // The defaults are built by the page on each render; the first ones stand (the parcels' year does not move).
  const fixed = useRef(defaults).current;
  const read = useCallback(
    (q: string) => listViewFromQuery<F, O>(new URLSearchParams(q).entries(), schema, fixed),
    [schema, fixed],
  );
  const fromUrl = useMemo(() => read(query), [read, query]);
  // The router applies a navigation a moment later (a transition): the view asked for shows at once, until the URL
  // moves (to it, or elsewhere by back/forward).
  const [asked, setAsked] = useState<{ from: string; moves: number; view: ListView<F, O> } | null>(null);
  // Once the URL has moved the asked view is spent: back to the same URL later shows that URL's view. (The router's
  // count of moves tells it even when React rendered the move to it and the move back as one.)
  const moves = routerMoves();
  if (asked && (asked.from !== query || asked.moves !== moves)) setAsked(null);
  const view = asked && asked.from === query && asked.moves === moves ? asked.view : fromUrl;
  const setView = useCallback(
    (next: ListView<F, O>, opts?: { replace?: boolean }) => {
      // Leaving: the router is on its way elsewhere, as it rendered it or as it set out a moment ago, or already
      // elsewhere while React has not yet rendered it (a link followed just before the search box settled).
      const going = pendingNavigation();
      const now = routerPath();
      if (leaving.current || (going !== null && going !== pathname) || (now !== null && now !== pathname))
        return;
      const written = new URLSearchParams(listViewToQuery(next, fixed));
      if (written.toString() === query) return;
      setAsked({ from: query, moves: routerMoves(), view: read(written.toString()) });
      setParams(written, { replace: opts?.replace ?? false, preventScrollReset: true });
    },
    [fixed, query, read, setParams, pathname],
  );
  return { view, setView, defaults: fixed };
}
