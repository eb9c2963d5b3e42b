import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '@depot/contracts';
import { DATABASE_RUNTIME } from '../../core/core.tokens';
import { statementName, type DatabaseRuntime } from '../../db/database';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { clients, sessions, users } from '../../db/schema';

/** What the guard needs to know about a token: the session, its user and the user's client flags. */
export interface SessionLookup {
  sessionId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  userId: string;
  role: Role;
  userActive: boolean;
  clientId: string | null;
  clientActive: boolean | null;
  clientDisableAccess: boolean | null;
}

@Injectable()
export class SessionsRepository {
  /**
   * Every authenticated call asks this, so it is a named prepared statement (decision 0102): each pooled
   * connection parses and plans it once instead of on every call. Unnamed on the embedded runtime, whose
   * connections share one backend (decision 0104). The guard asks it outside any transaction.
   */
  private readonly byTokenHash;

  constructor(
    private readonly transactions: Transactions,
    @Inject(DATABASE_RUNTIME) runtime: DatabaseRuntime,
  ) {
    this.byTokenHash = runtime.db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userId: users.id,
        role: users.role,
        userActive: users.active,
        clientId: users.clientId,
        clientActive: clients.active,
        clientDisableAccess: clients.disableAccess,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare(statementName(runtime.mode, 'depot_session_by_token_hash'));
  }

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async create(row: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<{ id: string }> {
    const [created] = await this.db.insert(sessions).values(row).returning({ id: sessions.id });
    return created;
  }

  async findByTokenHash(tokenHash: string): Promise<SessionLookup | undefined> {
    const [row] = await this.byTokenHash.execute({ tokenHash });
    return row ? { ...row, role: row.role as Role } : undefined;
  }

  /** Revokes one session; returns whether it was live. */
  async revoke(sessionId: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** Revokes every live session of a user except `keepSessionId`; returns the revoked ids. */
  async revokeAllOfUser(userId: string, keepSessionId: string | null): Promise<string[]> {
    const conditions = [
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql`now()`),
    ];
    if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(...conditions))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }
}
