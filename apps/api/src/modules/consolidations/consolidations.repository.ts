import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  ConsolidationListItem,
  ConsolidationParcel,
  ConsolidationSortField,
  SortDirection,
  ConsolidationType,
  Language,
  ListReply,
  ParcelStatus,
} from '@depot/contracts';
import { consolidationKindOf, type ConsolidationState } from '@depot/domain';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { consolidationItems, consolidations, operators, parcels, users } from '../../db/schema';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';
import { targetColumns, type ScanTarget } from '../scans/scans.repository';

/** The carrier type whose parcels are Landmark parcels (decision 0128). */
export const LANDMARK_TYPE = 'LANDMARK';

export interface ConsolidationListFilter {
  search?: string;
  type?: ConsolidationType;
  isBlocked?: boolean;
  orderBy: { field: ConsolidationSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

export interface NewConsolidation {
  type: ConsolidationType;
  isLandmark: boolean;
  barcode: string;
  driver: string | null;
  registrationNumber: string | null;
  isDefaultStatus: boolean;
  isVirtualScan: boolean;
  terminal: string;
  createdById: string | null;
}

/** A consolidation's own row, as the rules and the label read it. */
export interface ConsolidationRow {
  id: string;
  type: ConsolidationType;
  isLandmark: boolean;
  isBlocked: boolean;
  barcode: string;
  blockedAt: Date | null;
  parentId: string | null;
}

/** A parcel in a consolidation (directly, or in a consolidation a car holds: `via`), for the label. */
export interface HeldParcel {
  internalNumber: string;
  destinationCountry: string;
  via: string | null;
}

/** Parcels not deleted. */
const live = isNull(parcels.deletedAt);

/** Whether a parcel's carrier is of type LANDMARK. */
const parcelIsLandmark = sql<boolean>`coalesce(${operators.type} = ${LANDMARK_TYPE}, false)`;

/** The consolidations a car holds (their ids), by the outer row `c`. */
const childrenOf = (outer: SQL) =>
  sql`select ci2.child_consolidation_id from ${consolidationItems} ci2 where ci2.consolidation_id = ${outer} and ci2.child_consolidation_id is not null`;

/** Parcels in the consolidation and in those it holds. */
const parcelCount = sql<number>`(
  select count(*)::int from ${consolidationItems} ci join ${parcels} p on p.id = ci.parcel_id and p.deleted_at is null
  where ci.consolidation_id = ${consolidations}.id or ci.consolidation_id in (${childrenOf(sql`${consolidations}.id`)}))`;

/** The car that holds the consolidation. */
const parentId = sql<
  string | null
>`(select ci.consolidation_id from ${consolidationItems} ci where ci.child_consolidation_id = ${consolidations}.id limit 1)`;

const listColumns = {
  id: consolidations.id,
  type: sql<ConsolidationType>`${consolidations.type}`,
  isLandmark: consolidations.isLandmark,
  barcode: consolidations.barcode,
  isBlocked: consolidations.isBlocked,
  driver: consolidations.driver,
  registrationNumber: consolidations.registrationNumber,
  isDefaultStatus: consolidations.isDefaultStatus,
  isVirtualScan: consolidations.isVirtualScan,
  terminal: consolidations.terminal,
  parcelCount,
  createdBy: sql<
    string | null
  >`coalesce(nullif(btrim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`,
  createdAt: consolidations.createdAt,
  updatedAt: consolidations.updatedAt,
};

type ListRow = Omit<ConsolidationListItem, 'kind' | 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};

const toListItem = (r: ListRow): ConsolidationListItem => ({
  ...r,
  kind: consolidationKindOf(r),
  parcelCount: Number(r.parcelCount),
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

const rowColumns = {
  id: consolidations.id,
  type: sql<ConsolidationType>`${consolidations.type}`,
  isLandmark: consolidations.isLandmark,
  isBlocked: consolidations.isBlocked,
  barcode: consolidations.barcode,
  blockedAt: consolidations.blockedAt,
  parentId,
};

/** The parcel columns a consolidation shows (the consolidation a parcel is in: `current`). */
const parcelColumns = {
  id: parcels.id,
  internalNumber: parcels.internalNumber,
  externalNumber: parcels.externalNumber,
  status: sql<ParcelStatus>`${parcels.status}`,
  destinationCountry: parcels.destinationCountry,
  operatorName: operators.name,
  isLandmark: parcelIsLandmark,
  consolidation: sql<{ id: string; barcode: string } | null>`(
    select json_build_object('id', c2.id, 'barcode', c2.barcode) from ${consolidationItems} ci3
    join ${consolidations} c2 on c2.id = ci3.consolidation_id where ci3.parcel_id = ${parcels}.id limit 1)`,
};

const SORT_KEYS: Record<ConsolidationSortField, SQL> = {
  createdAt: sql`${consolidations.createdAt}`,
  barcode: sql`${consolidations.barcode}`,
};

/** SQL of consolidations: the list, one with what it holds, the rules' facts, the items, and a scan's parcels. */
@Injectable()
export class ConsolidationsRepository {
  constructor(private readonly transactions: Transactions) {}

  private get db(): DbOrTx {
    return this.transactions.db;
  }

  list(q: ConsolidationListFilter): Promise<ListReply<ConsolidationListItem>> {
    const pattern = containsPattern(q.search);
    const filter = allOf(
      pattern
        ? or(
            ilike(consolidations.barcode, pattern),
            ilike(consolidations.driver, pattern),
            ilike(consolidations.registrationNumber, pattern),
          )
        : undefined,
      q.type ? eq(consolidations.type, q.type) : undefined,
      q.isBlocked === undefined ? undefined : eq(consolidations.isBlocked, q.isBlocked),
    );
    const sortKey = SORT_KEYS[q.orderBy.field];
    return keysetList(
      {
        sortKey,
        id: sql`${consolidations.id}`,
        direction: q.orderBy.direction,
        cursor: q.cursor,
        limit: q.limit,
      },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...listColumns, sortKey: sortKeyText(sortKey) })
          .from(consolidations)
          .leftJoin(users, eq(users.id, consolidations.createdById))
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, consolidations, filter),
      (r) => toListItem(r as ListRow),
    );
  }

