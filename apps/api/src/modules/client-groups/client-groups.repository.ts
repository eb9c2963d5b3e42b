import { Injectable } from '@nestjs/common';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  ClientGroupListItem,
  ClientGroupMember,
  ClientGroupSortField,
  ClientGroupType,
  ClientGroupView,
  ClientOption,
  SortDirection,
} from '@depot/contracts';
import type { GroupMembership } from '@depot/domain';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { clientGroupMembers, clientGroups, clients } from '../../db/schema';
import { withIsoDates } from '../../common/iso-dates';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';

export interface ClientGroupListQuery {
  search?: string;
  type?: ClientGroupType;
  orderBy: { field: ClientGroupSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

/** A client offered to a picker, with the group that holds it (if any). */
export interface ClientCandidate extends ClientOption {
  groupId: string | null;
  groupType: ClientGroupType | null;
}

const SORT_KEYS: Record<ClientGroupSortField, SQL> = {
  name: sql`lower(${clientGroups.name})`,
  createdAt: sql`${clientGroups.createdAt}`,
};

const clientsCount = sql<number>`(select count(*)::int from ${clientGroupMembers} where ${clientGroupMembers.groupId} = ${clientGroups.id})`;

const listColumns = {
  id: clientGroups.id,
  name: clientGroups.name,
  type: clientGroups.type,
  clientsCount,
  createdAt: clientGroups.createdAt,
  updatedAt: clientGroups.updatedAt,
};

const memberColumns = {
  id: clients.id,
  shortName: clients.shortName,
  companyName: clients.companyName,
};

/** SQL of client groups: the list, a group with its clients, memberships, and the picker's candidates. */
@Injectable()
export class ClientGroupsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async list(
    q: ClientGroupListQuery,
  ): Promise<{ items: ClientGroupListItem[]; nextCursor: string | null; total: number }> {
    const filter = allOf(
      q.search ? ilike(clientGroups.name, containsPattern(q.search)!) : undefined,
      q.type ? eq(clientGroups.type, q.type) : undefined,
    );
    const sortKey = SORT_KEYS[q.orderBy.field];
    return keysetList(
      {
        sortKey,
        id: sql`${clientGroups.id}`,
        direction: q.orderBy.direction,
        cursor: q.cursor,
        limit: q.limit,
      },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...listColumns, sortKey: sortKeyText(sortKey) })
          .from(clientGroups)
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, clientGroups, filter),
      withIsoDates,
    );
  }

  async listItem(id: string): Promise<ClientGroupListItem | undefined> {
    const [row] = await this.db.select(listColumns).from(clientGroups).where(eq(clientGroups.id, id));
    return row ? withIsoDates(row) : undefined;
  }

  /** A group with its clients (by company name). */
  async findById(id: string): Promise<ClientGroupView | undefined> {
    const [group] = await this.db
      .select({
        id: clientGroups.id,
        name: clientGroups.name,
        type: clientGroups.type,
        createdAt: clientGroups.createdAt,
        updatedAt: clientGroups.updatedAt,
      })
      .from(clientGroups)
      .where(eq(clientGroups.id, id));
    if (!group) return undefined;
    const members = await this.db
      .select(memberColumns)
      .from(clientGroupMembers)
      .innerJoin(clients, eq(clients.id, clientGroupMembers.clientId))
      .where(eq(clientGroupMembers.groupId, id))
      .orderBy(asc(sql`lower(${clients.companyName})`), asc(clients.id));
    return { ...withIsoDates(group), clients: members };
  }

  /** Locks the group row for the rest of the transaction (concurrent edits of one group queue). */
  async lock(id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: clientGroups.id })
      .from(clientGroups)
      .where(eq(clientGroups.id, id))
      .for('update');
    return rows.length > 0;
  }

  /** Groups whose name equals `name` trimmed and case-insensitively (what the unique index compares). */
  async groupsNamed(name: string): Promise<{ id: string; name: string }[]> {
    return this.db
      .select({ id: clientGroups.id, name: clientGroups.name })
      .from(clientGroups)
      .where(sql`lower(btrim(${clientGroups.name})) = lower(btrim(${name}))`);
  }

  /** The existing clients among `ids`. */
  async clientsByIds(ids: readonly string[]): Promise<ClientGroupMember[]> {
    if (ids.length === 0) return [];
    return this.db
      .select(memberColumns)
      .from(clients)
      .where(inArray(clients.id, [...ids]));
  }

  /** The group memberships of these clients (each is in at most one group). */
  async membershipsOf(clientIds: readonly string[]): Promise<GroupMembership[]> {
    if (clientIds.length === 0) return [];
    return this.db
      .select({
        groupId: clientGroupMembers.groupId,
        groupType: clientGroups.type,
        clientId: clientGroupMembers.clientId,
      })
      .from(clientGroupMembers)
      .innerJoin(clientGroups, eq(clientGroups.id, clientGroupMembers.groupId))
      .where(inArray(clientGroupMembers.clientId, [...clientIds]));
  }

  async groupNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: clientGroups.id, name: clientGroups.name })
      .from(clientGroups)
      .where(inArray(clientGroups.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async insert(group: { name: string; type: ClientGroupType }): Promise<string> {
    const [row] = await this.db.insert(clientGroups).values(group).returning({ id: clientGroups.id });
    return row.id;
  }

  async update(id: string, changes: { name?: string; type?: ClientGroupType }): Promise<void> {
    await this.db
      .update(clientGroups)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(clientGroups.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(clientGroups).where(eq(clientGroups.id, id));
  }

  async addMembers(groupId: string, clientIds: readonly string[]): Promise<void> {
    if (clientIds.length === 0) return;
    await this.db.insert(clientGroupMembers).values(clientIds.map((clientId) => ({ groupId, clientId })));
  }

  /** Removes these clients from the group; returns the ids that were members. */
  async removeMembers(groupId: string, clientIds: readonly string[]): Promise<string[]> {
    if (clientIds.length === 0) return [];
    const rows = await this.db
      .delete(clientGroupMembers)
      .where(
        and(eq(clientGroupMembers.groupId, groupId), inArray(clientGroupMembers.clientId, [...clientIds])),
      )
      .returning({ clientId: clientGroupMembers.clientId });
    return rows.map((r) => r.clientId);
  }

  /**
   * Clients by company name, each with the group holding it, after `after` (company name lower-cased, id): one
   * batch of the picker's scan. The eligibility rule itself is applied by the caller (libs/domain).
   */
  async candidates(
    search: string | undefined,
    after: { k: string; id: string } | null,
    limit: number,
  ): Promise<(ClientCandidate & { sortKey: string })[]> {
    const term = containsPattern(search);
    const sortKey = sql<string>`lower(${clients.companyName})`;
    return this.db
      .select({
        id: clients.id,
        companyName: clients.companyName,
        shortName: clients.shortName,
        active: clients.active,
        groupId: clientGroupMembers.groupId,
        groupType: clientGroups.type,
        sortKey,
      })
      .from(clients)
      .leftJoin(clientGroupMembers, eq(clientGroupMembers.clientId, clients.id))
      .leftJoin(clientGroups, eq(clientGroups.id, clientGroupMembers.groupId))
      .where(
        allOf(
          term ? or(ilike(clients.companyName, term), ilike(clients.shortName, term)) : undefined,
          after ? sql`(${sortKey}, ${clients.id}) > (${after.k}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(sortKey), asc(clients.id))
      .limit(limit);
  }
}
