import { Injectable } from '@nestjs/common';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { type LogAuthor, type LogFilters, type LogListItem, type LogView } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { auditLog, users } from '../../db/schema';
import { dayStart } from '../../common/warsaw-day';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';

const listColumns = {
  id: sql<string>`${auditLog.id}::text`,
  type: auditLog.type,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  createdById: auditLog.createdById,
  /** "First Last" of the author; null without an author (or with a blank name: the panel shows the e-mail). */
  authorName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
  authorEmail: users.email,
  apiKeyId: auditLog.apiKeyId,
  createdAt: auditLog.createdAt,
};

const withIsoDate = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });

/** SQL of the change log (audit_log, written by AuditService): the list, one entry, the filters' choices. */
@Injectable()
export class LogsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** Newest first, keyset on (created_at, id). Dates are Warsaw days, both ends included. */
  async list(
    f: LogFilters,
    cursor: string | null | undefined,
    limit: number,
  ): Promise<{ items: LogListItem[]; nextCursor: string | null; total: number }> {
    const filter = allOf(
      f.type ? eq(auditLog.type, f.type) : undefined,
      f.entity ? eq(auditLog.entity, f.entity) : undefined,
      f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
      f.authorId ? eq(auditLog.createdById, f.authorId) : undefined,
      f.from ? sql`${auditLog.createdAt} >= ${dayStart(f.from)}` : undefined,
      f.to ? sql`${auditLog.createdAt} < ${dayStart(f.to, 1)}` : undefined,
    );
    const sortKey = sql`${auditLog.createdAt}`;
    return keysetList(
      { sortKey, id: sql`${auditLog.id}`, direction: 'desc', cursor: cursor, limit: limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...listColumns, sortKey: sortKeyText(sortKey) })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.createdById))
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, auditLog, filter),
      withIsoDate,
    );
  }

  async listItem(id: string): Promise<LogListItem | undefined> {
    const [row] = await this.db
      .select(listColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.createdById))
      .where(eq(auditLog.id, Number(id)));
    return row ? withIsoDate(row) : undefined;
  }

  async findById(id: string): Promise<LogView | undefined> {
    const [row] = await this.db
      .select({ ...listColumns, before: auditLog.before, after: auditLog.after, details: auditLog.details })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.createdById))
      .where(eq(auditLog.id, Number(id)));
    return row ? withIsoDate(row) : undefined;
  }

  /** The types and entities present in the log, alphabetically. */
  async facets(): Promise<{ types: string[]; entities: string[] }> {
    const types = await this.db
      .selectDistinct({ v: auditLog.type })
      .from(auditLog)
      .orderBy(asc(auditLog.type));
    const entities = await this.db
      .selectDistinct({ v: auditLog.entity })
      .from(auditLog)
      .orderBy(asc(auditLog.entity));
    return { types: types.map((r) => r.v), entities: entities.map((r) => r.v) };
  }

  /** Users by name or e-mail, for the author filter. */
  async authors(search: string | undefined, limit: number): Promise<LogAuthor[]> {
    const term = containsPattern(search);
    return this.db
      .select({
        id: users.id,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        email: users.email,
      })
      .from(users)
      .where(
        term
          ? or(ilike(users.email, term), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term))
          : undefined,
      )
      .orderBy(asc(sql`lower(${users.lastName})`), asc(users.id))
      .limit(limit);
  }
}
