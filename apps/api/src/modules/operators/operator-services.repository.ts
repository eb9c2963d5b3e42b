import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { OperatorAdditionalService } from '@depot/contracts';
import { DB } from '../../core/core.tokens';
import type { Db, DbOrTx } from '../../db/database';
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
  constructor(@Inject(DB) private readonly db: Db) {}

  /** An operator's services, by name. */
  async listOf(operatorId: string, tx: DbOrTx = this.db): Promise<OperatorAdditionalService[]> {
    const rows = await tx
      .select()
      .from(services)
      .where(eq(services.operatorId, operatorId))
      .orderBy(asc(sql`lower(${services.name})`), asc(services.id));
    return rows.map(viewOf);
  }

  async findById(id: string, tx: DbOrTx = this.db): Promise<OperatorAdditionalService | undefined> {
    const [row] = await tx.select().from(services).where(eq(services.id, id)).limit(1);
    return row ? viewOf(row) : undefined;
  }

  /** Locks the service row for the rest of the transaction. */
  async lock(id: string, tx: DbOrTx): Promise<boolean> {
    const rows = await tx.select({ id: services.id }).from(services).where(eq(services.id, id)).for('update');
    return rows.length > 0;
  }

  /** Whether the operator already has a service with this code (case-insensitive, like the unique index). */
  async codeTaken(
    operatorId: string,
    code: string,
    exceptId: string | null,
    tx: DbOrTx = this.db,
  ): Promise<boolean> {
    const [row] = await tx
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

  async insert(
    values: { operatorId: string; name: string; code: string; active: boolean },
    tx: DbOrTx = this.db,
  ): Promise<OperatorAdditionalService> {
    const [row] = await tx.insert(services).values(values).returning();
    return viewOf(row);
  }

  async update(
    id: string,
    changes: { name?: string; active?: boolean },
    tx: DbOrTx = this.db,
  ): Promise<OperatorAdditionalService> {
    const [row] = await tx.update(services).set(changes).where(eq(services.id, id)).returning();
    return viewOf(row);
  }

  async delete(id: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.delete(services).where(eq(services.id, id));
  }
}
