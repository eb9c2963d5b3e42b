import { Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  STATUS_MAP_UNMAPPED,
  type OperatorType,
  type ParcelStatus,
  type StatusMapRow,
  type StatusMapSortField,
  type SortDirection,
} from '@depot/contracts';
import { CARRIER_IMMUTABLE_STATUSES } from '@depot/domain';
import type { MovedParcel } from '../status-refresh/status-refresh.repository';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { operators, parcels, parcelStatusHistory, statusMap } from '../../db/schema';
import { withIsoDates } from '../../common/iso-dates';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';

export interface StatusMapListQuery {
  search?: string;
  operatorType?: OperatorType;
  dbName?: string;
  orderBy: { field: StatusMapSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

/** What a row holds that a person sets. */
export interface StatusMapValues {
  description: string;
  dbName: ParcelStatus | null;
  isTerminal: boolean;
}

/** A stored row of the map as the service compares it. */
export type StoredMapping = StatusMapValues & { id: string; code: string };

const SORT_KEYS: Record<StatusMapSortField, SQL> = {
  operatorType: sql`${statusMap.operatorType} || ' ' || lower(${statusMap.code})`,
  code: sql`lower(${statusMap.code})`,
  seenCount: sql`${statusMap.seenCount}`,
  updatedAt: sql`${statusMap.updatedAt}`,
};

const rowColumns = {
  id: statusMap.id,
  operatorType: sql<OperatorType>`${statusMap.operatorType}`,
  code: statusMap.code,
  description: statusMap.description,
  dbName: sql<ParcelStatus | null>`${statusMap.dbName}`,
  isTerminal: statusMap.isTerminal,
  seenCount: statusMap.seenCount,
  lastSeenAt: statusMap.lastSeenAt,
  exampleParcelId: statusMap.exampleParcelId,
  createdAt: statusMap.createdAt,
  updatedAt: statusMap.updatedAt,
};

const toRow = (r: {
  lastSeenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}): Omit<StatusMapRow, 'lastSeenAt' | 'createdAt' | 'updatedAt'> & {
  lastSeenAt: string | null;
  createdAt: string;
  updatedAt: string;
} => ({
  ...(r as unknown as StatusMapRow),
  ...withIsoDates(r),
  lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
});

/** Parcels of a carrier type whose current status stands on its code `code` (and may follow the carrier). */
const standingOn = (operatorType: OperatorType, code: SQL | string) => sql`
  ${parcels.carrierStatusCode} = ${code}
  and ${parcels.deletedAt} is null
  and ${parcels.status} not in (${sql.join(
    CARRIER_IMMUTABLE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})
  and ${parcels.operatorId} in (select ${operators.id} from ${operators} where ${operators.type} = ${operatorType})`;

/** SQL of the status map: the list, rows by id and code, saves, and what a mapping change does to parcels. */
@Injectable()
export class StatusMapRepository {
  constructor(private readonly transactions: Transactions) {}

  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async list(
    q: StatusMapListQuery,
  ): Promise<{ items: StatusMapRow[]; nextCursor: string | null; total: number }> {
    const pattern = containsPattern(q.search);
    const filter = allOf(
      pattern
        ? or(sql`${statusMap.code} ilike ${pattern}`, sql`${statusMap.description} ilike ${pattern}`)
        : undefined,
      q.operatorType ? eq(statusMap.operatorType, q.operatorType) : undefined,
      q.dbName === STATUS_MAP_UNMAPPED
        ? isNull(statusMap.dbName)
        : q.dbName
          ? eq(statusMap.dbName, q.dbName)
          : undefined,
    );
    const sortKey = SORT_KEYS[q.orderBy.field];
    return keysetList(
      { sortKey, id: sql`${statusMap.id}`, direction: q.orderBy.direction, cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...rowColumns, sortKey: sortKeyText(sortKey) })
          .from(statusMap)
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, statusMap, filter),
      toRow,
    );
  }

  async row(id: string): Promise<StatusMapRow | undefined> {
    const [row] = await this.db.select(rowColumns).from(statusMap).where(eq(statusMap.id, id));
    return row ? toRow(row) : undefined;
  }

  /** One row, locked for the rest of the transaction. */
  async lockRow(id: string): Promise<(StoredMapping & { operatorType: OperatorType }) | undefined> {
    const [row] = await this.db
      .select({
        id: statusMap.id,
        code: statusMap.code,
        operatorType: rowColumns.operatorType,
        description: statusMap.description,
        dbName: rowColumns.dbName,
        isTerminal: statusMap.isTerminal,
      })
      .from(statusMap)
      .where(eq(statusMap.id, id))
      .for('update');
    return row;
  }

