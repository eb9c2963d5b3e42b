import { z } from 'zod';
import { PAGE_SIZE } from './constants';

export const sortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/** Body shape shared by every keyset-paged list ("get more items"). */
export const listRequestBase = z.object({
  /** Opaque cursor from the previous page's `nextCursor`; absent for the first page. */
  cursor: z.string().max(2000).nullish(),
  /** Page size; 50 unless asked otherwise ("load all results" asks for more pages, not a bigger one). */
  limit: z.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
});

/**
 * The filters every list of client-owned rows has (API keys, integrations, webhooks): text (the columns each list
 * names), active, and — for staff — one client; a client user or API key always gets its own client's rows.
 */
export const clientOwnedListFilterFields = {
  search: z.string().trim().max(100).optional(),
  active: z.boolean().optional(),
  clientId: z.uuid().optional(),
};

export interface ListReply<T> {
  items: T[];
  /** Cursor for the next page, or null when everything is loaded ("all loaded"). */
  nextCursor: string | null;
  /** Rows matching the filters in total. */
  total: number;
  /**
   * True when more rows match than were counted: `total` is then a lower bound (a list that caps its count, e.g.
   * parcels, decision 0084). Absent or false: `total` is exact.
   */
  totalCapped?: boolean;
}
