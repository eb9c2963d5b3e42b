import { Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { imports } from '../../db/schema';

/**
 * The SQL of stalled checks (decision 0153): an upload is checked inside its request, so an import whose process died
 * mid-check would stay `validating` for ever. The check marks the import alive after each batch; the sweep fails the
 * ones not marked for a while.
 */
@Injectable()
export class ImportStallsRepository {
  constructor(private readonly transactions: Transactions) {}

  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** The check of import `id` is alive, `read` more rows read: its `updated_at` is now. */
  async touch(id: string, read = 0): Promise<void> {
    await this.db
      .update(imports)
      .set({ updatedAt: new Date(), totalRows: sql`${imports.totalRows} + ${read}` })
      .where(and(eq(imports.id, id), eq(imports.state, 'validating')));
  }

  /**
   * Fails the imports still `validating` and untouched since `before`, with `message`; the ones it failed. The
   * condition is in the update itself, so a check that marked itself alive meanwhile is left alone.
   */
  async failStalled(
    before: Date,
    message: string,
    limit: number,
  ): Promise<{ id: string; clientId: string }[]> {
    const stalled = this.db
      .select({ id: imports.id })
      .from(imports)
      .where(and(eq(imports.state, 'validating'), lt(imports.updatedAt, before)))
      .limit(limit);
    const now = new Date();
    return this.db
      .update(imports)
      .set({ state: 'failed', errorMessage: message, finishedAt: now, updatedAt: now })
      .where(
        and(eq(imports.state, 'validating'), lt(imports.updatedAt, before), inArray(imports.id, stalled)),
      )
      .returning({ id: imports.id, clientId: imports.clientId });
  }
}
