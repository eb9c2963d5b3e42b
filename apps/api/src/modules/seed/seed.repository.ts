import { Injectable } from '@nestjs/common';
import { count } from 'drizzle-orm';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { users } from '../../db/schema';

@Injectable()
export class SeedRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async userCount(): Promise<number> {
    const [{ n }] = await this.db.select({ n: count() }).from(users);
    return n;
  }

  async insertUsers(rows: (typeof users.$inferInsert)[]): Promise<void> {
    await this.db.insert(users).values(rows);
  }
}
