import { inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { allOf } from './keyset';

/** A mass selection as a list query narrows it: just the picked ids, or every match except some. */
export interface SelectionIds {
  /** Only these rows (picked one by one); an empty list names no row. */
  onlyIds?: string[];
  /** Every row matching the filters except these (select-all with exceptions). */
  exceptIds?: string[];
}

/** The selection as SQL on the row id (undefined when it does not narrow the list). */
export function selectionWhere(id: PgColumn, s: SelectionIds): SQL | undefined {
  return allOf(
    s.onlyIds ? (s.onlyIds.length ? inArray(id, s.onlyIds) : sql`false`) : undefined,
    s.exceptIds?.length ? notInArray(id, s.exceptIds) : undefined,
  );
}
