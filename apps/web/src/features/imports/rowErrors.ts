import type { ErrorDetail, ImportView } from '@depot/contracts';

/** A row's errors as its table and its fix dialog show them. */
export interface PlacedErrors {
  /** The index of the file column an error names (its path is the column's header) → its messages. */
  byColumn: Map<number, string[]>;
  /** The errors of the row as a whole (no path, or a path that names no column of the file). */
  general: ErrorDetail[];
}

/** Places a row's errors on the file's columns: each error's path is the header of the column it is about. */
export function placeErrors(headers: readonly string[], errors: readonly ErrorDetail[]): PlacedErrors {
  const byColumn = new Map<number, string[]>();
  const general: ErrorDetail[] = [];
  for (const e of errors) {
    const index = e.path ? headers.indexOf(e.path) : -1;
    if (index < 0) {
      general.push(e);
      continue;
    }
    byColumn.set(index, [...(byColumn.get(index) ?? []), e.message]);
  }
  return { byColumn, general };
}

/** A row's cells under the file's headers: one per column, blank where the file had none. */
export const cellsOf = (headers: readonly string[], rawData: readonly string[]): string[] =>
  headers.map((_, i) => rawData[i] ?? '');

/**
 * How far an approved import has come, 0–100: the created rows of those to create (the rows still valid). Read from
 * its counts, which follow each batch, so it moves for anyone looking, not only for who approved it.
 */
export function approvePercent(i: Pick<ImportView, 'createdRows' | 'validRows' | 'state'>): number {
  if (i.state === 'done') return 100;
  const todo = i.createdRows + i.validRows;
  return todo === 0 ? 0 : Math.min(100, Math.floor((i.createdRows / todo) * 100));
}
