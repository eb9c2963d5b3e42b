import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { apiKeys, clients } from '../../db/schema';

export interface ApiKeyLookup {
  apiKeyId: string;
  active: boolean;
  clientId: string;
  clientActive: boolean;
  clientDisableAccess: boolean;
}

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async findByKeyHash(keyHash: string): Promise<ApiKeyLookup | undefined> {
    const [row] = await this.db
      .select({
        apiKeyId: apiKeys.id,
        active: apiKeys.active,
        clientId: apiKeys.clientId,
        clientActive: clients.active,
        clientDisableAccess: clients.disableAccess,
      })
      .from(apiKeys)
      .innerJoin(clients, eq(clients.id, apiKeys.clientId))
      .where(eq(apiKeys.keyHash, keyHash))
      .limit(1);
    return row;
  }

  async touch(apiKeyId: string): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, apiKeyId));
  }
}
