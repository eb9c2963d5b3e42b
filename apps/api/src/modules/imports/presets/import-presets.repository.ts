import { Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ImportPresetColumns, ImportPresetView } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../../db/transactions';
import { importPresets } from '../../../db/schema';

const columns = {
  id: importPresets.id,
  clientId: importPresets.clientId,
  name: importPresets.name,
  columns: importPresets.columns,
  createdAt: importPresets.createdAt,
  updatedAt: importPresets.updatedAt,
};

const toView = (row: {
  id: string;
  clientId: string;
  name: string;
  columns: ImportPresetColumns;
  createdAt: Date;
  updatedAt: Date;
}): ImportPresetView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The column presets' SQL (decision 0152). */
@Injectable()
export class ImportPresetsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** A client's presets, by name. */
  async list(clientId: string): Promise<ImportPresetView[]> {
    const rows = await this.db
      .select(columns)
      .from(importPresets)
      .where(eq(importPresets.clientId, clientId))
      .orderBy(asc(importPresets.name), asc(importPresets.id));
    return rows.map(toView);
  }

  /** One of a client's presets. */
  async get(id: string, clientId: string): Promise<ImportPresetView | undefined> {
    const [row] = await this.db
      .select(columns)
      .from(importPresets)
      .where(and(eq(importPresets.id, id), eq(importPresets.clientId, clientId)));
    return row && toView(row);
  }

  /** Saves the preset under its name: a new one, or the client's preset of that name with these columns. */
  async save(values: {
    clientId: string;
    name: string;
    columns: ImportPresetColumns;
    createdById: string | null;
  }): Promise<{ view: ImportPresetView; created: boolean }> {
    const [row] = await this.db
      .insert(importPresets)
      .values(values)
      .onConflictDoUpdate({
        target: [importPresets.clientId, importPresets.name],
        set: { columns: values.columns, updatedAt: sql`now()` },
      })
      // A row inserted (not updated) has xmax 0: whether the name was new.
      .returning({ ...columns, created: sql<boolean>`(xmax = 0)` });
    const { created, ...view } = row!;
    return { view: toView(view), created };
  }

  /** Deletes a preset; the deleted one, or undefined when there was none. */
  async remove(id: string): Promise<ImportPresetView | undefined> {
    const [row] = await this.db.delete(importPresets).where(eq(importPresets.id, id)).returning(columns);
    return row && toView(row);
  }
}
