import { Injectable } from '@nestjs/common';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@depot/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { idempotencyKeys } from '../../db/schema';

/** `response_status` of a row whose request is still running (no reply stored yet). */
export const PENDING_STATUS = 0;
/** A pending row older than this belongs to a request that died with its process: it may be taken over. */
export const PENDING_ABANDONED_MINUTES = 5;

export interface StoredIdempotencyKey {
  requestHash: string;
  responseStatus: number;
  responseBody: unknown;
  /** Older than the 24 h lifetime, or pending for longer than a request can take. */
  stale: boolean;
}

const ttl = sql.raw(`interval '${IDEMPOTENCY_KEY_TTL_HOURS} hours'`);
const abandoned = sql.raw(`interval '${PENDING_ABANDONED_MINUTES} minutes'`);
const staleRow = sql`(${idempotencyKeys.createdAt} < now() - ${ttl} or (${idempotencyKeys.responseStatus} = ${PENDING_STATUS} and ${idempotencyKeys.createdAt} < now() - ${abandoned}))`;

/**
 * SQL of the idempotency_keys table (decision 0061). Every statement runs on its own (no transaction): the
 * interceptor calls these around the handler, outside any `run`, so `db` is the database. The pending row must be
 * visible to a concurrent duplicate while the handler runs, and the handler's own transaction must not wait on ours
 * (embedded mode has one connection).
 */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** Claims the key with a pending row; false when a row for it exists already. */
  async insertPending(apiKeyId: string, key: string, requestHash: string): Promise<boolean> {
    const rows = await this.db
      .insert(idempotencyKeys)
      .values({
        apiKeyId,
        key,
        requestHash,
        responseStatus: PENDING_STATUS,
        responseBody: sql`'null'::jsonb`,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length === 1;
  }

  async find(apiKeyId: string, key: string): Promise<StoredIdempotencyKey | undefined> {
    const [row] = await this.db
      .select({
        requestHash: idempotencyKeys.requestHash,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
        stale: sql<boolean>`${staleRow}`,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key)));
    return row;
  }

  /** Removes the key's row if it is stale (not if another request has taken the key over meanwhile). */
  async removeIfStale(apiKeyId: string, key: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key), staleRow));
  }

  /** Stores the reply of the request holding the pending row. */
  async complete(apiKeyId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: sql`${JSON.stringify(body ?? null)}::jsonb` })
      .where(this.pendingRow(apiKeyId, key));
  }

  /** Drops the pending row of a request that failed, so the same key may be retried. */
  async release(apiKeyId: string, key: string): Promise<void> {
    await this.db.delete(idempotencyKeys).where(this.pendingRow(apiKeyId, key));
  }

  /** Deletes up to `limit` rows past their lifetime (oldest first); returns how many. */
  async deleteExpired(limit: number): Promise<number> {
    const res = await this.db.execute(sql`
      delete from ${idempotencyKeys} where ctid in (
        select ctid from ${idempotencyKeys} where ${idempotencyKeys.createdAt} < now() - ${ttl}
        order by ${idempotencyKeys.createdAt} limit ${limit})`);
    return res.rowCount ?? 0;
  }

  private pendingRow(apiKeyId: string, key: string) {
    return and(
      eq(idempotencyKeys.apiKeyId, apiKeyId),
      eq(idempotencyKeys.key, key),
      eq(idempotencyKeys.responseStatus, PENDING_STATUS),
    );
  }
}
