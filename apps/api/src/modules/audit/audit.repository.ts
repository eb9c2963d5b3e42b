import { Inject, Injectable } from '@nestjs/common';
import { DB } from '../../core/core.tokens';
import type { Db, DbOrTx } from '../../db/database';
import { auditLog } from '../../db/schema';

export type AuditEntry = typeof auditLog.$inferInsert;

@Injectable()
export class AuditRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async insert(entry: AuditEntry, tx: DbOrTx = this.db): Promise<void> {
    await tx.insert(auditLog).values(entry);
  }
}
