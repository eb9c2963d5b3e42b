import { Injectable } from '@nestjs/common';
import { and, asc, eq, ilike, inArray, ne, or, sql, type Column, type SQL } from 'drizzle-orm';
import type {
  CountryCode,
  MatrixConditionView,
  MatrixListItem,
  MatrixOperatorOption,
  MatrixSortField,
  MatrixView,
  SortDirection,
} from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { clients, operators, routingConditions, routingMatrices } from '../../db/schema';
import { withIsoDates } from '../../common/iso-dates';
import { allOf } from '../../common/keyset';
import { keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';
import { selectionWhere, type SelectionIds } from '../../common/mass-selection';

/** A client whose matrix titles a rename changed, with the old value of each title it changed. */
export interface RenamedClientTitles {
  id: string;
  before: { domesticMatrixTitle?: string | null; returnMatrixTitle?: string | null };
}

/** Export selections narrow the list to some ids (SelectionIds). */
export interface MatrixListQuery extends SelectionIds {
  search?: string;
  orderBy: { field: MatrixSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

export interface NewCondition {
  pickupCountry: CountryCode | null;
  destinationCountry: CountryCode | null;
  maxWeightKg: number;
  operatorId: string;
}

export interface OperatorRecord {
  id: string;
  name: string;
  active: boolean;
  maxWeightKg: number | null;
}

/**
 * Serialises every transaction that may change which matrix is the default (create, make default): two admins
 * choosing different defaults at once queue here, so exactly one default remains (the partial unique index
 * `routing_matrices_one_default_key` is the backstop).
 */
const DEFAULT_MATRIX_LOCK = 0x6d617472; // "matr"

const SORT_KEYS: Record<MatrixSortField, SQL> = {
  name: sql`lower(btrim(${routingMatrices.name}))`,
  createdAt: sql`${routingMatrices.createdAt}`,
};

/** Subqueries name the outer row as `routing_matrices` (drizzle leaves columns unqualified in one-table queries). */
const listColumns = {
  id: routingMatrices.id,
  name: routingMatrices.name,
  isDefault: routingMatrices.isDefault,
  conditionCount: sql<number>`(select count(*)::int from ${routingConditions} rc where rc.matrix_id = routing_matrices.id)`,
  operatorNames: sql<
    string[]
  >`coalesce((select array_agg(distinct o.name order by o.name) from ${routingConditions} rc join ${operators} o on o.id = rc.operator_id where rc.matrix_id = routing_matrices.id), '{}')`,
  createdAt: routingMatrices.createdAt,
  updatedAt: routingMatrices.updatedAt,
};

const toNumber = (n: string | null): number | null => (n === null ? null : Number(n));

/** SQL of routing: matrices, their conditions, the carriers they name, and the global carrier change. */
@Injectable()
export class MatricesRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async list(
    q: MatrixListQuery,
  ): Promise<{ items: MatrixListItem[]; nextCursor: string | null; total: number }> {
    const filter = this.filter(q);
    const sortKey = SORT_KEYS[q.orderBy.field];
    const id = sql`${routingMatrices.id}`;
    return keysetList(
      { sortKey, id, direction: q.orderBy.direction, cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...listColumns, sortKey: sortKeyText(sortKey) })
          .from(routingMatrices)
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      async () => {
        const [{ total }] = await this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(routingMatrices)
          .where(filter);
        return total;
      },
      withIsoDates,
    );
  }

  /** Export rows a selection names: one per condition, one for a matrix without conditions. */
  async exportRowCount(q: Omit<MatrixListQuery, 'orderBy' | 'cursor' | 'limit'>): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`coalesce(sum(greatest(1, ${listColumns.conditionCount})), 0)::int` })
      .from(routingMatrices)
      .where(this.filter(q));
    return row.n;
  }

  /** The list rows of these matrices (for live updates). */
  async listItems(ids: string[]): Promise<MatrixListItem[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(listColumns)
      .from(routingMatrices)
      .where(inArray(routingMatrices.id, ids));
    return rows.map(withIsoDates);
  }

  async findById(id: string): Promise<MatrixView | undefined> {
    const [row] = await this.db.select(listColumns).from(routingMatrices).where(eq(routingMatrices.id, id));
    if (!row) return undefined;
    return { ...withIsoDates(row), conditions: (await this.conditionsOf([id])).get(id) ?? [] };
  }

  /** The conditions of these matrices, in order, with their carriers' names. */
  async conditionsOf(matrixIds: string[]): Promise<Map<string, MatrixConditionView[]>> {
    const out = new Map<string, MatrixConditionView[]>();
    if (matrixIds.length === 0) return out;
    const rows = await this.db
      .select({
        matrixId: routingConditions.matrixId,
        id: routingConditions.id,
        position: routingConditions.position,
        pickupCountry: routingConditions.pickupCountry,
        destinationCountry: routingConditions.destinationCountry,
        maxWeightKg: routingConditions.maxWeightKg,
        operatorId: routingConditions.operatorId,
        operatorName: operators.name,
        operatorActive: operators.active,
      })
      .from(routingConditions)
      .innerJoin(operators, eq(operators.id, routingConditions.operatorId))
      .where(inArray(routingConditions.matrixId, matrixIds))
      .orderBy(asc(routingConditions.matrixId), asc(routingConditions.position));
    for (const { matrixId, ...r } of rows) {
      const list = out.get(matrixId) ?? [];
      list.push({
        ...r,
        pickupCountry: r.pickupCountry as CountryCode | null,
        destinationCountry: r.destinationCountry as CountryCode | null,
        maxWeightKg: Number(r.maxWeightKg),
      });
      out.set(matrixId, list);
    }
    return out;
  }

  /** The default matrix's id, if any. */
  async defaultId(): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: routingMatrices.id })
      .from(routingMatrices)
      .where(eq(routingMatrices.isDefault, true));
    return row?.id;
  }

  /** The matrix a client names by title (trimmed, case-insensitive, as names are unique). */
  async idByName(name: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: routingMatrices.id })
      .from(routingMatrices)
      .where(sql`lower(btrim(${routingMatrices.name})) = lower(btrim(${name}))`);
    return row?.id;
  }

  async nameTaken(name: string, exceptId: string | null): Promise<boolean> {
    const [row] = await this.db
      .select({ id: routingMatrices.id })
      .from(routingMatrices)
      .where(
        allOf(
          sql`lower(btrim(${routingMatrices.name})) = lower(btrim(${name}))`,
          exceptId ? ne(routingMatrices.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return !!row;
  }

  /** Takes the default-matrix lock for the rest of the transaction (see DEFAULT_MATRIX_LOCK). */
  async lockDefaultChoice(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${DEFAULT_MATRIX_LOCK})`);
  }

  /** Locks the matrix row for the rest of the transaction; returns its default flag, or undefined if absent. */
  async lock(id: string): Promise<{ isDefault: boolean } | undefined> {
    const [row] = await this.db
      .select({ isDefault: routingMatrices.isDefault })
      .from(routingMatrices)
      .where(eq(routingMatrices.id, id))
      .for('update');
    return row;
  }

  async insert(values: { name: string; isDefault: boolean }): Promise<string> {
    const [row] = await this.db.insert(routingMatrices).values(values).returning({ id: routingMatrices.id });
    return row.id;
  }

  async rename(id: string, name: string): Promise<void> {
    await this.db
      .update(routingMatrices)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(routingMatrices.id, id));
  }

  async touch(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(routingMatrices)
      .set({ updatedAt: sql`now()` })
      .where(inArray(routingMatrices.id, ids));
  }

  /** Replaces the matrix's conditions with these, numbered 1..n in the given order. */
  async replaceConditions(matrixId: string, conditions: NewCondition[]): Promise<void> {
    await this.db.delete(routingConditions).where(eq(routingConditions.matrixId, matrixId));
    if (conditions.length === 0) return;
    await this.db.insert(routingConditions).values(
      conditions.map((c, i) => ({
        matrixId,
        position: i + 1,
        pickupCountry: c.pickupCountry,
        destinationCountry: c.destinationCountry,
        maxWeightKg: String(c.maxWeightKg),
        operatorId: c.operatorId,
      })),
    );
  }

  /** Clears the default flag everywhere but on `keepId`; returns the matrices that lost it. */
  async clearDefault(keepId: string): Promise<string[]> {
    const rows = await this.db
      .update(routingMatrices)
      .set({ isDefault: false, updatedAt: sql`now()` })
      .where(and(eq(routingMatrices.isDefault, true), ne(routingMatrices.id, keepId)))
      .returning({ id: routingMatrices.id });
    return rows.map((r) => r.id);
  }

  async markDefault(id: string): Promise<void> {
    await this.db
      .update(routingMatrices)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(eq(routingMatrices.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(routingMatrices).where(eq(routingMatrices.id, id));
  }

  /** The matrix titles a client names (SPEC 3 domesticMatrixTitle, returnMatrixTitle), or undefined if absent. */
  async clientMatrixTitles(
    clientId: string,
  ): Promise<{ domesticMatrixTitle: string | null; returnMatrixTitle: string | null } | undefined> {
    const [row] = await this.db
      .select({
        domesticMatrixTitle: clients.domesticMatrixTitle,
        returnMatrixTitle: clients.returnMatrixTitle,
      })
      .from(clients)
      .where(eq(clients.id, clientId));
    return row;
  }

  /**
   * A renamed matrix keeps its clients: every client title naming `from` the way routing matches it (`idByName`:
   * trimmed, case-insensitive) becomes `to`. Returns each changed client with the old value of each title changed.
   */
  async renameClientTitles(from: string, to: string): Promise<RenamedClientTitles[]> {
    const names = (title: Column) =>
      sql<boolean>`coalesce(lower(btrim(${title})) = lower(btrim(${from})), false)`;
    const rows = await this.db
      .select({
        id: clients.id,
        domesticMatrixTitle: clients.domesticMatrixTitle,
        returnMatrixTitle: clients.returnMatrixTitle,
        domestic: names(clients.domesticMatrixTitle),
        return: names(clients.returnMatrixTitle),
      })
      .from(clients)
      .where(or(names(clients.domesticMatrixTitle), names(clients.returnMatrixTitle)))
      .orderBy(asc(clients.id))
      .for('update');
    for (const title of ['domesticMatrixTitle', 'returnMatrixTitle'] as const) {
      await this.db
        .update(clients)
        .set({ [title]: to, updatedAt: sql`now()` })
        .where(names(clients[title]));
    }
    return rows.map((r) => ({
      id: r.id,
      before: {
        ...(r.domestic ? { domesticMatrixTitle: r.domesticMatrixTitle } : {}),
        ...(r.return ? { returnMatrixTitle: r.returnMatrixTitle } : {}),
      },
    }));
  }

  // --- carriers -----------------------------------------------------------------------------------------------

  /** Every carrier, for the pickers (active first, then by name). */
  async operatorOptions(): Promise<MatrixOperatorOption[]> {
    const rows = await this.db
      .select({
        id: operators.id,
        name: operators.name,
        type: operators.type,
        active: operators.active,
        maxWeightKg: operators.maxWeightKg,
      })
      .from(operators)
      .orderBy(sql`${operators.active} desc`, asc(sql`lower(${operators.name})`), asc(operators.id));
    return rows.map((r) => ({ ...r, maxWeightKg: toNumber(r.maxWeightKg) }));
  }

  /** These carriers, share-locked so they stay as read until the transaction ends. */
  async operatorsById(ids: string[], lock = false): Promise<OperatorRecord[]> {
    if (ids.length === 0) return [];
    const query = this.db
      .select({
        id: operators.id,
        name: operators.name,
        active: operators.active,
        maxWeightKg: operators.maxWeightKg,
      })
      .from(operators)
      .where(inArray(operators.id, [...new Set(ids)]));
    const rows = lock ? await query.for('share') : await query;
    return rows.map((r) => ({ ...r, maxWeightKg: toNumber(r.maxWeightKg) }));
  }

  /** How many conditions, in how many matrices, name this carrier. */
  async operatorUsage(operatorId: string): Promise<{ conditions: number; matrices: number }> {
    const [row] = await this.db
      .select({
        conditions: sql<number>`count(*)::int`,
        matrices: sql<number>`count(distinct ${routingConditions.matrixId})::int`,
      })
      .from(routingConditions)
      .where(eq(routingConditions.operatorId, operatorId));
    return row;
  }

  /** Moves every condition from one carrier to another; returns the matrices touched and how many rows moved. */
  async moveConditions(fromId: string, toId: string): Promise<{ moved: number; matrixIds: string[] }> {
    const rows = await this.db
      .update(routingConditions)
      .set({ operatorId: toId })
      .where(eq(routingConditions.operatorId, fromId))
      .returning({ matrixId: routingConditions.matrixId });
    const matrixIds = [...new Set(rows.map((r) => r.matrixId))].sort();
    await this.touch(matrixIds);
    return { moved: rows.length, matrixIds };
  }

  private filter(q: Pick<MatrixListQuery, 'search' | 'onlyIds' | 'exceptIds'>): SQL | undefined {
    const term = containsPattern(q.search);
    return allOf(
      term
        ? or(
            ilike(routingMatrices.name, term),
            sql`exists (select 1 from ${routingConditions} rc join ${operators} o on o.id = rc.operator_id where rc.matrix_id = routing_matrices.id and o.name ilike ${term})`,
          )
        : undefined,
      selectionWhere(routingMatrices.id, q),
    );
  }
}
