import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  DISPLAY_TIMEZONE,
  PARCELS_TOTAL_CAP,
  type ParcelListReply,
  type ParcelListFilters,
  type ParcelSortField,
  type SortDirection,
} from '@depot/contracts';
import type { MassSelection } from '@depot/domain';
import { DB } from '../../core/core.tokens';
import type { Db } from '../../db/database';
import { clients, operators, parcels } from '../../db/schema';
import { allOf, encodeCursor, keysetPage, withCursor } from '../../common/keyset';
import { listColumns, toListItem } from './parcel-columns';
import {
  cappedTotal,
  decodeParcelCursor,
  encodeParcelCursor,
  numberSearch,
  parcelRows,
  type ListTotal,
} from './parcel-list-sql';

export interface ParcelListQuery {
  /** A client user's or API key's own client: only its parcels. Null for staff. */
  scopeClientId: string | null;
  filters: ParcelListFilters;
  orderBy: { field: ParcelSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

export type ParcelSelection = MassSelection<ParcelListFilters, ParcelListQuery['orderBy']>;

export const SORT_KEYS: Record<ParcelSortField, SQL> = {
  createdAt: sql`${parcels.createdAt}`,
  internalNumber: sql`${parcels.internalNumber}`,
  status: sql`${parcels.status}`,
  weightKg: sql`${parcels.weightKg}`,
};

/** The first instant of a Warsaw calendar day (yyyy-MM-dd), `plusDays` later. */
const warsawDayStart = (day: string, plusDays = 0): SQL =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${DISPLAY_TIMEZONE})`;

/** Visible to the caller: not deleted; a client's own parcels only when scoped. */
const scope = (scopeClientId: string | null): SQL | undefined =>
  allOf(isNull(parcels.deletedAt), scopeClientId ? eq(parcels.clientId, scopeClientId) : undefined);

/** The list's filters as SQL (shared by the list and select-all mass actions). */
export function parcelListFilter(scopeClientId: string | null, f: ParcelListFilters): SQL | undefined {
  return allOf(parcelFieldFilter(scopeClientId, f), numberSearch(f.search));
}

/** The list's filters but the number search (the list reads the search's matches first: `parcelRows`). */
function parcelFieldFilter(scopeClientId: string | null, f: ParcelListFilters): SQL | undefined {
  return allOf(
    scope(scopeClientId),
    f.statuses?.length ? inArray(parcels.status, f.statuses) : undefined,
    f.orderTypes?.length ? inArray(parcels.orderType, f.orderTypes) : undefined,
    f.sources?.length ? inArray(parcels.source, f.sources) : undefined,
    f.clientId ? eq(parcels.clientId, f.clientId) : undefined,
    f.operatorId ? eq(parcels.operatorId, f.operatorId) : undefined,
    f.pickupCountry ? eq(parcels.pickupCountry, f.pickupCountry) : undefined,
    f.destinationCountry ? eq(parcels.destinationCountry, f.destinationCountry) : undefined,
    sql`${parcels.createdAt} >= ${warsawDayStart(f.dateFrom)}`,
    sql`${parcels.createdAt} < ${warsawDayStart(f.dateTo, 1)}`,
  );
}

/**
 * The rows a mass selection names (decision 0046's meaning): select-all is every row the list's filters match
 * minus the exceptions; picked rows are taken as picked (still only visible ones).
 */
export function selectionFilter(scopeClientId: string | null, sel: ParcelSelection): SQL | undefined {
  if (sel.selectedAll) {
    return allOf(
      parcelListFilter(scopeClientId, sel.filters),
      sel.exceptId.length > 0 ? notInArray(parcels.id, sel.exceptId) : undefined,
    );
  }
  return sel.ids.length > 0 ? allOf(scope(scopeClientId), inArray(parcels.id, sel.ids)) : sql`false`;
}

/** SQL of the parcels list: filtered keyset pages, and the rows of a mass selection. */
@Injectable()
export class ParcelListRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * One keyset page (decisions 0082–0084). The total is counted on the first page only (no cursor), up to
   * `PARCELS_TOTAL_CAP`, and travels in the cursor to the pages after it.
   */
  async list(q: ParcelListQuery): Promise<ParcelListReply> {
    const filter = parcelFieldFilter(q.scopeClientId, q.filters);
    const rowsFrom = parcelRows(this.db, q.filters.search);
    const position = q.cursor ? decodeParcelCursor(q.cursor) : null;
    const sortKey = SORT_KEYS[q.orderBy.field];
    const page = keysetPage(sortKey, sql`${parcels.id}`, q.orderBy.direction, position?.keyset);
    const rows = await withCursor(position?.keyset, () =>
      this.db
        .select({ ...listColumns, sortKey: sql<string>`(${sortKey})::text` })
        .from(rowsFrom)
        .innerJoin(clients, eq(clients.id, parcels.clientId))
        .leftJoin(operators, eq(operators.id, parcels.operatorId))
        .where(allOf(filter, page.after))
        .orderBy(...page.orderBy)
        .limit(q.limit + 1),
    );
    const total = position?.total ?? (await this.countUpToCap(rowsFrom, filter));
    const more = rows.length > q.limit;
    const items = rows.slice(0, q.limit);
    const last = items.at(-1);
    return {
      items: items.map(({ sortKey: _k, ...r }) => toListItem(r)),
      nextCursor: more && last ? encodeParcelCursor(encodeCursor(last.sortKey, last.id), total) : null,
      ...total,
    };
  }

  /** Counts the matches, stopping after `PARCELS_TOTAL_CAP + 1` of them (decision 0084). */
  private async countUpToCap(
    rowsFrom: ReturnType<typeof parcelRows>,
    filter: SQL | undefined,
  ): Promise<ListTotal> {
    const matches = this.db
      .select({ one: sql`1` })
      .from(rowsFrom)
      .where(filter)
      .limit(PARCELS_TOTAL_CAP + 1)
      .as('matches');
    const [{ n }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(matches);
    return cappedTotal(n);
  }

  async countSelection(scopeClientId: string | null, sel: ParcelSelection): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(parcels)
      .where(selectionFilter(scopeClientId, sel));
    return row.n;
  }

  /**
   * The ids a selection names in the list's order (ties by id), at most `limit` of them: the caller asks for one
   * more than it accepts to tell "too many" (decision 0071).
   */
  async selectionIdsInOrder(
    scopeClientId: string | null,
    sel: ParcelSelection,
    limit: number,
  ): Promise<string[]> {
    const dir = sel.orderBy.direction === 'asc' ? asc : desc;
    const rows = await this.db
      .select({ id: parcels.id })
      .from(parcels)
      .where(selectionFilter(scopeClientId, sel))
      .orderBy(dir(SORT_KEYS[sel.orderBy.field]), dir(parcels.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** The ids a selection names, in batches of `batch` (keyset on id, so rows changing meanwhile are not skipped). */
  async *selectionIds(
    scopeClientId: string | null,
    sel: ParcelSelection,
    batch = 500,
  ): AsyncGenerator<string[]> {
    let after: string | null = null;
    for (;;) {
      const rows: { id: string }[] = await this.db
        .select({ id: parcels.id })
        .from(parcels)
        .where(and(selectionFilter(scopeClientId, sel), after ? gt(parcels.id, after) : undefined))
        .orderBy(asc(parcels.id))
        .limit(batch);
      if (rows.length === 0) return;
      yield rows.map((r) => r.id);
      after = rows[rows.length - 1].id;
      if (rows.length < batch) return;
    }
  }
}
