import { Injectable } from '@nestjs/common';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { OperatorAdditionalService } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { operatorAdditionalServices as services } from '../../db/schema';

type ServiceRow = typeof services.$inferSelect;

const viewOf = (r: ServiceRow): OperatorAdditionalService => ({
  id: r.id,
  operatorId: r.operatorId,
  name: r.name,
  code: r.code,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
});

/** SQL of an operator's additional services. */
@Injectable()
export class OperatorServicesRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** An operator's services, by name. */
  async listOf(operatorId: string): Promise<OperatorAdditionalService[]> {
    const rows = await this.db
      .select()
      .from(services)
      .where(eq(services.operatorId, operatorId))
      .orderBy(asc(sql`lower(${services.name})`), asc(services.id));
    return rows.map(viewOf);
  }

  async findById(id: string): Promise<OperatorAdditionalService | undefined> {
    const [row] = await this.db.select().from(services).where(eq(services.id, id)).limit(1);
    return row ? viewOf(row) : undefined;
  }

  /** Locks the service row for the rest of the transaction. */
  async lock(id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.id, id))
      .for('update');
    return rows.length > 0;
  }

  /** Whether the operator already has a service with this code (case-insensitive, like the unique index). */
  async codeTaken(operatorId: string, code: string, exceptId: string | null): Promise<boolean> {
    const [row] = await this.db
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.operatorId, operatorId),
          sql`lower(${services.code}) = lower(${code})`,
          exceptId ? ne(services.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return !!row;
  }

  async insert(values: {
    operatorId: string;
    name: string;
    code: string;
    active: boolean;
  }): Promise<OperatorAdditionalService> {
    const [row] = await this.db.insert(services).values(values).returning();
    return viewOf(row);
  }

  async update(id: string, changes: { name?: string; active?: boolean }): Promise<OperatorAdditionalService> {
    const [row] = await this.db.update(services).set(changes).where(eq(services.id, id)).returning();
    return viewOf(row);
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(services).where(eq(services.id, id));
  }
}