  /** The stored rows of these codes of a carrier type, locked (a save of the same codes waits). */
  async lockCodes(operatorType: OperatorType, codes: readonly string[]): Promise<Map<string, StoredMapping>> {
    const rows = codes.length
      ? await this.db
          .select({
            id: statusMap.id,
            code: statusMap.code,
            description: statusMap.description,
            dbName: rowColumns.dbName,
            isTerminal: statusMap.isTerminal,
          })
          .from(statusMap)
          .where(and(eq(statusMap.operatorType, operatorType), inArray(statusMap.code, [...codes])))
          .for('update')
      : [];
    return new Map(rows.map((r) => [r.code, r]));
  }

  /** New rows; on a code another save just added, nothing (the caller counts what it inserted). */
  async insert(
    operatorType: OperatorType,
    rows: readonly (StatusMapValues & { code: string })[],
  ): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = await this.db
      .insert(statusMap)
      .values(rows.map((r) => ({ operatorType, ...r })))
      .returning({ id: statusMap.id });
    return inserted.map((r) => r.id);
  }

  async update(id: string, values: Partial<StatusMapValues>): Promise<void> {
    await this.db
      .update(statusMap)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(statusMap.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(statusMap).where(eq(statusMap.id, id));
  }

  /**
   * Parcels of the carrier type standing on `code` take `dbName` (the domain's carrierStatusOf: not a cancelled
   * parcel, not the status it has), each with a history row (source carrier, the code and its description, by the
   * person who changed the map). One statement; the parcels are locked as they change.
   */
  async reapply(
    operatorType: OperatorType,
    mapping: { code: string; description: string; dbName: ParcelStatus },
    changedById: string | null,
  ): Promise<MovedParcel[]> {
    const { code, description, dbName } = mapping;
    const result = await this.db.execute<{
      id: string;
      previous: ParcelStatus;
      client_id: string;
      internal_number: string;
      updated_at: Date | string;
    }>(sql`
      with target as (
        select ${parcels.id} as id, ${parcels.status} as status from ${parcels}
        where ${standingOn(operatorType, code)} and ${parcels.status} <> ${dbName}
        for update
      ), moved as (
        update ${parcels} set
          status = ${dbName},
          delivery_date = case when ${dbName} = 'delivered' then coalesce(${parcels.deliveryDate}, now())
            else ${parcels.deliveryDate} end,
          updated_at = now()
        from target where ${parcels.id} = target.id
        returning ${parcels.id} as id, target.status as previous, ${parcels.clientId} as client_id,
          ${parcels.internalNumber} as internal_number, ${parcels.updatedAt} as updated_at
      ), written as (
        insert into ${parcelStatusHistory}
          (parcel_id, status, previous_status, source, changed_by_id, carrier_code, carrier_description)
        select id, ${dbName}, previous, 'carrier', ${changedById}::uuid, ${code}, ${description} from moved
      )
      select id, previous, client_id, internal_number, updated_at from moved`);
    return result.rows.map((r) => ({
      id: r.id,
      previousStatus: r.previous,
      status: dbName,
      clientId: r.client_id,
      internalNumber: r.internal_number,
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  /** Per code, the parcels of the carrier type standing on it whose status the code's new meaning would change. */
  async impact(
    operatorType: OperatorType,
    mappings: readonly { code: string; dbName: ParcelStatus }[],
  ): Promise<Map<string, number>> {
    if (mappings.length === 0) return new Map();
    const values = sql.join(
      mappings.map((m) => sql`(${m.code}::text, ${m.dbName}::text)`),
      sql`, `,
    );
    const result = await this.db.execute<{ code: string; parcels: string | number }>(sql`
      select m.code, count(*) as parcels
      from (values ${values}) as m(code, db_name)
      join ${parcels} on ${standingOn(operatorType, sql`m.code`)} and ${parcels.status} <> m.db_name
      group by m.code`);
    return new Map(result.rows.map((r) => [r.code, Number(r.parcels)]));
  }

  /** Per carrier type: its codes, mapped, unmapped, and unmapped ones the carrier has sent. */
  async countsByType(): Promise<
    { operatorType: string; codes: number; mapped: number; unmapped: number; seenUnmapped: number }[]
  > {
    return this.db
      .select({
        operatorType: statusMap.operatorType,
        codes: sql<number>`count(*)::int`,
        mapped: sql<number>`count(${statusMap.dbName})::int`,
        unmapped: sql<number>`(count(*) filter (where ${statusMap.dbName} is null))::int`,
        seenUnmapped: sql<number>`(count(*) filter (where ${statusMap.dbName} is null and ${statusMap.seenCount} > 0))::int`,
      })
      .from(statusMap)
      .groupBy(statusMap.operatorType);
  }

  /** Carriers (operators) per type. */
  async operatorsByType(): Promise<{ type: string; operators: number }[]> {
    return this.db
      .select({ type: operators.type, operators: sql<number>`count(*)::int` })
      .from(operators)
      .groupBy(operators.type);
  }
}
