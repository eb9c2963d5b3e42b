import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type {
  CountryCode,
  SectorListItem,
  SectorOperator,
  SectorSortField,
  SectorView,
  SortDirection,
} from '@depot/contracts';
import type { SectorRef } from '@depot/domain';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { operators, sectorOperators, sectors } from '../../db/schema';
import { withIsoDates } from '../../common/iso-dates';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';

export interface SectorListQuery {
  search?: string;
  sectorCountry?: CountryCode;
  operatorId?: string;
  orderBy: { field: SectorSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

const SORT_KEYS: Record<SectorSortField, SQL> = {
  sectorCountry: sql`${sectors.sectorCountry}`,
  sectorDescription: sql`lower(${sectors.sectorDescription})`,
  createdAt: sql`${sectors.createdAt}`,
};

/** The sector's carriers by name, as JSON (the list's column; the outer `id` qualified, as `o` has one too). */
const operatorNames = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', o.id, 'name', o.name) order by lower(o.name), o.id)
  from ${sectorOperators} so join ${operators} o on o.id = so.operator_id
  where so.sector_id = ${sectors}.id), '[]'::json)`;

const listColumns = {
  id: sectors.id,
  sectorCountry: sectors.sectorCountry,
  sectorDescription: sectors.sectorDescription,
  operators: operatorNames,
  createdAt: sectors.createdAt,
  updatedAt: sectors.updatedAt,
};

const operatorColumns = {
  id: operators.id,
  name: operators.name,
  type: operators.type,
  active: operators.active,
};

/** SQL of sectors: the list, a sector with its carriers, the mappings, and the carriers a sector may take. */
@Injectable()
export class SectorsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async list(
    q: SectorListQuery,
  ): Promise<{ items: SectorListItem[]; nextCursor: string | null; total: number }> {
    const filter = allOf(
      q.search ? ilike(sectors.sectorDescription, containsPattern(q.search)!) : undefined,
      q.sectorCountry ? eq(sectors.sectorCountry, q.sectorCountry) : undefined,
      q.operatorId
        ? sql`exists (select 1 from ${sectorOperators} so where so.sector_id = ${sectors}.id and so.operator_id = ${q.operatorId})`
        : undefined,
    );
    const sortKey = SORT_KEYS[q.orderBy.field];
    return keysetList(
      { sortKey, id: sql`${sectors.id}`, direction: q.orderBy.direction, cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...listColumns, sortKey: sortKeyText(sortKey) })
          .from(sectors)
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, sectors, filter),
      withIsoDates,
    );
  }

  async listItem(id: string): Promise<SectorListItem | undefined> {
    const [row] = await this.db.select(listColumns).from(sectors).where(eq(sectors.id, id));
    return row ? withIsoDates(row) : undefined;
  }

  /** A sector with its carriers (by name). */
  async findById(id: string): Promise<SectorView | undefined> {
    const [sector] = await this.db
      .select({
        id: sectors.id,
        sectorCountry: sectors.sectorCountry,
        sectorDescription: sectors.sectorDescription,
        createdAt: sectors.createdAt,
        updatedAt: sectors.updatedAt,
      })
      .from(sectors)
      .where(eq(sectors.id, id));
    if (!sector) return undefined;
    const mapped = await this.db
      .select(operatorColumns)
      .from(sectorOperators)
      .innerJoin(operators, eq(operators.id, sectorOperators.operatorId))
      .where(eq(sectorOperators.sectorId, id))
      .orderBy(asc(sql`lower(${operators.name})`), asc(operators.id));
    return { ...withIsoDates(sector), operators: mapped };
  }

  /** Locks the sector row for the rest of the transaction (concurrent edits of one sector queue). */
  async lock(id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: sectors.id })
      .from(sectors)
      .where(eq(sectors.id, id))
      .for('update');
    return rows.length > 0;
  }

  /** The sectors of a country with their description (the uniqueness check) and carriers (the mapping rule). */
  async sectorsOfCountry(country: CountryCode): Promise<SectorRef[]> {
    const rows = await this.db
      .select({
        id: sectors.id,
        sectorCountry: sectors.sectorCountry,
        sectorDescription: sectors.sectorDescription,
        operatorId: sectorOperators.operatorId,
      })
      .from(sectors)
      .leftJoin(sectorOperators, eq(sectorOperators.sectorId, sectors.id))
      .where(eq(sectors.sectorCountry, country));
    const byId = new Map<string, SectorRef & { operatorIds: string[] }>();
    for (const r of rows) {
      const s = byId.get(r.id) ?? { ...r, operatorIds: [] };
      if (r.operatorId) s.operatorIds.push(r.operatorId);
      byId.set(r.id, s);
    }
    return [...byId.values()].map(({ id, sectorCountry, sectorDescription, operatorIds }) => ({
      id,
      sectorCountry,
      sectorDescription,
      operatorIds,
    }));
  }

  async operator(id: string): Promise<SectorOperator | undefined> {
    const [row] = await this.db.select(operatorColumns).from(operators).where(eq(operators.id, id));
    return row;
  }

  /** The carriers a sector may be mapped to: active first, then by name. */
  async operatorOptions(): Promise<SectorOperator[]> {
    return this.db
      .select(operatorColumns)
      .from(operators)
      .orderBy(desc(operators.active), asc(sql`lower(${operators.name})`), asc(operators.id));
  }

  async insert(sector: { sectorCountry: CountryCode; sectorDescription: string }): Promise<string> {
    const [row] = await this.db.insert(sectors).values(sector).returning({ id: sectors.id });
    return row.id;
  }

  /** A new country follows to the mappings (`on update cascade`), where the one-sector-per-country index holds. */
  async update(
    id: string,
    changes: { sectorCountry?: CountryCode; sectorDescription?: string },
  ): Promise<void> {
    await this.db
      .update(sectors)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(sectors.id, id));
  }

  async touch(id: string): Promise<void> {
    await this.db
      .update(sectors)
      .set({ updatedAt: sql`now()` })
      .where(eq(sectors.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(sectors).where(eq(sectors.id, id));
  }

  /** Maps the carrier; false when it already was (nothing changes). */
  async map(sectorId: string, sectorCountry: CountryCode, operatorId: string): Promise<boolean> {
    const rows = await this.db
      .insert(sectorOperators)
      .values({ sectorId, sectorCountry, operatorId })
      .onConflictDoNothing({ target: [sectorOperators.sectorId, sectorOperators.operatorId] })
      .returning({ operatorId: sectorOperators.operatorId });
    return rows.length > 0;
  }

  /** Unmaps the carrier; false when it was not mapped. */
  async unmap(sectorId: string, operatorId: string): Promise<boolean> {
    const rows = await this.db
      .delete(sectorOperators)
      .where(and(eq(sectorOperators.sectorId, sectorId), eq(sectorOperators.operatorId, operatorId)))
      .returning({ operatorId: sectorOperators.operatorId });
    return rows.length > 0;
  }
}
