import { Inject, Injectable } from '@nestjs/common';
import { count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  OperatorListFilters,
  OperatorListItem,
  OperatorSortField,
  SortDirection,
} from '@depot/contracts';
import { DB } from '../../core/core.tokens';
import type { Db, DbOrTx } from '../../db/database';
import { operators, routingConditions } from '../../db/schema';
import { withIsoDates } from '../../common/iso-dates';
import { allOf } from '../../common/keyset';
import { keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';
import { selectionWhere, type SelectionIds } from '../../common/mass-selection';

export interface OperatorListQuery extends SelectionIds {
  filters: OperatorListFilters;
  orderBy: { field: OperatorSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
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

/** The list's filters (and a selection's ids) as SQL. */
function filterOf(q: Pick<OperatorListQuery, 'filters' | 'onlyIds' | 'exceptIds'>): SQL | undefined {
  const f = q.filters;
  const term = containsPattern(f.search);
  return allOf(
    term ? or(ilike(operators.name, term), ilike(operators.description, term)) : undefined,
    f.type ? eq(operators.type, f.type) : undefined,
    f.active === undefined ? undefined : eq(operators.active, f.active),
    selectionWhere(operators.id, q),
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
    return keysetList(
      { sortKey, id: sql`${operators.id}`, direction: q.orderBy.direction, cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        tx
          .select({ ...listColumns, sortKey: sortKeyText(sortKey) })
          .from(operators)
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => this.count(q, tx),
      withIsoDates,
    );
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