  async listItems(where: SQL): Promise<ConsolidationListItem[]> {
    const rows = await this.db
      .select(listColumns)
      .from(consolidations)
      .leftJoin(users, eq(users.id, consolidations.createdById))
      .where(where)
      .orderBy(asc(consolidations.barcode));
    return rows.map((r) => toListItem(r as ListRow));
  }

  async listItem(id: string): Promise<ConsolidationListItem | undefined> {
    const [row] = await this.listItems(eq(consolidations.id, id));
    return row;
  }

  /** The consolidations a car holds. */
  children(id: string): Promise<ConsolidationListItem[]> {
    return this.listItems(sql`${consolidations}.id in (${childrenOf(sql`${id}`)})`);
  }

  /** The parcels directly in the consolidation, in the order they were put in. */
  parcelsIn(id: string): Promise<ConsolidationParcel[]> {
    return this.db
      .select(parcelColumns)
      .from(consolidationItems)
      .innerJoin(parcels, and(eq(parcels.id, consolidationItems.parcelId), live))
      .leftJoin(operators, eq(operators.id, parcels.operatorId))
      .where(eq(consolidationItems.consolidationId, id))
      .orderBy(asc(consolidationItems.id));
  }

  /** A parcel (not deleted) as a consolidation shows it. */
  async parcel(id: string): Promise<ConsolidationParcel | undefined> {
    const [row] = await this.db
      .select(parcelColumns)
      .from(parcels)
      .leftJoin(operators, eq(operators.id, parcels.operatorId))
      .where(and(eq(parcels.id, id), live));
    return row;
  }

