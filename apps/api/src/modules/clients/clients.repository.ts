import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ClientListItem,
  ClientSortField,
  ClientView,
  ClientOption,
  SortDirection,
} from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { apiKeys, clients, sessions, users } from '../../db/schema';
import { withIsoDates } from '../../common/iso-dates';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';

export interface ClientListQuery {
  search?: string;
  active?: boolean;
  disableAccess?: boolean;
  masterOnly?: boolean;
  masterId?: string;
  orderBy: { field: ClientSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

export type NewClient = Omit<typeof clients.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ClientChanges = Partial<NewClient>;

const master = alias(clients, 'master');

/** The list's sort keys (also the order of exports, which page the same way). */
export const SORT_KEYS: Record<ClientSortField, SQL> = {
  companyName: sql`lower(${clients.companyName})`,
  shortName: sql`coalesce(lower(${clients.shortName}), '')`,
  createdAt: sql`${clients.createdAt}`,
};

/** The list's filters as SQL: shared by the list and the export of a select-all (decision 0046). */
export function clientListFilter(
  q: Pick<ClientListQuery, 'search' | 'active' | 'disableAccess' | 'masterOnly' | 'masterId'>,
): SQL | undefined {
  const term = containsPattern(q.search);
  return allOf(
    term
      ? or(
          ilike(clients.companyName, term),
          ilike(clients.clientName, term),
          ilike(clients.shortName, term),
          ilike(clients.uniquePrefix, term),
          ilike(clients.vatId, term),
          ilike(clients.email, term),
        )
      : undefined,
    q.active === undefined ? undefined : eq(clients.active, q.active),
    q.disableAccess === undefined ? undefined : eq(clients.disableAccess, q.disableAccess),
    q.masterOnly ? eq(clients.masterAccount, true) : undefined,
    q.masterId ? eq(clients.masterId, q.masterId) : undefined,
  );
}

const listColumns = {
  id: clients.id,
  companyName: clients.companyName,
  clientName: clients.clientName,
  shortName: clients.shortName,
  uniquePrefix: clients.uniquePrefix,
  vatId: clients.vatId,
  email: clients.email,
  phone: clients.phone,
  country: clients.country,
  city: clients.city,
  currency: clients.currency,
  active: clients.active,
  disableAccess: clients.disableAccess,
  disableNewOrders: clients.disableNewOrders,
  masterAccount: clients.masterAccount,
  masterId: clients.masterId,
  masterName: master.companyName,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

const viewColumns = {
  ...listColumns,
  street: clients.street,
  zipCode: clients.zipCode,
  building: clients.building,
  apartment: clients.apartment,
  debtBlockDays: clients.debtBlockDays,
  viesCheck: clients.viesCheck,
  autoReturnPackages: clients.autoReturnPackages,
  revertLogic: clients.revertLogic,
  disableContentInfo: clients.disableContentInfo,
  combineLabels: clients.combineLabels,
  disconnectRouting: clients.disconnectRouting,
  disconnectReturn: clients.disconnectReturn,
  firstMile: clients.firstMile,
  genOnlyFirstMile: clients.genOnlyFirstMile,
  dontPrintLastMile: clients.dontPrintLastMile,
  accountOwner: clients.accountOwner,
  iban: clients.iban,
  bankName: clients.bankName,
  defaultPhoneShipping: clients.defaultPhoneShipping,
  defaultEmailShipping: clients.defaultEmailShipping,
  additionalShipperNameOnTheLabel: clients.additionalShipperNameOnTheLabel,
  note: clients.note,
  contractNumber: clients.contractNumber,
  returnMatrixTitle: clients.returnMatrixTitle,
  domesticMatrixTitle: clients.domesticMatrixTitle,
  defaultAddress: clients.defaultAddress,
  parcelSettings: clients.parcelSettings,
  linkedAccounts: sql<number>`(select count(*)::int from ${clients} as linked where linked.master_id = ${clients.id})`,
};

/** SQL of the clients module: the list, the record, uniqueness checks, linked accounts and the sessions of a client's users. */
@Injectable()
export class ClientsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** Clients for a picker: by company or short name, alphabetically. */
  async options(search: string | undefined, limit: number, id?: string): Promise<ClientOption[]> {
    const term = containsPattern(search);
    return this.db
      .select({
        id: clients.id,
        companyName: clients.companyName,
        shortName: clients.shortName,
        active: clients.active,
      })
      .from(clients)
      .where(
        and(
          term ? or(ilike(clients.companyName, term), ilike(clients.shortName, term)) : undefined,
          id ? eq(clients.id, id) : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${clients.companyName})`), asc(clients.id))
      .limit(limit);
  }

  async list(
    q: ClientListQuery,
  ): Promise<{ items: ClientListItem[]; nextCursor: string | null; total: number }> {
    const filter = clientListFilter(q);
    const sortKey = SORT_KEYS[q.orderBy.field];
    return keysetList(
      { sortKey, id: sql`${clients.id}`, direction: q.orderBy.direction, cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...listColumns, sortKey: sortKeyText(sortKey) })
          .from(clients)
          .leftJoin(master, eq(master.id, clients.masterId))
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, clients, filter),
      withIsoDates,
    );
  }

  async findById(id: string): Promise<ClientView | undefined> {
    const [row] = await this.db
      .select(viewColumns)
      .from(clients)
      .leftJoin(master, eq(master.id, clients.masterId))
      .where(eq(clients.id, id))
      .limit(1);
    return row ? withIsoDates(row) : undefined;
  }

  /** The clients linked to a master, in a stable order. */
  async findLinked(masterId: string): Promise<ClientView[]> {
    const rows = await this.db
      .select(viewColumns)
      .from(clients)
      .leftJoin(master, eq(master.id, clients.masterId))
      .where(eq(clients.masterId, masterId))
      .orderBy(asc(clients.id));
    return rows.map(withIsoDates);
  }

  /** Locks the client row for the rest of the transaction (concurrent edits of one client queue). */
  async lock(id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.id, id))
      .for('update');
    return rows.length > 0;
  }

  /**
   * Whether the client is a master account; the row is share-locked for the rest of the transaction, so it cannot
   * stop being a master before a client linked to it commits.
   */
  async isMasterAccount(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ masterAccount: clients.masterAccount })
      .from(clients)
      .where(eq(clients.id, id))
      .for('share');
    return row?.masterAccount === true;
  }

  async shortNameTaken(shortName: string, exceptId: string | null): Promise<boolean> {
    return this.taken(sql`lower(${clients.shortName}) = lower(${shortName})`, exceptId);
  }

  async prefixTaken(prefix: string, exceptId: string | null): Promise<boolean> {
    return this.taken(sql`lower(${clients.uniquePrefix}) = lower(${prefix})`, exceptId);
  }

  async insert(client: NewClient): Promise<string> {
    const [row] = await this.db.insert(clients).values(client).returning({ id: clients.id });
    return row.id;
  }

  async update(id: string, changes: ClientChanges): Promise<void> {
    await this.db
      .update(clients)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(clients.id, id));
  }

  /** Sets `changes` on the given clients (e.g. a master's propagated flags on its linked accounts). */
  async updateMany(ids: string[], changes: ClientChanges): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(clients)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(inArray(clients.id, ids));
  }

  /** Revokes every live session of the users of these clients; returns the revoked session ids. */
  async revokeSessionsOfClients(clientIds: string[]): Promise<string[]> {
    if (clientIds.length === 0) return [];
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          inArray(
            sessions.userId,
            this.db.select({ id: users.id }).from(users).where(inArray(users.clientId, clientIds)),
          ),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  /** The live session ids of the users of these clients (their sockets are cut when access is disabled). */
  async liveSessionsOfClients(clientIds: string[]): Promise<string[]> {
    if (clientIds.length === 0) return [];
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(users.clientId, clientIds),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      );
    return rows.map((r) => r.id);
  }

  /** The active API keys of these clients (their sockets are cut when the client becomes inactive or access-disabled). */
  async activeApiKeysOfClients(clientIds: string[]): Promise<string[]> {
    if (clientIds.length === 0) return [];
    const rows = await this.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(inArray(apiKeys.clientId, clientIds), eq(apiKeys.active, true)));
    return rows.map((r) => r.id);
  }

  private async taken(match: SQL, exceptId: string | null): Promise<boolean> {
    const [row] = await this.db
      .select({ id: clients.id })
      .from(clients)
      .where(allOf(match, exceptId ? ne(clients.id, exceptId) : undefined))
      .limit(1);
    return !!row;
  }
}
