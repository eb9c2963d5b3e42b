import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Role } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { clients, users } from '../../db/schema';

export interface Credentials {
  userId: string;
  role: Role;
  passwordHash: string;
  userActive: boolean;
  clientId: string | null;
  clientActive: boolean | null;
}

/** The users-table reads and writes that sign-in and password changes need. */
@Injectable()
export class CredentialsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async findByEmail(email: string): Promise<Credentials | undefined> {
    return this.find(eq(users.email, email.toLowerCase()));
  }

  async findByUserId(userId: string): Promise<Credentials | undefined> {
    return this.find(eq(users.id, userId));
  }

  private async find(where: ReturnType<typeof eq>): Promise<Credentials | undefined> {
    const [row] = await this.db
      .select({
        userId: users.id,
        role: users.role,
        passwordHash: users.passwordHash,
        userActive: users.active,
        clientId: users.clientId,
        clientActive: clients.active,
      })
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(where)
      .limit(1);
    return row ? { ...row, role: row.role as Role } : undefined;
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  }
}
