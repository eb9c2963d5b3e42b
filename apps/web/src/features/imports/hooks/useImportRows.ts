import { rooms, type ImportRowState, type ImportRowView, type ImportView } from '@depot/contracts';
import {
  importRowsListSpec,
  type ImportRowListFilters,
  type ImportRowSortField,
  type ListOrder,
} from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { canAtom, currentUserAtom } from '../../../session/session';
import { useLiveList } from '../../../ui/list/useLiveList';
import { useNotify } from '../../../ui/useNotify';
import { importsApi } from '../api';

export const ROW_ORDER: ListOrder<ImportRowSortField> = { field: 'row', direction: 'asc' };

/** The loaded rows are read again this long after the import's counts or state last moved. */
const RESYNC_DELAY_MS = 300;

/**
 * An import's rows in file order, by state (all, valid, with errors, created), live: everyone who reads imports follows
 * the import's own room (`import:<id>`, each fixed row; a client's user, of its own client's imports, decision 0153),
 * and reads the loaded rows again when the import's counts or state move (a fix anywhere, a batch of parcels created,
 * a cancel). A row this user fixed is put in place at once.
 */
export function useImportRows(imp: ImportView) {
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  const notify = useNotify();
  const [state, setState] = useState<ImportRowState | ''>('');
  const filters = useMemo<ImportRowListFilters>(() => (state ? { state } : {}), [state]);
  const list = useLiveList({
    entity: 'importRows',
    live: can('import.read'),
    room: rooms.import(imp.id),
    filters,
    orderBy: ROW_ORDER,
    fetchPage: ({ cursor, filters: f, limit }) => importsApi.rows(imp.id, { cursor, limit, filters: f }),
    ...importRowsListSpec,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  const { resync, dispatch } = list;
  const moved = `${imp.state}|${imp.totalRows}|${imp.validRows}|${imp.invalidRows}|${imp.createdRows}`;
  const seen = useRef(moved);
  useEffect(() => {
    if (seen.current === moved) return undefined;
    seen.current = moved;
    const t = setTimeout(() => void resync(), RESYNC_DELAY_MS);
    return () => clearTimeout(t);
  }, [moved, resync]);

  /** A row as a fix answered: in place (or out of a filter it no longer matches). */
  const put = useCallback(
    (row: ImportRowView) =>
      dispatch({
        type: 'upsert',
        row,
        byOther: false,
        at: Date.now(),
        merge: {
          matches: (r) => importRowsListSpec.matches(r, filters),
          compare: (a, b) => importRowsListSpec.compare(a, b, ROW_ORDER),
          allLoaded: false,
          created: false,
        },
      }),
    [dispatch, filters],
  );

  return { list, state, setState, put };
}
