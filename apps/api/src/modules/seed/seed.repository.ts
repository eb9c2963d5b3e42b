import { Inject, Injectable } from '@nestjs/common';
import { count } from 'drizzle-orm';
import { DB } from '../../core/core.tokens';
import type { Db, DbOrTx } from '../../db/database';
import { users } from '../../db/schema';

@Injectable()
export class SeedRepository {
  constructor(@Inject(DB) readonly db: Db) {}

  async userCount(tx: DbOrTx = this.db): Promise<number> {
    const [{ n }] = await tx.select({ n: count() }).from(users);
    return n;
  }

  async insertUsers(rows: (typeof users.$inferInsert)[], tx: DbOrTx): Promise<void> {
    await tx.insert(users).values(rows);
  }
}
