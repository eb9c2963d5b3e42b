import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/database';
import { clients } from '../db/schema';

/**
 * Rows of records that belong to clients (API keys, integrations), seen by a caller: `scopeClientId` is the
 * caller's client (a client user sees only its own client's rows), or null for staff (every client's).
 */
export const inClientScope = (clientIdColumn: PgColumn, scopeClientId: string | null): SQL | undefined =>
  scopeClientId === null ? undefined : eq(clientIdColumn, scopeClientId);

/** Whether a client with this id exists (the owner named for a new record). */
export async function clientExists(db: DbOrTx, clientId: string): Promise<boolean> {
  const rows = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return rows.length > 0;
}
