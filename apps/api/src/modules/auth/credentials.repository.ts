import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Role } from '@depot/contracts';
import { DB } from '../../core/core.tokens';
import type { Db, DbOrTx } from '../../db/database';
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
  constructor(@Inject(DB) private readonly db: Db) {}

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

  async setPasswordHash(userId: string, passwordHash: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  }
}
