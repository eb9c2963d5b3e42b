import { MESSAGES } from '@depot/contracts';
import type { z } from 'zod';
import { Errors } from './errors';

/**
 * The list's own filters and order that an export's selection carries, checked with the schema the list endpoint
 * checks them with; anything else is a 400 `exportFiltersInvalid` listing every issue.
 */
export function exportListSettings<S extends z.ZodType>(
  schema: S,
  selection: { filters?: unknown; orderBy?: unknown },
): z.output<S> {
  const parsed = schema.safeParse({
    filters: selection.filters ?? {},
    orderBy: selection.orderBy ?? undefined,
  });
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    message: i.message,
  }));
  throw Errors.validation(MESSAGES.exportFiltersInvalid, details);
}

/** A list read for an export a keyset page at a time, until the last page: each page's rows in turn. */
export async function* keysetBatches<T>(
  page: (cursor: string | null) => Promise<{ items: T[]; nextCursor: string | null }>,
): AsyncIterable<T[]> {
  let cursor: string | null = null;
  do {
    const next = await page(cursor);
    yield next.items;
    cursor = next.nextCursor;
  } while (cursor);
}