  async row(where: SQL, lock = false): Promise<ConsolidationRow | undefined> {
    const query = this.db.select(rowColumns).from(consolidations).where(where);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  byId = (id: string, lock = false) => this.row(eq(consolidations.id, id), lock);
  byBarcode = (barcode: string, lock = false) =>
    this.row(sql`upper(${consolidations.barcode}) = ${barcode.toUpperCase()}`, lock);

  /** The rules' view of a consolidation: its row and how many Landmark and other things it holds. */
  async state(row: ConsolidationRow): Promise<ConsolidationState> {
    const res = await this.db.execute<{ landmark: number; other: number }>(sql`
      select
        count(*) filter (where coalesce(o.type = ${LANDMARK_TYPE}, false) or coalesce(c.is_landmark, false))::int as landmark,
        count(*) filter (where not (coalesce(o.type = ${LANDMARK_TYPE}, false) or coalesce(c.is_landmark, false)))::int as other
      from ${consolidationItems} ci
      left join ${parcels} p on p.id = ci.parcel_id
      left join ${operators} o on o.id = p.operator_id
      left join ${consolidations} c on c.id = ci.child_consolidation_id
      where ci.consolidation_id = ${row.id} and (ci.parcel_id is null or p.deleted_at is null)`);
    const counts = res.rows[0];
    return {
      id: row.id,
      type: row.type,
      isLandmark: row.isLandmark,
      isBlocked: row.isBlocked,
      holds: { landmark: Number(counts?.landmark ?? 0), other: Number(counts?.other ?? 0) },
    };
  }

  async insert(c: NewConsolidation): Promise<string> {
    const [row] = await this.db.insert(consolidations).values(c).returning({ id: consolidations.id });
    return row.id;
  }

  async addParcel(consolidationId: string, parcelId: string, addedById: string | null): Promise<void> {
    await this.db.insert(consolidationItems).values({ consolidationId, parcelId, addedById });
  }

  async addChild(consolidationId: string, childId: string, addedById: string | null): Promise<void> {
    await this.db
      .insert(consolidationItems)
      .values({ consolidationId, childConsolidationId: childId, addedById });
  }

  /** Takes the parcel or the held consolidation out; false when it was not in. */
  async removeItem(
    consolidationId: string,
    item: { parcelId?: string; childConsolidationId?: string },
  ): Promise<boolean> {
    const which = item.parcelId
      ? eq(consolidationItems.parcelId, item.parcelId)
      : eq(consolidationItems.childConsolidationId, item.childConsolidationId!);
    const rows = await this.db
      .delete(consolidationItems)
      .where(and(eq(consolidationItems.consolidationId, consolidationId), which))
      .returning({ id: consolidationItems.id });
    return rows.length > 0;
  }

  async setBlocked(id: string, isBlocked: boolean): Promise<void> {
    await this.db
      .update(consolidations)
      .set({ isBlocked, blockedAt: isBlocked ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(consolidations.id, id));
  }

  async languageOf(userId: string): Promise<Language | undefined> {
    const [row] = await this.db.select({ lang: users.lang }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.lang;
  }

  async touch(id: string): Promise<void> {
    await this.db
      .update(consolidations)
      .set({ updatedAt: sql`now()` })
      .where(eq(consolidations.id, id));
  }

  /** The parcels a label lists: those directly in it, then those of each consolidation it holds. */
  async heldParcels(id: string): Promise<HeldParcel[]> {
    const result = await this.db.execute<HeldParcel & Record<string, unknown>>(sql`
      select p.internal_number as "internalNumber", p.destination_country as "destinationCountry", null as via, 0 as g, '' as b, ci.id as n
      from ${consolidationItems} ci join ${parcels} p on p.id = ci.parcel_id and p.deleted_at is null
      where ci.consolidation_id = ${id}
      union all
      select p.internal_number, p.destination_country, c.barcode, 1, c.barcode, ci.id
      from ${consolidationItems} outer_ci
      join ${consolidations} c on c.id = outer_ci.child_consolidation_id
      join ${consolidationItems} ci on ci.consolidation_id = c.id
      join ${parcels} p on p.id = ci.parcel_id and p.deleted_at is null
      where outer_ci.consolidation_id = ${id}
      order by g, b, n`);
    return result.rows.map((r) => ({
      internalNumber: r.internalNumber,
      destinationCountry: r.destinationCountry,
      via: r.via,
    }));
  }

  /**
   * The parcels a scan of the consolidation changes (directly in it, and in the consolidations a car holds), locked
   * for the scan's transaction, as the scan reads a parcel it matched.
   */
  async scanTargets(id: string): Promise<ScanTarget[]> {
    const ids = sql`select ci.parcel_id from ${consolidationItems} ci where ci.parcel_id is not null and (ci.consolidation_id = ${id} or ci.consolidation_id in (${childrenOf(sql`${id}`)}))`;
    return this.db
      .select(targetColumns)
      .from(parcels)
      .leftJoin(operators, eq(operators.id, parcels.operatorId))
      .where(and(live, sql`${parcels.id} in (${ids})`))
      .orderBy(asc(parcels.internalNumber), desc(parcels.id))
      .for('update', { of: parcels });
  }
}
