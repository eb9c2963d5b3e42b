import { Inject, Injectable } from '@nestjs/common';
import { count, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  OperatorListFilters,
  OperatorListItem,
  OperatorSortField,
  SortDirection,
} from '@depot/contracts';
import { DB } from '../../core/core.tokens';
import type { Db, DbOrTx } from '../../db/database';
import { operators, routingConditions } from '../../db/schema';
import { allOf, encodeCursor, keysetPage, withCursor } from '../../common/keyset';
import { containsPattern } from '../../common/like';

export interface OperatorListQuery {
  filters: OperatorListFilters;
  orderBy: { field: OperatorSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
  /** Only these rows (a selection picked row by row). */
  onlyIds?: string[];
  /** Not these rows (the exceptions of a select-all). */
  exceptIds?: string[];
}

export type OperatorRow = typeof operators.$inferSelect;
export type NewOperator = Omit<typeof operators.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type OperatorChanges = Partial<NewOperator>;

/** The stored operator with how routing uses it. */
export interface OperatorRecord extends OperatorRow {
  routingConditions: number;
  routingMatrices: number;
}

const SORT_KEYS: Record<OperatorSortField, SQL> = {
  operatorName: sql`lower(btrim(${operators.name}))`,
  operatorType: sql`${operators.type}`,
  createdAt: sql`${operators.createdAt}`,
};

const listColumns = {
  id: operators.id,
  operatorName: operators.name,
  operatorType: operators.type,
  description: operators.description,
  active: operators.active,
  exchangeRateEUR: operators.exchangeRateEur,
  maxWeightKg: operators.maxWeightKg,
  createdAt: operators.createdAt,
  updatedAt: operators.updatedAt,
};

const withIsoDates = <T extends { createdAt: Date; updatedAt: Date }>(r: T) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The list's filters (and a selection's ids) as SQL. */
function filterOf(q: Pick<OperatorListQuery, 'filters' | 'onlyIds' | 'exceptIds'>): SQL | undefined {
  const f = q.filters;
  const term = containsPattern(f.search);
  return allOf(
    term ? or(ilike(operators.name, term), ilike(operators.description, term)) : undefined,
    f.type ? eq(operators.type, f.type) : undefined,
    f.active === undefined ? undefined : eq(operators.active, f.active),
    q.onlyIds ? (q.onlyIds.length ? inArray(operators.id, q.onlyIds) : sql`false`) : undefined,
    q.exceptIds?.length ? notInArray(operators.id, q.exceptIds) : undefined,
  );
}

/** SQL of the operators module: the list, the record, name uniqueness and routing usage. */
@Injectable()
export class OperatorsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async list(
    q: OperatorListQuery,
    tx: DbOrTx = this.db,
  ): Promise<{ items: OperatorListItem[]; nextCursor: string | null; total: number }> {
    const filter = filterOf(q);
    const sortKey = SORT_KEYS[q.orderBy.field];
    const page = keysetPage(sortKey, sql`${operators.id}`, q.orderBy.direction, q.cursor);
    const rows = await withCursor(q.cursor, () =>
      tx
        .select({ ...listColumns, sortKey: sql<string>`(${sortKey})::text` })
        .from(operators)
        .where(allOf(filter, page.after))
        .orderBy(...page.orderBy)
        .limit(q.limit + 1),
    );
    const total = await this.count(q, tx);
    const more = rows.length > q.limit;
    const items = rows.slice(0, q.limit);
    const last = items.at(-1);
    return {
      items: items.map(({ sortKey: _k, ...r }) => withIsoDates(r)),
      nextCursor: more && last ? encodeCursor(last.sortKey, last.id) : null,
      total,
    };
  }

  async count(
    q: Pick<OperatorListQuery, 'filters' | 'onlyIds' | 'exceptIds'>,
    tx: DbOrTx = this.db,
  ): Promise<number> {
    const [{ total }] = await tx.select({ total: count() }).from(operators).where(filterOf(q));
    return total;
  }

  async findById(id: string, tx: DbOrTx = this.db): Promise<OperatorRecord | undefined> {
    const [row] = await tx
      .select({
        operator: operators,
        // Qualified by hand: inside the subquery a bare "id" would name the condition's own id.
        routingConditions: sql<number>`(select count(*)::int from ${routingConditions} rc where rc.operator_id = ${operators}.id)`,
        routingMatrices: sql<number>`(select count(distinct rc.matrix_id)::int from ${routingConditions} rc where rc.operator_id = ${operators}.id)`,
      })
      .from(operators)
      .where(eq(operators.id, id))
      .limit(1);
    return row
      ? { ...row.operator, routingConditions: row.routingConditions, routingMatrices: row.routingMatrices }
      : undefined;
  }

  /** Locks the operator row for the rest of the transaction (concurrent edits of one operator queue). */
  async lock(id: string, tx: DbOrTx): Promise<boolean> {
    const rows = await tx
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.id, id))
      .for('update');
    return rows.length > 0;
  }

  /** Whether another operator has this name (trimmed, case-insensitive, like the unique index). */
  async nameTaken(name: string, exceptId: string | null, tx: DbOrTx = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: operators.id })
      .from(operators)
      .where(
        allOf(
          sql`lower(btrim(${operators.name})) = lower(btrim(${name}))`,
          exceptId ? ne(operators.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return !!row;
  }

  async insert(values: NewOperator, tx: DbOrTx = this.db): Promise<string> {
    const [row] = await tx.insert(operators).values(values).returning({ id: operators.id });
    return row.id;
  }

  async update(id: string, changes: OperatorChanges, tx: DbOrTx = this.db): Promise<void> {
    await tx
      .update(operators)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(operators.id, id));
  }
}
