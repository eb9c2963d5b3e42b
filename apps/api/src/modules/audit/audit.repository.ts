import { Injectable } from '@nestjs/common';
import { Transactions } from '../../db/transactions';
import { auditLog } from '../../db/schema';

export type AuditEntry = typeof auditLog.$inferInsert;

@Injectable()
export class AuditRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Writes one entry in the caller's transaction; returns its number. */
  async insert(entry: AuditEntry): Promise<number> {
    const [row] = await this.transactions.db.insert(auditLog).values(entry).returning({ id: auditLog.id });
    return row.id;
  }
}
