import { Injectable } from '@nestjs/common';
import { Transactions, type DbOrTx } from '../../db/transactions';
import {
  clientGroupMembers,
  clientGroups,
  clients,
  operatorAdditionalServices,
  operators,
  routingConditions,
  routingMatrices,
  sectorOperators,
  sectors,
  statusMap,
} from '../../db/schema';

/** Inserts of the administration demo data (embedded mode, first start), inside the seeding transaction. */
@Injectable()
export class DemoRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The seeding transaction (the caller's). */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async insertClients(rows: (typeof clients.$inferInsert)[]): Promise<Map<string, string>> {
    const out = await this.db
      .insert(clients)
      .values(rows)
      .returning({ id: clients.id, shortName: clients.shortName });
    return new Map(out.map((r) => [r.shortName ?? '', r.id]));
  }

  async insertGroup(name: string, type: 'FV' | 'AREA', clientIds: string[]): Promise<void> {
    const [g] = await this.db.insert(clientGroups).values({ name, type }).returning({ id: clientGroups.id });
    if (clientIds.length > 0) {
      await this.db
        .insert(clientGroupMembers)
        .values(clientIds.map((clientId) => ({ groupId: g.id, clientId })));
    }
  }

  async insertOperator(
    row: typeof operators.$inferInsert,
    services: { name: string; code: string }[],
  ): Promise<string> {
    const [o] = await this.db.insert(operators).values(row).returning({ id: operators.id });
    if (services.length > 0) {
      await this.db
        .insert(operatorAdditionalServices)
        .values(services.map((s) => ({ ...s, operatorId: o.id })));
    }
    return o.id;
  }

  async insertSector(
    sectorCountry: typeof sectors.$inferInsert.sectorCountry,
    sectorDescription: string,
    operatorIds: string[],
  ): Promise<void> {
    const [s] = await this.db
      .insert(sectors)
      .values({ sectorCountry, sectorDescription })
      .returning({ id: sectors.id });
    if (operatorIds.length > 0) {
      await this.db
        .insert(sectorOperators)
        .values(operatorIds.map((operatorId) => ({ sectorId: s.id, sectorCountry, operatorId })));
    }
  }

  /** Conditions are numbered from 1, as the matrices module saves them (the route tester shows the position). */
  async insertMatrix(
    name: string,
    isDefault: boolean,
    conditions: Omit<typeof routingConditions.$inferInsert, 'matrixId' | 'position'>[],
  ): Promise<void> {
    const [m] = await this.db
      .insert(routingMatrices)
      .values({ name, isDefault })
      .returning({ id: routingMatrices.id });
    if (conditions.length > 0) {
      await this.db
        .insert(routingConditions)
        .values(conditions.map((c, i) => ({ ...c, matrixId: m.id, position: i + 1 })));
    }
  }

  /** The status map's rows (a few hundred) in one statement. */
  async insertStatusMap(rows: (typeof statusMap.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(statusMap).values(rows);
  }
}
