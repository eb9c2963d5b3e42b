import { and, sql, type SQL } from 'drizzle-orm';
import { MESSAGES, type SortDirection } from '@depot/contracts';
import { Errors } from './errors';

/** A keyset position: the sort key of the last row seen and its id (ties broken by id). */
interface Cursor {
  k: string | number | null;
  id: string;
}

/** `k` should be the sort key as PostgreSQL prints it (`::text`), so timestamps keep their microseconds. */
export function encodeCursor(k: string | number | null, id: string): string {
  return Buffer.from(JSON.stringify({ k, id } satisfies Cursor)).toString('base64url');
}

export function decodeCursor(cursor: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
    if (typeof c !== 'object' || c === null || typeof c.id !== 'string' || !('k' in c))
      throw new Error('shape');
    return c;
  } catch {
    throw Errors.badRequest(MESSAGES.invalidCursor);
  }
}

/**
 * The WHERE part and ORDER BY for one keyset page over `(sortKey, id)`.
 * `sortKey` must be the same expression the rows are selected with, and NOT NULL.
 */
export function keysetPage(
  sortKey: SQL,
  id: SQL,
  direction: SortDirection,
  cursor: string | null | undefined,
) {
  const op = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const dir = sql.raw(direction);
  const after = cursor
    ? (() => {
        const c = decodeCursor(cursor);
        return sql`(${sortKey}, ${id}) ${op} (${c.k}, ${c.id})`;
      })()
    : undefined;
  return { after, direction, orderBy: [sql`${sortKey} ${dir}`, sql`${id} ${dir}`] };
}

/**
 * Run a page query; a cursor whose values do not fit the sort key's or the id's type (PostgreSQL "data exception",
 * SQLSTATE class 22, e.g. a tampered id that is not a UUID) is the caller's bad cursor, not a server error.
 */
export async function withCursor<T>(cursor: string | null | undefined, query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (err) {
    const e = err as { code?: unknown; cause?: { code?: unknown } };
    const code = e?.code ?? e?.cause?.code;
    if (cursor && typeof code === 'string' && code.startsWith('22'))
      throw Errors.badRequest(MESSAGES.invalidCursor);
    throw err;
  }
}

export const allOf = (...parts: (SQL | undefined)[]) =>
  and(...parts.filter((p): p is SQL => p !== undefined));
