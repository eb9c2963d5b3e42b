import { warsawDay, type LogFilters, type LogListItem } from '@depot/contracts';
import type { ListSpec } from './list-spec';

export type { LogFilters };

/** What the logs list's filters read of an entry. */
export type LogMatchFields = Pick<LogListItem, 'type' | 'entity' | 'entityId' | 'createdById' | 'createdAt'>;

/** A text filter as the API's schema reads it: trimmed; blank is no filter. */
const exact = (value: string | null, filter: string | undefined): boolean => {
  const f = filter?.trim();
  return !f || value === f;
};

/**
 * `list` (logs.repository.ts): exact type, entity, entity id (all trimmed by the API's schema) and author when set;
 * `from` and `to` are Warsaw days, both included (`created_at >= start of from`, `< start of the day after to`).
 */
export function logMatchesFilters(entry: LogMatchFields, f: Partial<LogFilters>): boolean {
  if (!exact(entry.type, f.type) || !exact(entry.entity, f.entity) || !exact(entry.entityId, f.entityId))
    return false;
  if (f.authorId && entry.createdById !== f.authorId) return false;
  if (f.from || f.to) {
    const day = warsawDay(entry.createdAt);
    if (f.from && day < f.from) return false;
    if (f.to && day > f.to) return false;
  }
  return true;
}

/** Newest first: by time, then by entry number (both descending), as the list's keyset on (created_at, id). */
export function compareLogsNewestFirst(
  a: Pick<LogListItem, 'id' | 'createdAt'>,
  b: Pick<LogListItem, 'id' | 'createdAt'>,
): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x === y ? 0 : x < y ? 1 : -1;
}

/** The logs list has one order (newest first), so its comparator takes no order. */
export const logsListSpec: ListSpec<LogListItem, Partial<LogFilters>> = {
  matches: logMatchesFilters,
  compare: (a, b) => compareLogsNewestFirst(a, b),
};
