import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ListReply, SortDirection } from '@depot/contracts';
import type { DbOrTx } from '../db/database';
import { encodeCursor, keysetPage, withCursor } from './keyset';

/** A row as a keyset query selects it: the list's columns, its id and the sort key as text. */
type KeyedRow = { id: string; sortKey: string };

/** The sort key as it is selected beside the row and written into the cursor (timestamps keep microseconds). */
export const sortKeyText = (sortKey: SQL) => sql<string>`(${sortKey})::text`;

/**
 * The rows of one keyset page (`found` holds up to one row more than `limit`, to tell whether there is a next
 * page), without their sort key, and the cursor of the next page (null on the last).
 */
export function keysetSlice<R extends KeyedRow>(
  found: R[],
  limit: number,
): { rows: Omit<R, 'sortKey'>[]; nextCursor: string | null } {
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ sortKey: _k, ...r }) => r),
    nextCursor: found.length > limit && last ? encodeCursor(last.sortKey, last.id) : null,
  };
}

/** What a keyset-paged list is ordered by, and which page is asked for. */
export interface KeysetListRequest {
  /** The sort expression (NOT NULL); rows select it as `sortKey: sortKeyText(sortKey)`. */
  sortKey: SQL;
  /** The row id, which breaks ties. */
  id: SQL;
  direction: SortDirection;
  cursor?: string | null;
  limit: number;
}

/** The part of a page query that the keyset adds: the position after the cursor, the order and the row limit. */
export interface KeysetPageQuery {
  after: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/**
 * One page of a list and the total the filters match, the way every list endpoint answers (SPEC 7): `select`
 * runs the list's query with `page.after` added to its filter, ordered by `page.orderBy`, limited to `page.limit`;
 * a cursor that does not fit is the caller's bad cursor (400).
 */
export async function keysetList<R extends KeyedRow, V>(
  req: KeysetListRequest,
  select: (page: KeysetPageQuery) => Promise<R[]>,
  total: () => Promise<number>,
  toItem: (row: NoInfer<Omit<R, 'sortKey'>>) => V,
): Promise<ListReply<V>> {
  const page = keysetPage(req.sortKey, req.id, req.direction, req.cursor);
  const found = await withCursor(req.cursor, () =>
    select({ after: page.after, orderBy: page.orderBy, limit: req.limit + 1 }),
  );
  const count = await total();
  const { rows, nextCursor } = keysetSlice(found, req.limit);
  return { items: rows.map(toItem), nextCursor, total: count };
}

/** How many rows of `table` match `filter` (a list's total). */
export async function countRows(db: DbOrTx, table: PgTable, filter: SQL | undefined): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(table).where(filter);
  return total;
}
