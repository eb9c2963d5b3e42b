import {
  listViewFromQuery,
  listViewToQuery,
  type ListOrder,
  type ListRequestSchema,
  type ListView,
} from '@depot/domain';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

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
  // The defaults are built by the page on each render; the first ones stand (the parcels' year does not move).
  const fixed = useRef(defaults).current;
  const view = useMemo(
    () => listViewFromQuery<F, O>(new URLSearchParams(query).entries(), schema, fixed),
    [query, schema, fixed],
  );
  const setView = useCallback(
    (next: ListView<F, O>, opts?: { replace?: boolean }) => {
      const written = new URLSearchParams(listViewToQuery(next, fixed));
      if (written.toString() === query) return;
      setParams(written, { replace: opts?.replace ?? false, preventScrollReset: true });
    },
    [fixed, query, setParams],
  );
  return { view, setView, defaults: fixed };
}
