/**
 * Merging live row changes into a loaded list page without moving what the user is looking at:
 * a changed row is replaced where it stands; a new row that matches the filter is placed by the list's order
 * when it falls inside the loaded range (or at the end when everything is loaded), and skipped otherwise (it
 * will come with a later page); a row that stops matching, or is deleted, leaves.
 */
export interface MergeOptions<T> {
  /** Whether the row matches the list's current filters. */
  matches: (row: T) => boolean;
  /** The list's order: negative when a comes first. */
  compare: (a: T, b: T) => number;
  /** Everything matching is loaded (no next page). */
  allLoaded: boolean;
  /** The row was just created (not an edit of an existing row): it adds to the total wherever it sorts. */
  created?: boolean;
}

export interface MergeResult<T> {
  rows: T[];
  /** Change to the "total" count. */
  totalDelta: number;
  /** Whether the list changed at all. */
  changed: boolean;
}

export function mergeUpsert<T extends { id: string }>(
  rows: readonly T[],
  row: T,
  opts: MergeOptions<T>,
): MergeResult<T> {
  const index = rows.findIndex((r) => r.id === row.id);
  const matches = opts.matches(row);
  if (index >= 0) {
    if (!matches) return { rows: rows.filter((r) => r.id !== row.id), totalDelta: -1, changed: true };
    const next = rows.slice();
    next[index] = row;
    return { rows: next, totalDelta: 0, changed: true };
  }
  if (!matches) return { rows: rows as T[], totalDelta: 0, changed: false };
  const at = rows.findIndex((r) => opts.compare(row, r) < 0);
  if (at === -1) {
    // Sorts after every loaded row: only show it when nothing more is to come. A new row adds to the total; an
    // edited row beyond the loaded pages was most likely counted already (the change does not say what it was).
    if (!opts.allLoaded) {
      const counted = opts.created === false ? 0 : 1;
      return { rows: rows as T[], totalDelta: counted, changed: counted !== 0 };
    }
    return { rows: [...rows, row], totalDelta: 1, changed: true };
  }
  return { rows: [...rows.slice(0, at), row, ...rows.slice(at)], totalDelta: 1, changed: true };
}

export function mergeDelete<T extends { id: string }>(rows: readonly T[], id: string): MergeResult<T> {
  const next = rows.filter((r) => r.id !== id);
  const removed = next.length !== rows.length;
  return { rows: removed ? next : (rows as T[]), totalDelta: removed ? -1 : 0, changed: removed };
}
