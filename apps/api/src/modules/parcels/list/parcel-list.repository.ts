import { Injectable } from '@nestjs/common';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  notInArray,
  sql,
  type SQL,
  type Subquery,
} from 'drizzle-orm';
import {
  PARCELS_TOTAL_CAP,
  type ParcelListItem,
  type ParcelListReply,
  type ParcelListFilters,
  type ParcelSortField,
  type SortDirection,
} from '@depot/contracts';
import type { MassSelection } from '@depot/domain';
import { Transactions, type DbOrTx } from '../../../db/transactions';
import { clients, operators, parcels } from '../../../db/schema';
import { dayStart } from '../../../common/warsaw-day';
import { allOf, encodeCursor, keysetPage, withCursor } from '../../../common/keyset';
import { listItemJson } from './parcel-columns';
import {
  cappedTotal,
  decodeParcelCursor,
  encodeParcelCursor,
  numberSearch,
  searchCandidates,
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

/** Visible to the caller: not deleted; a client's own parcels only when scoped. */
const scope = (scopeClientId: string | null): SQL | undefined =>
  allOf(isNull(parcels.deletedAt), scopeClientId ? eq(parcels.clientId, scopeClientId) : undefined);

/** The list's filters as SQL (shared by the list and select-all mass actions). */
export function parcelListFilter(scopeClientId: string | null, f: ParcelListFilters): SQL | undefined {
  return allOf(parcelFieldFilter(scopeClientId, f), numberSearch(f.search));
}

/** The list's filters but the number search (the list reads the search's matches first: `searchCandidates`). */
function parcelFieldFilter(scopeClientId: string | null, f: ParcelListFilters): SQL | undefined {
  return allOf(
    scope(scopeClientId),
    f.statuses?.length ? inArray(parcels.status, f.statuses) : undefined,
    f.orderTypes?.length ? inArray(parcels.orderType, f.orderTypes) : undefined,
    f.sources?.length ? inArray(parcels.source, f.sources) : undefined,
    f.clientId ? eq(parcels.clientId, f.clientId) : undefined,
    f.operatorId ? eq(parcels.operatorId, f.operatorId) : undefined,
    f.incorrect ? eq(parcels.isCorrect, false) : undefined,
    f.pickupCountry ? eq(parcels.pickupCountry, f.pickupCountry) : undefined,
    f.destinationCountry ? eq(parcels.destinationCountry, f.destinationCountry) : undefined,
    sql`${parcels.createdAt} >= ${dayStart(f.dateFrom)}`,
    sql`${parcels.createdAt} < ${dayStart(f.dateTo, 1)}`,
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

/** What a page query needs, with or without a number search. */
interface PageQuery {
  filter: SQL | undefined;
  page: ReturnType<typeof keysetPage>;
  sortKey: SQL;
  limit: number;
  /** The first page counts the matches; the pages after it carry the total in their cursor. */
  countTotal: boolean;
}

/** A page's rows (one more than the page, to tell whether more follow) and, on the first page, the count. */
interface PageRows {
  rows: { item: ParcelListItem; sortKey: string }[];
  counted: number | null;
}

/** SQL of the parcels list: filtered keyset pages, and the rows of a mass selection. */
@Injectable()
export class ParcelListRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /**
   * One keyset page (decisions 0082–0084, 0098). The total is counted on the first page only (no cursor), up to
   * `PARCELS_TOTAL_CAP`, and travels in the cursor to the pages after it.
   */
  async list(q: ParcelListQuery): Promise<ParcelListReply> {
    const filter = parcelFieldFilter(q.scopeClientId, q.filters);
    const position = q.cursor ? decodeParcelCursor(q.cursor) : null;
    const sortKey = SORT_KEYS[q.orderBy.field];
    const page = keysetPage(sortKey, sql`${parcels.id}`, q.orderBy.direction, position?.keyset);
    const candidates = searchCandidates(this.db, q.filters.search);
    const query: PageQuery = { filter, page, sortKey, limit: q.limit, countTotal: !position };
    const { rows, counted } = await withCursor(position?.keyset, () =>
      candidates ? this.searchPage(candidates, query) : this.tablePage(query),
    );
    const total = position?.total ?? cappedTotal(counted ?? 0);
    const more = rows.length > q.limit;
    const items = rows.slice(0, q.limit);
    const last = items.at(-1);
    return {
      items: items.map((r) => r.item),
      nextCursor: more && last ? encodeParcelCursor(encodeCursor(last.sortKey, last.item.id), total) : null,
      ...total,
    };
  }

  /**
   * A page without a number search: straight from the table and its list indexes. On the first page the count runs
   * beside it (its own pooled connection), so the reply waits for the slower of the two, not for both.
   */
  private async tablePage(q: PageQuery): Promise<PageRows> {
    const [rows, counted] = await Promise.all([
      this.db
        .select({ item: listItemJson, sortKey: sql<string>`(${q.sortKey})::text` })
        .from(parcels)
        .innerJoin(clients, eq(clients.id, parcels.clientId))
        .leftJoin(operators, eq(operators.id, parcels.operatorId))
        .where(allOf(q.filter, q.page.after))
        .orderBy(...q.page.orderBy)
        .limit(q.limit + 1),
      q.countTotal ? this.countUpToCap(q.filter) : null,
    ]);
    return { rows, counted };
  }

  /**
   * A page with a number search, in one statement (decision 0098): the search's candidates are filtered once into
   * `matches` (narrow: id and sort key), which gives both the page's ids and the count; only the page's rows are
   * then read whole and joined to their client and carrier. Reading the candidates once instead of twice (page,
   * then count) is what brings a 10,000-match search within the list's budget.
   */
  private async searchPage(candidates: Subquery, q: PageQuery): Promise<PageRows> {
    const matches = this.db.$with('matches').as(
      this.db
        .select({ id: sql<string>`${parcels.id}`.as('match_id'), key: sql`${q.sortKey}`.as('match_key') })
        .from(candidates)
        .where(allOf(q.filter, q.page.after)),
    );
    const dir = sql.raw(q.page.direction);
    const pageIds = this.db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(sql`${matches.key} ${dir}`, sql`${matches.id} ${dir}`)
      .limit(q.limit + 1)
      .as('page_ids');
    const rows = await this.db
      .with(matches)
      .select({
        item: listItemJson,
        sortKey: sql<string>`(${q.sortKey})::text`,
        counted: q.countTotal
          ? sql<number>`(select count(*)::int from ${matches})`
          : sql<number | null>`null::int`,
      })
      .from(parcels)
      .innerJoin(pageIds, eq(pageIds.id, parcels.id))
      .innerJoin(clients, eq(clients.id, parcels.clientId))
      .leftJoin(operators, eq(operators.id, parcels.operatorId))
      .orderBy(...q.page.orderBy);
    const counted = q.countTotal ? (rows[0]?.counted ?? 0) : null;
    return { rows: rows.map(({ counted: _c, ...r }) => r), counted };
  }

  /** Counts the matches, stopping after `PARCELS_TOTAL_CAP + 1` of them (decision 0084). */
  private async countUpToCap(filter: SQL | undefined): Promise<number> {
    const matches = this.db
      .select({ one: sql`1` })
      .from(parcels)
      .where(filter)
      .limit(PARCELS_TOTAL_CAP + 1)
      .as('matches');
    const [{ n }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(matches);
    return n;
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
