import { Injectable } from '@nestjs/common';
import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ApiKeySortField, ApiKeyView, ListReply, SortDirection } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { apiKeys, clients } from '../../db/schema';
import { clientExists, inClientScope } from '../../common/client-scope';
import type { ClientOwnedStore } from '../../common/client-owned-records';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';

export interface ApiKeyListQuery {
  /** The caller's client (a client user sees only its own client's keys); null = every client (staff). */
  scopeClientId: string | null;
  clientId?: string;
  search?: string;
  active?: boolean;
  orderBy: { field: ApiKeySortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

/** What a new key is made of besides its client and creator. */
export interface ApiKeyFields {
  name: string;
  keyHash: string;
  keyPrefix: string;
}

export interface NewApiKeyRecord extends ApiKeyFields {
  clientId: string;
  createdById: string | null;
}

export type ApiKeyChanges = Partial<Pick<typeof apiKeys.$inferInsert, 'name' | 'active'>>;

const SORT_KEYS: Record<ApiKeySortField, SQL> = {
  createdAt: sql`${apiKeys.createdAt}`,
  name: sql`lower(${apiKeys.name})`,
};

const viewColumns = {
  id: apiKeys.id,
  clientId: apiKeys.clientId,
  clientName: clients.companyName,
  name: apiKeys.name,
  keyPrefix: apiKeys.keyPrefix,
  active: apiKeys.active,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

type Row = { createdAt: Date; lastUsedAt: Date | null } & Omit<ApiKeyView, 'createdAt' | 'lastUsedAt'>;
const toView = ({ createdAt, lastUsedAt, ...r }: Row): ApiKeyView => ({
  ...r,
  createdAt: createdAt.toISOString(),
  lastUsedAt: lastUsedAt ? lastUsedAt.toISOString() : null,
});

const inScope = (scopeClientId: string | null) => inClientScope(apiKeys.clientId, scopeClientId);

/**
 * SQL of API key management: the list, one key, create, rename/(de)activate, delete. Looking a key up by its hash
 * for authentication stays in the auth module (ApiKeysRepository). Every read takes the caller's client scope.
 */
@Injectable()
export class ApiKeyRecordsRepository implements ClientOwnedStore<
  ApiKeyView,
  ApiKeyFields,
  ApiKeyChanges,
  true
> {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async list(q: ApiKeyListQuery): Promise<ListReply<ApiKeyView>> {
    const term = containsPattern(q.search);
    const filter = allOf(
      inScope(q.scopeClientId),
      q.clientId ? eq(apiKeys.clientId, q.clientId) : undefined,
      q.active === undefined ? undefined : eq(apiKeys.active, q.active),
      term ? or(ilike(apiKeys.name, term), ilike(apiKeys.keyPrefix, term)) : undefined,
    );
    const sortKey = SORT_KEYS[q.orderBy.field];
    return keysetList(
      { sortKey, id: sql`${apiKeys.id}`, direction: q.orderBy.direction, cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...viewColumns, sortKey: sortKeyText(sortKey) })
          .from(apiKeys)
          .innerJoin(clients, eq(clients.id, apiKeys.clientId))
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, apiKeys, filter),
      toView,
    );
  }

  /** One key, if it exists within the scope (a key of another client reads as missing). */
  async findById(id: string, scopeClientId: string | null): Promise<ApiKeyView | undefined> {
    const [row] = await this.db
      .select(viewColumns)
      .from(apiKeys)
      .innerJoin(clients, eq(clients.id, apiKeys.clientId))
      .where(allOf(eq(apiKeys.id, id), inScope(scopeClientId)))
      .limit(1);
    return row ? toView(row) : undefined;
  }

  /** Locks the key row for the rest of the transaction; undefined when it does not exist within the scope. */
  async lock(id: string, scopeClientId: string | null): Promise<true | undefined> {
    const rows = await this.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(allOf(eq(apiKeys.id, id), inScope(scopeClientId)))
      .for('update');
    return rows.length > 0 ? true : undefined;
  }

  clientExists(clientId: string): Promise<boolean> {
    return clientExists(this.db, clientId);
  }

  async insert(key: NewApiKeyRecord): Promise<string> {
    const [row] = await this.db.insert(apiKeys).values(key).returning({ id: apiKeys.id });
    return row.id;
  }

  async update(id: string, changes: ApiKeyChanges): Promise<void> {
    await this.db.update(apiKeys).set(changes).where(eq(apiKeys.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(apiKeys).where(eq(apiKeys.id, id));
  }
}
