import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../db/database';
import {
  clientGroupMembers,
  clientGroups,
  clients,
  operatorAdditionalServices,
  operators,
  routingConditions,
  routingMatrices,
} from '../../db/schema';

/** Inserts of the administration demo data (embedded mode, first start), inside the seeding transaction. */
@Injectable()
export class DemoRepository {
  async insertClients(rows: (typeof clients.$inferInsert)[], tx: DbOrTx): Promise<Map<string, string>> {
    const out = await tx
      .insert(clients)
      .values(rows)
      .returning({ id: clients.id, shortName: clients.shortName });
    return new Map(out.map((r) => [r.shortName ?? '', r.id]));
  }

  async insertGroup(name: string, type: 'FV' | 'AREA', clientIds: string[], tx: DbOrTx): Promise<void> {
    const [g] = await tx.insert(clientGroups).values({ name, type }).returning({ id: clientGroups.id });
    if (clientIds.length > 0) {
      await tx.insert(clientGroupMembers).values(clientIds.map((clientId) => ({ groupId: g.id, clientId })));
    }
  }

  async insertOperator(
    row: typeof operators.$inferInsert,
    services: { name: string; code: string }[],
    tx: DbOrTx,
  ): Promise<string> {
    const [o] = await tx.insert(operators).values(row).returning({ id: operators.id });
    if (services.length > 0) {
      await tx.insert(operatorAdditionalServices).values(services.map((s) => ({ ...s, operatorId: o.id })));
    }
    return o.id;
  }

  /** Conditions are numbered from 1, as the matrices module saves them (the route tester shows the position). */
  async insertMatrix(
    name: string,
    isDefault: boolean,
    conditions: Omit<typeof routingConditions.$inferInsert, 'matrixId' | 'position'>[],
    tx: DbOrTx,
  ): Promise<void> {
    const [m] = await tx
      .insert(routingMatrices)
      .values({ name, isDefault })
      .returning({ id: routingMatrices.id });
    if (conditions.length > 0) {
      await tx
        .insert(routingConditions)
        .values(conditions.map((c, i) => ({ ...c, matrixId: m.id, position: i + 1 })));
    }
  }
}
