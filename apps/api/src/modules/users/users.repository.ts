import { Injectable } from '@nestjs/common';
import { count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Language, Role, UserSortField, UserView, SortDirection } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { clients, users } from '../../db/schema';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';

export interface UserListQuery {
  /** Only these roles; absent: every role. */
  roles?: readonly Role[];
  onlyUserId: string | null;
  /** Only this client's users. */
  clientId?: string;
  search?: string;
  active?: boolean;
  orderBy: { field: UserSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

export type UserRecord = UserView;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'role'
    | 'lang'
    | 'clientId'
    | 'disableNewOrders'
    | 'active'
    | 'passwordHash'
  >
>;

const SORT_KEYS: Record<UserSortField, SQL> = {
  lastName: sql`lower(${users.lastName})`,
  firstName: sql`lower(${users.firstName})`,
  email: sql`${users.email}`,
  role: sql`${users.role}`,
  createdAt: sql`${users.createdAt}`,
};

const viewColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  lang: users.lang,
  clientId: users.clientId,
  clientName: clients.companyName,
  disableNewOrders: users.disableNewOrders,
  active: users.active,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type ViewRow = { [K in keyof typeof viewColumns]: unknown } & { createdAt: Date; updatedAt: Date };

const toView = (r: ViewRow): UserView => ({
  ...(r as unknown as UserView),
  role: r.role as Role,
  lang: r.lang as Language,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

@Injectable()
export class UsersRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async list(q: UserListQuery): Promise<{ items: UserView[]; nextCursor: string | null; total: number }> {
    const term = containsPattern(q.search);
    const filter = allOf(
      q.roles ? inArray(users.role, [...q.roles]) : undefined,
      q.onlyUserId ? eq(users.id, q.onlyUserId) : undefined,
      q.clientId ? eq(users.clientId, q.clientId) : undefined,
      term
        ? or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term))
        : undefined,
      q.active === undefined ? undefined : eq(users.active, q.active),
    );
    const sortKey = SORT_KEYS[q.orderBy.field];
    return keysetList(
      { sortKey, id: sql`${users.id}`, direction: q.orderBy.direction, cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...viewColumns, sortKey: sortKeyText(sortKey) })
          .from(users)
          .leftJoin(clients, eq(clients.id, users.clientId))
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, users, filter),
      (r) => toView(r as ViewRow),
    );
  }

  async findById(id: string): Promise<UserView | undefined> {
    const [row] = await this.db
      .select(viewColumns)
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(eq(users.id, id))
      .limit(1);
    return row ? toView(row as ViewRow) : undefined;
  }

  async emailTaken(email: string, exceptId: string | null): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return !!row && row.id !== exceptId;
  }

  async clientExists(clientId: string): Promise<{ disableNewOrders: boolean } | undefined> {
    const [row] = await this.db
      .select({ disableNewOrders: clients.disableNewOrders })
      .from(clients)
      .where(eq(clients.id, clientId))
      .limit(1);
    return row;
  }

  async insert(user: NewUser): Promise<string> {
    const [row] = await this.db.insert(users).values(user).returning({ id: users.id });
    return row.id;
  }

  async update(id: string, changes: UserChanges): Promise<void> {
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  async countAll(): Promise<number> {
    const [{ n }] = await this.db.select({ n: count() }).from(users);
    return n;
  }
}
