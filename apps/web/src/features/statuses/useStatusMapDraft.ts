import type { ParcelStatus, StatusMapEntry, StatusMapRow } from '@depot/contracts';
import { defaultTerminal } from '@depot/domain';
import { useCallback, useMemo, useState } from 'react';

/** What the map screen lets a person change of a row. */
export interface RowEdit {
  dbName: ParcelStatus | null;
  isTerminal: boolean;
}

/**
 * The map screen's unsaved changes over the rows it read: per code, a new status (the terminal flag following it
 * until set by hand) or a new terminal flag. `entries` are the changed rows as saveMapInDB takes them.
 */
export function useStatusMapDraft(rows: readonly StatusMapRow[]) {
  const [edits, setEdits] = useState<Record<string, RowEdit>>({});
  const byCode = useMemo(() => new Map(rows.map((r) => [r.code, r])), [rows]);

  const valueOf = useCallback(
    (r: StatusMapRow): RowEdit => edits[r.code] ?? { dbName: r.dbName, isTerminal: r.isTerminal },
    [edits],
  );

  const set = useCallback(
    (r: StatusMapRow, change: Partial<RowEdit>) =>
      setEdits((all) => {
        const current = all[r.code] ?? { dbName: r.dbName, isTerminal: r.isTerminal };
        const next: RowEdit = {
          dbName: change.dbName !== undefined ? change.dbName : current.dbName,
          isTerminal:
            change.isTerminal ??
            (change.dbName !== undefined ? defaultTerminal(change.dbName) : current.isTerminal),
        };
        const { [r.code]: _dropped, ...rest } = all;
        return next.dbName === r.dbName && next.isTerminal === r.isTerminal
          ? rest
          : { ...rest, [r.code]: next };
      }),
    [],
  );

  const entries: StatusMapEntry[] = useMemo(
    () =>
      Object.entries(edits).flatMap(([code, e]) => {
        const r = byCode.get(code);
        return r ? [{ code, description: r.description, dbName: e.dbName, isTerminal: e.isTerminal }] : [];
      }),
    [edits, byCode],
  );

  const reset = useCallback(() => setEdits({}), []);
  return { valueOf, set, entries, changed: (code: string) => code in edits, reset };
}
