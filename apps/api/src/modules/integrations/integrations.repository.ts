import { Injectable } from '@nestjs/common';
import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  IntegrationSortField,
  IntegrationType,
  IntegrationView,
  ListReply,
  SortDirection,
} from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { clients, integrations } from '../../db/schema';
import { clientExists, inClientScope } from '../../common/client-scope';
import type { ClientOwnedStore } from '../../common/client-owned-records';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';

export interface IntegrationListQuery {
  /** The caller's client (a client user sees only its own client's integrations); null = every client (staff). */
  scopeClientId: string | null;
  clientId?: string;
  search?: string;
  type?: IntegrationType;
  active?: boolean;
  orderBy: { field: IntegrationSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

/** What a new integration is made of besides its client and creator. */
export interface IntegrationFields {
  name: string;
  type: IntegrationType;
  keyEncrypted: string;
  keyHint: string;
  user: string | null;
  active: boolean;
}

export interface NewIntegrationRecord extends IntegrationFields {
  clientId: string;
  createdById: string | null;
}

export type IntegrationChanges = Partial<
  Pick<NewIntegrationRecord, 'name' | 'keyEncrypted' | 'keyHint' | 'user' | 'active'>
>;

const SORT_KEYS: Record<IntegrationSortField, SQL> = {
  createdAt: sql`${integrations.createdAt}`,
  name: sql`lower(${integrations.name})`,
};

const viewColumns = {
  id: integrations.id,
  clientId: integrations.clientId,
  clientName: clients.companyName,
  name: integrations.name,
  type: integrations.type,
  keyHint: integrations.keyHint,
  user: integrations.user,
  active: integrations.active,
  createdAt: integrations.createdAt,
  updatedAt: integrations.updatedAt,
};

type Row = Omit<IntegrationView, 'type' | 'createdAt' | 'updatedAt'> & {
  type: string;
  createdAt: Date;
  updatedAt: Date;
};
const toView = ({ type, createdAt, updatedAt, ...r }: Row): IntegrationView => ({
  ...r,
  // The table's CHECK constraint admits only the INTEGRATION_TYPES.
  type: type as IntegrationType,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

const inScope = (scopeClientId: string | null) => inClientScope(integrations.clientId, scopeClientId);

/** SQL of shop integrations: the list, one record, its encrypted key, create, update, delete; always within a client scope. */
@Injectable()
export class IntegrationsRepository implements ClientOwnedStore<
  IntegrationView,
  IntegrationFields,
  IntegrationChanges,
  string
> {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async list(q: IntegrationListQuery): Promise<ListReply<IntegrationView>> {
    const term = containsPattern(q.search);
    const filter = allOf(
      inScope(q.scopeClientId),
      q.clientId ? eq(integrations.clientId, q.clientId) : undefined,
      q.type ? eq(integrations.type, q.type) : undefined,
      q.active === undefined ? undefined : eq(integrations.active, q.active),
      term ? or(ilike(integrations.name, term), ilike(integrations.user, term)) : undefined,
    );
    const sortKey = SORT_KEYS[q.orderBy.field];
    return keysetList(
      {
        sortKey,
        id: sql`${integrations.id}`,
        direction: q.orderBy.direction,
        cursor: q.cursor,
        limit: q.limit,
      },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...viewColumns, sortKey: sortKeyText(sortKey) })
          .from(integrations)
          .innerJoin(clients, eq(clients.id, integrations.clientId))
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, integrations, filter),
      toView,
    );
  }

  /** One integration, if it exists within the scope (another client's reads as missing). */
  async findById(id: string, scopeClientId: string | null): Promise<IntegrationView | undefined> {
    const [row] = await this.db
      .select(viewColumns)
      .from(integrations)
      .innerJoin(clients, eq(clients.id, integrations.clientId))
      .where(allOf(eq(integrations.id, id), inScope(scopeClientId)))
      .limit(1);
    return row ? toView(row) : undefined;
  }

  /** Locks the row for the rest of the transaction and returns its encrypted key; undefined when not in scope. */
  async lock(id: string, scopeClientId: string | null): Promise<string | undefined> {
    const [row] = await this.db
      .select({ keyEncrypted: integrations.keyEncrypted })
      .from(integrations)
      .where(allOf(eq(integrations.id, id), inScope(scopeClientId)))
      .for('update');
    return row?.keyEncrypted;
  }

  clientExists(clientId: string): Promise<boolean> {
    return clientExists(this.db, clientId);
  }

  async insert(record: NewIntegrationRecord): Promise<string> {
    const [row] = await this.db.insert(integrations).values(record).returning({ id: integrations.id });
    return row.id;
  }

  async update(id: string, changes: IntegrationChanges): Promise<void> {
    await this.db
      .update(integrations)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(integrations.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(integrations).where(eq(integrations.id, id));
  }
}
