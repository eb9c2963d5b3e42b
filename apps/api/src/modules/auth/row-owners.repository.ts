import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Transactions, type DbOrTx } from '../../db/transactions';
import {
  apiKeys,
  importPresets,
  imports,
  integrations,
  parcels,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';

/** Rows that belong to one client, named by a path parameter (see `OwnedRow`). */
export const CLIENT_OWNED_TABLES = {
  parcel: { table: parcels, id: parcels.id, clientId: parcels.clientId },
  apiKey: { table: apiKeys, id: apiKeys.id, clientId: apiKeys.clientId },
  integration: { table: integrations, id: integrations.id, clientId: integrations.clientId },
  webhook: { table: webhookEndpoints, id: webhookEndpoints.id, clientId: webhookEndpoints.clientId },
  webhookDelivery: {
    table: webhookDeliveries,
    id: webhookDeliveries.id,
    clientId: webhookDeliveries.clientId,
  },
  import: { table: imports, id: imports.id, clientId: imports.clientId },
  importPreset: { table: importPresets, id: importPresets.id, clientId: importPresets.clientId },
} as const;
export type ClientOwnedRow = keyof typeof CLIENT_OWNED_TABLES;

@Injectable()
export class RowOwnersRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** The client that owns the row, or undefined when there is no such row. */
  async clientIdOf(kind: ClientOwnedRow, id: string): Promise<string | null | undefined> {
    const t = CLIENT_OWNED_TABLES[kind];
    const [row] = await this.db.select({ clientId: t.clientId }).from(t.table).where(eq(t.id, id)).limit(1);
    return row ? row.clientId : undefined;
  }
}
