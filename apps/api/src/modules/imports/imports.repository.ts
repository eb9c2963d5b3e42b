import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  ErrorDetail,
  ImportRowState,
  ImportRowView,
  ImportState,
  ImportView,
  ListReply,
} from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { bulkInsert } from '../../db/bulk';
import { uuidArray } from '../../db/by-ids';
import { apiKeys, clients, importRows, imports, parcels, users } from '../../db/schema';
import {
  importColumns,
  rowColumns,
  storedRow,
  toImportView,
  toRowView,
  type CheckedRow,
  type RowToCreate,
} from './import-rows';

export type { CheckedRow, RowToCreate } from './import-rows';
import { inClientScope } from '../../common/client-scope';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';

/** Rows written per insert statement. */
const INSERT_BATCH = 2000;

/** The imports module's SQL (decision 0150): imports, their rows, and the duplicate check against parcels. */
@Injectable()
export class ImportsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  private selectImports() {
    return this.db
      .select(importColumns)
      .from(imports)
      .innerJoin(clients, eq(clients.id, imports.clientId))
      .leftJoin(users, eq(users.id, imports.createdById))
      .leftJoin(apiKeys, eq(apiKeys.id, imports.apiKeyId));
  }

  private selectImportsSorted(sortKey: SQL) {
    return this.db
      .select({ ...importColumns, sortKey: sortKeyText(sortKey) })
      .from(imports)
      .innerJoin(clients, eq(clients.id, imports.clientId))
      .leftJoin(users, eq(users.id, imports.createdById))
      .leftJoin(apiKeys, eq(apiKeys.id, imports.apiKeyId));
  }

  async create(values: typeof imports.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(imports).values(values).returning({ id: imports.id });
    return row.id;
  }

  async get(id: string, scopeClientId: string | null): Promise<ImportView | undefined> {
    const [row] = await this.selectImports().where(
      and(eq(imports.id, id), inClientScope(imports.clientId, scopeClientId)),
    );
    return row ? toImportView(row) : undefined;
  }

  /** Newest first, by state and client (a client-scoped caller sees its own only). */
  list(q: {
    scopeClientId: string | null;
    state?: ImportState;
    clientId?: string;
    cursor?: string | null;
    limit: number;
  }): Promise<ListReply<ImportView>> {
    const filter = allOf(
      inClientScope(imports.clientId, q.scopeClientId),
      q.state ? eq(imports.state, q.state) : undefined,
      q.clientId ? eq(imports.clientId, q.clientId) : undefined,
    );
    const sortKey = sql`${imports.createdAt}`;
    return keysetList(
      { sortKey, id: sql`${imports.id}`, direction: 'desc', cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.selectImportsSorted(sortKey)
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, imports, filter),
      toImportView,
    );
  }

  async setState(
    id: string,
    state: ImportState,
    more: Partial<typeof imports.$inferInsert> = {},
  ): Promise<void> {
    await this.db
      .update(imports)
      .set({ state, updatedAt: new Date(), ...more })
      .where(eq(imports.id, id));
  }

  /** Moves an import from one state to another, only if it is still in `from`: whether it moved. */
  async moveState(
    id: string,
    from: ImportState,
    to: ImportState,
    more: Partial<typeof imports.$inferInsert> = {},
  ) {
    const moved = await this.db
      .update(imports)
      .set({ state: to, updatedAt: new Date(), ...more })
      .where(and(eq(imports.id, id), eq(imports.state, from)))
      .returning({ id: imports.id });
    return moved.length > 0;
  }

  /** Recounts an import's rows by state into its counts. */
  /** Removes an import and its rows (an upload refused part way). */
  async remove(id: string): Promise<void> {
    await this.db.delete(imports).where(eq(imports.id, id));
  }

  async recount(id: string): Promise<void> {
    await this.db.execute(sql`
      update imports i set
        total_rows = c.total, valid_rows = c.valid, invalid_rows = c.invalid, created_rows = c.created,
        updated_at = now()
      from (select count(*)::int as total,
                   (count(*) filter (where state = 'valid'))::int as valid,
                   (count(*) filter (where state = 'invalid'))::int as invalid,
                   (count(*) filter (where state = 'created'))::int as created
              from import_rows where import_id = ${id}) c
      where i.id = ${id}`);
  }

  async insertRows(importId: string, rows: readonly CheckedRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const part = rows.slice(i, i + INSERT_BATCH);
      if (part.length > 0) {
        await this.db.execute(
          bulkInsert(
            importRows,
            part.map((r) => storedRow(importId, r)),
          ),
        );
      }
    }
  }

  /** An import's rows in file order, by state. */
  rows(
    importId: string,
    q: { state?: ImportRowState; cursor?: string | null; limit: number },
  ): Promise<ListReply<ImportRowView>> {
    const filter = allOf(
      eq(importRows.importId, importId),
      q.state ? eq(importRows.state, q.state) : undefined,
    );
    const sortKey = sql`${importRows.row}`;
    return keysetList(
      { sortKey, id: sql`${importRows.id}`, direction: 'asc', cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...rowColumns, sortKey: sortKeyText(sortKey) })
          .from(importRows)
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, importRows, filter),
      toRowView,
    );
  }

  async row(importId: string, rowId: string): Promise<ImportRowView | undefined> {
    const [row] = await this.db
      .select(rowColumns)
      .from(importRows)
      .where(and(eq(importRows.importId, importId), eq(importRows.id, rowId)));
    return row ? toRowView(row) : undefined;
  }

  /** The numbers of every other row of the import that is not discarded (the in-file duplicate check of a fix). */
  async otherRowNumbers(
    importId: string,
    exceptRowId: string,
  ): Promise<{ row: number; referenceNumber: string | null; externalNumber: string | null }[]> {
    return this.db
      .select({
        row: importRows.row,
        referenceNumber: importRows.referenceNumber,
        externalNumber: importRows.externalNumber,
      })
      .from(importRows)
      .where(
        and(
          eq(importRows.importId, importId),
          sql`${importRows.id} <> ${exceptRowId}`,
          sql`${importRows.state} in ('valid', 'created')`,
        ),
      )
      .orderBy(asc(importRows.row));
  }

  async updateRow(rowId: string, checked: CheckedRow): Promise<void> {
    const { importId: _i, row: _r, ...values } = storedRow('', checked);
    await this.db
      .update(importRows)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(importRows.id, rowId), isNull(importRows.parcelId)));
  }

  async discardRows(importId: string): Promise<void> {
    await this.db
      .update(importRows)
      .set({ state: 'discarded', updatedAt: new Date() })
      .where(and(eq(importRows.importId, importId), isNull(importRows.parcelId)));
  }

  /**
   * Which of these numbers a client's live parcels already have (trimmed, upper case): as reference numbers, and as
   * external numbers.
   */
  async existingNumbers(
    clientId: string,
    references: readonly string[],
    externals: readonly string[],
  ): Promise<{ references: Set<string>; externals: Set<string> }> {
    const found = async (
      column: typeof parcels.referenceNumber | typeof parcels.externalNumber,
      keys: readonly string[],
    ) => {
      if (keys.length === 0) return new Set<string>();
      const rows = await this.db
        .select({ key: sql<string>`upper(${column})` })
        .from(parcels)
        .where(
          and(
            eq(parcels.clientId, clientId),
            isNull(parcels.deletedAt),
            sql`upper(${column}) = any(${sql.param([...keys])}::text[])`,
          ),
        );
      return new Set(rows.map((r) => r.key.trim()));
    };
    return {
      references: await found(parcels.referenceNumber, references),
      externals: await found(parcels.externalNumber, externals),
    };
  }

  /** The next valid rows not yet created after row `after`, in file order. */
  async rowsToCreate(importId: string, limit: number, after = 0): Promise<RowToCreate[]> {
    const rows = await this.db
      .select({
        id: importRows.id,
        row: importRows.row,
        parcel: importRows.parcel,
        externalNumber: importRows.externalNumber,
      })
      .from(importRows)
      .where(
        and(
          eq(importRows.importId, importId),
          eq(importRows.state, 'valid'),
          isNull(importRows.parcelId),
          gt(importRows.row, after),
        ),
      )
      .orderBy(asc(importRows.row))
      .limit(limit);
    return rows.filter((r): r is RowToCreate => r.parcel !== null);
  }

  /** Locks these rows for the transaction and answers those still valid and not created (at most once). */
  async lockUncreated(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    // Found by primary key alone, the state checked here: with `state` in the statement the planner, its statistics
    // behind a fresh import's rows, read the import's every valid row through the state index (decision 0155).
    const rows = await this.db
      .select({ id: importRows.id, state: importRows.state, parcelId: importRows.parcelId })
      .from(importRows)
      .where(sql`${importRows.id} = any(${uuidArray(ids)})`)
      .for('update');
    return new Set(rows.filter((r) => r.state === 'valid' && r.parcelId === null).map((r) => r.id));
  }

  /** The rows became these parcels: each keeps its parcel and number (SPEC's externalTrackingNumber). */
  async markCreatedMany(
    created: readonly { rowId: string; parcelId: string; internalNumber: string }[],
  ): Promise<void> {
    if (created.length === 0) return;
    const values = JSON.stringify(
      created.map((c) => ({ row_id: c.rowId, parcel_id: c.parcelId, number: c.internalNumber })),
    );
    const res = await this.db.execute<{ import_id: string }>(sql`
      update import_rows r set state = 'created', parcel_id = v.parcel_id, external_tracking_number = v.number,
             updated_at = now()
        from jsonb_to_recordset(${values}::jsonb) as v(row_id uuid, parcel_id uuid, number text)
       where r.id = v.row_id
      returning r.import_id`);
    // The counts follow in the same transaction (a recount would read every row of the import each batch).
    const importId = res.rows[0]?.import_id;
    if (importId) {
      await this.db.execute(sql`
        update imports set created_rows = created_rows + ${res.rows.length},
               valid_rows = valid_rows - ${res.rows.length}, updated_at = now()
         where id = ${importId}`);
    }
  }

  async markInvalid(rowId: string, errors: ErrorDetail[]): Promise<void> {
    await this.db
      .update(importRows)
      .set({ state: 'invalid', errors, errorMessage: errors[0]?.message ?? null, updatedAt: new Date() })
      .where(and(eq(importRows.id, rowId), isNull(importRows.parcelId)));
  }

  /** The first `limit` invalid rows of an import, in file order. */
  async invalidRows(
    importId: string,
    limit: number,
  ): Promise<{ row: number; errorMessage: string | null; errors: ErrorDetail[] }[]> {
    return this.db
      .select({ row: importRows.row, errorMessage: importRows.errorMessage, errors: importRows.errors })
      .from(importRows)
      .where(and(eq(importRows.importId, importId), eq(importRows.state, 'invalid')))
      .orderBy(asc(importRows.row))
      .limit(limit);
  }
}
