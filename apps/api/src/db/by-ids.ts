import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './transactions';

/**
 * Validated UUIDs as one array parameter: one bind value however many ids (the callers' ids are uuids they read or
 * checked).
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The rows of `table` whose id is among `ids`, as a subquery to join others to (decision 0155). Its LIMIT keeps
 * PostgreSQL from merging it into the outer query, so the rows are found by primary key first. Without it, when the
 * table's statistics lag behind its size (a fresh database, an import's first thousands of parcels), the planner may
 * start from a small joined table and walk a client's every parcel through another index, filtering the ids out of
 * them: a read that grows with the table, once per call. Filter the rows in the outer query: a condition here
 * (`deleted_at is null`) lets the planner pick a partial index of that condition and read all of it.
 */
export function byIds<T extends PgTable & { id: AnyPgColumn }>(db: DbOrTx, table: T, ids: readonly string[]) {
  return db
    .select()
    .from(table as PgTable)
    .where(sql`${table.id} = any(${uuidArray(ids)})`)
    .limit(ids.length)
    .as('by_ids') as unknown as T;
}
