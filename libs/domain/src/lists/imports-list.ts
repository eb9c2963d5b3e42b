import type { ImportRowState, ImportRowView, ImportState, ImportView } from '@depot/contracts';
import { compareBy, equalsFilter, type ListSpec } from './list-spec';

/** The imports list's filters (`POST /import/list`): state, and for staff one client. */
export interface ImportListFilters {
  state?: ImportState;
  clientId?: string;
}

/** The imports list's one order: newest first (created at, then id). */
export type ImportSortField = 'createdAt';

/**
 * `list` (imports.repository.ts): by state and client when set. A client user's list is always its own client's (the
 * scope), and its live room carries only that client's imports.
 */
export function importMatchesFilters(
  i: Pick<ImportView, 'state' | 'clientId'>,
  f: ImportListFilters,
): boolean {
  return equalsFilter(i.state, f.state) && (!f.clientId || i.clientId === f.clientId);
}

export const importsListSpec: ListSpec<ImportView, ImportListFilters, ImportSortField> = {
  matches: importMatchesFilters,
  compare: compareBy<ImportView, ImportSortField>((i) => i.createdAt),
};

/** An import's rows list's filters (`POST /import/{id}/rows`): by state. */
export interface ImportRowListFilters {
  state?: ImportRowState;
}

/** An import's rows in file order (the row number, then id). */
export type ImportRowSortField = 'row';

/** `rows` (imports.repository.ts): one import's rows, by state when set. */
export const importRowMatchesFilters = (r: Pick<ImportRowView, 'state'>, f: ImportRowListFilters): boolean =>
  equalsFilter(r.state, f.state);

export const importRowsListSpec: ListSpec<ImportRowView, ImportRowListFilters, ImportRowSortField> = {
  matches: importRowMatchesFilters,
  compare: compareBy<ImportRowView, ImportRowSortField>((r) => r.row),
};
