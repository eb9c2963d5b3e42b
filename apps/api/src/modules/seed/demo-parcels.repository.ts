import { Injectable } from '@nestjs/common';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Role } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import {
  clientParcelCounters,
  clients,
  operators,
  parcels,
  parcelStatusHistory,
  routingMatrices,
  statusMap,
  users,
} from '../../db/schema';
import { MatricesRepository } from '../matrices/matrices.repository';
import type { ExplainedMatrix } from '../matrices/route-explanation';
import type { DemoSeenCode } from './demo-carrier-codes';
import type { DemoHistoryRow } from './demo-parcel-journeys';
import type { DemoParcelRow } from './demo-parcels';

/** Rows per INSERT statement: parcels have ~40 columns, well under PostgreSQL's 65,535 parameters. */
const PARCEL_BATCH = 500;
const HISTORY_BATCH = 2000;

/**
 * Reads of what the demo parcels are made from, and their batched inserts: all in the seeding transaction.
 */
@Injectable()
export class DemoParcelsRepository {
  constructor(
    private readonly transactions: Transactions,
    private readonly matricesRepo: MatricesRepository,
  ) {}

  /** The seeding transaction (the caller's). */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** Active clients that can number parcels. */
  activeClients() {
    return this.db
      .select({
        id: clients.id,
        shortName: clients.shortName,
        clientName: clients.clientName,
        companyName: clients.companyName,
        prefix: clients.uniquePrefix,
        phone: clients.phone,
        email: clients.email,
        country: clients.country,
        city: clients.city,
        street: clients.street,
        zipCode: clients.zipCode,
        building: clients.building,
        defaultAddress: clients.defaultAddress,
        firstMile: clients.firstMile,
        autoReturnPackages: clients.autoReturnPackages,
        domesticMatrixTitle: clients.domesticMatrixTitle,
        returnMatrixTitle: clients.returnMatrixTitle,
      })
      .from(clients)
      .where(and(eq(clients.active, true), isNotNull(clients.uniquePrefix)))
      .orderBy(asc(clients.shortName));
  }

  users(): Promise<{ id: string; email: string; role: Role; clientId: string | null }[]> {
    return this.db
      .select({ id: users.id, email: users.email, role: users.role, clientId: users.clientId })
      .from(users)
      .orderBy(asc(users.email));
  }

  async operators() {
    const rows = await this.db
      .select({
        id: operators.id,
        type: operators.type,
        active: operators.active,
        max: operators.maxWeightKg,
      })
      .from(operators);
    return rows.map((o) => ({
      operatorId: o.id,
      type: o.type,
      active: o.active,
      maxWeightKg: o.max === null ? null : Number(o.max),
    }));
  }

  /** Every matrix with its conditions as the route tester shows them (the matrices module's own read). */
  async matrices(): Promise<ExplainedMatrix[]> {
    const matrices = await this.db
      .select({ id: routingMatrices.id, name: routingMatrices.name, isDefault: routingMatrices.isDefault })
      .from(routingMatrices)
      .orderBy(asc(routingMatrices.name));
    const conditions = await this.matricesRepo.conditionsOf(matrices.map((m) => m.id));
    return matrices.map((m) => ({ ...m, conditions: conditions.get(m.id) ?? [] }));
  }

  /** Parcels in creation order (a return always after the parcel it returns), then their histories. */
  async insert(
    rows: DemoParcelRow[],
    history: DemoHistoryRow[],
    counters: { clientId: string; lastNumber: number }[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += PARCEL_BATCH) {
      await this.db.insert(parcels).values(rows.slice(i, i + PARCEL_BATCH));
    }
    for (let i = 0; i < history.length; i += HISTORY_BATCH) {
      await this.db.insert(parcelStatusHistory).values(history.slice(i, i + HISTORY_BATCH));
    }
    if (counters.length > 0) await this.db.insert(clientParcelCounters).values(counters);
  }

  /**
   * What the status map saw of the codes the demo parcels stand on (its rows are loaded with the demo data): each
   * code's count, last time and example parcel, in one statement.
   */
  async recordSeenCodes(seen: readonly DemoSeenCode[]): Promise<void> {
    if (seen.length === 0) return;
    const values = sql.join(
      seen.map(
        (s) =>
          sql`(${s.operatorType}::text, ${s.code}::text, ${s.seenCount}::bigint, ${s.lastSeenAt.toISOString()}::timestamptz, ${s.exampleParcelId}::uuid)`,
      ),
      sql`, `,
    );
    await this.db.execute(sql`
      update ${statusMap} m set seen_count = v.seen_count, last_seen_at = v.last_seen_at,
        example_parcel_id = v.example_parcel_id
      from (values ${values}) as v (operator_type, code, seen_count, last_seen_at, example_parcel_id)
      where m.operator_type = v.operator_type and m.code = v.code`);
  }

  /**
   * The demo's scans (issue 14 item 9): every status change the demo histories made by scan becomes the scan that
   * made it — at the main terminal, one in five at the second, by the warehouse user, with the parcel's sector — and
   * the history row points at it. Returns how many.
   */
  async insertScansFromHistory(terminals: readonly [string, string]): Promise<number> {
    const result = await this.db.execute(sql`
      with made as (
        insert into scans (scan_id, number, outcome, status, previous_status, parcel_id, client_id,
          internal_number, sector_id, sector_label, terminal, timezone, user_id, scanned_at, created_at)
        select 'demo-' || h.id, p.internal_number, 'changed', h.status, h.previous_status, p.id, p.client_id,
          p.internal_number, s.id, s.sector_country || ' ' || s.sector_description,
          case when h.id % 5 = 0 then ${terminals[1]} else ${terminals[0]} end, 'Europe/Warsaw', h.changed_by_id,
          h.created_at, h.created_at
        from parcel_status_history h
        join parcels p on p.id = h.parcel_id
        left join sector_operators so on so.operator_id = p.operator_id and so.sector_country = p.destination_country
        left join sectors s on s.id = so.sector_id
        where h.source = 'scan'
        order by h.created_at, h.id
        returning id, scan_id
      )
      update parcel_status_history h set scan_id = made.id
      from made where made.scan_id = 'demo-' || h.id`);
    return Number((result as { rowCount?: number | null }).rowCount ?? 0);
  }
}
