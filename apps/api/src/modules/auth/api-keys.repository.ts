import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { apiKeys } from '../../db/schema';
import { apiKeyAccess, type ApiKeyAccess } from '../../common/api-key-access';

/** An API key and its client's state, as authentication reads them. */
export type ApiKeyLookup = ApiKeyAccess;

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  findByKeyHash(keyHash: string): Promise<ApiKeyLookup | undefined> {
    return apiKeyAccess(this.db, eq(apiKeys.keyHash, keyHash));
  }

  async touch(apiKeyId: string): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, apiKeyId));
  }
}
