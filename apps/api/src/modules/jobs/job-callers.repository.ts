import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Role } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { apiKeyAccess } from '../../common/api-key-access';
import { apiKeys, clients, users } from '../../db/schema';

/** Who started a job, as they are now (a job runs later, maybe after their rights changed). */
export interface JobCallerNow {
  active: boolean;
  role: Role;
  clientId: string | null;
  /** The caller's client is active and its access not disabled (true for staff). */
  clientUsable: boolean;
}

/** The SQL of the jobs' re-check of their caller (job-principal.ts). */
@Injectable()
export class JobCallersRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async user(userId: string): Promise<JobCallerNow | undefined> {
    const [row] = await this.db
      .select({
        active: users.active,
        role: users.role,
        clientId: users.clientId,
        clientActive: clients.active,
        clientDisableAccess: clients.disableAccess,
      })
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) return undefined;
    const clientUsable = row.clientId === null || (row.clientActive === true && !row.clientDisableAccess);
    return { active: row.active, role: row.role, clientId: row.clientId, clientUsable };
  }

  async apiKey(apiKeyId: string): Promise<JobCallerNow | undefined> {
    const row = await apiKeyAccess(this.db, eq(apiKeys.id, apiKeyId));
    if (!row) return undefined;
    return {
      active: row.active,
      role: 'user',
      clientId: row.clientId,
      clientUsable: row.clientActive && !row.clientDisableAccess,
    };
  }
}
