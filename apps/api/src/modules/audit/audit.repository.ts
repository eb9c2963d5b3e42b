import { Inject, Injectable } from '@nestjs/common';
import { DB } from '../../core/core.tokens';
import type { Db, DbOrTx } from '../../db/database';
import { auditLog } from '../../db/schema';

export type AuditEntry = typeof auditLog.$inferInsert;

@Injectable()
export class AuditRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Writes one entry; returns its number. */
  async insert(entry: AuditEntry, tx: DbOrTx = this.db): Promise<number> {
    const [row] = await tx.insert(auditLog).values(entry).returning({ id: auditLog.id });
    return row.id;
  }
}
