import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { apiKeys, clients } from '../db/schema';

/** What decides whether an API key may still act: the key's own state and its client's. */
export interface ApiKeyAccess {
  apiKeyId: string;
  active: boolean;
  clientId: string;
  clientActive: boolean;
  clientDisableAccess: boolean;
}

/**
 * One API key with its client's state, by `where` (its hash when a call authenticates, its id when a job re-checks
 * the key that started it). Shared by the two repositories that ask, so both read the same facts.
 */
export async function apiKeyAccess(db: DbOrTx, where: SQL): Promise<ApiKeyAccess | undefined> {
  const [row] = await db
    .select({
      apiKeyId: apiKeys.id,
      active: apiKeys.active,
      clientId: apiKeys.clientId,
      clientActive: clients.active,
      clientDisableAccess: clients.disableAccess,
    })
    .from(apiKeys)
    .innerJoin(clients, eq(clients.id, apiKeys.clientId))
    .where(where)
    .limit(1);
  return row;
}
