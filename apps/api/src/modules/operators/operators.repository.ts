import { Injectable } from '@nestjs/common';
import { count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  OperatorListFilters,
  OperatorListItem,
  OperatorSortField,
  SortDirection,
} from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
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
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async list(
    q: OperatorListQuery,
  ): Promise<{ items: OperatorListItem[]; nextCursor: string | null; total: number }> {
    const filter = filterOf(q);
    const sortKey = SORT_KEYS[q.orderBy.field];
    return keysetList(
      { sortKey, id: sql`${operators.id}`, direction: q.orderBy.direction, cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...listColumns, sortKey: sortKeyText(sortKey) })
          .from(operators)
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => this.count(q),
      withIsoDates,
    );
  }

  async count(q: Pick<OperatorListQuery, 'filters' | 'onlyIds' | 'exceptIds'>): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(operators).where(filterOf(q));
    return total;
  }

  async findById(id: string): Promise<OperatorRecord | undefined> {
    const [row] = await this.db
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
  async lock(id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.id, id))
      .for('update');
    return rows.length > 0;
  }

  /** Whether another operator has this name (trimmed, case-insensitive, like the unique index). */
  async nameTaken(name: string, exceptId: string | null): Promise<boolean> {
    const [row] = await this.db
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

  async insert(values: NewOperator): Promise<string> {
    const [row] = await this.db.insert(operators).values(values).returning({ id: operators.id });
    return row.id;
  }

  async update(id: string, changes: OperatorChanges): Promise<void> {
    await this.db
      .update(operators)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(operators.id, id));
  }
}
