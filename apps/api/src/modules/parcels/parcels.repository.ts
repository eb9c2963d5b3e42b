import { Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import {
  FINAL_PARCEL_STATUSES,
  type ClientAddress,
  type NamedRef,
  type ParcelListItem,
  type ParcelSettings,
  type ParcelStatus,
  type ParcelStatusHistoryEntry,
  type ParcelView,
  type StatusChangeSource,
} from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { bulkInsert } from '../../db/bulk';
import {
  clientParcelCounters,
  clients,
  operators,
  parcels,
  parcelStatusHistory,
  parcelWeights,
  scans,
  users,
} from '../../db/schema';
import { allOf } from '../../common/keyset';
import { listColumns, toListItem, toView, viewColumns } from './list/parcel-columns';

export type NewParcel = Omit<typeof parcels.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ParcelChanges = Partial<Omit<NewParcel, 'clientId' | 'internalNumber'>>;

/** What creating a client's parcel needs to know about the client. */
export interface ParcelClientFacts {
  id: string;
  uniquePrefix: string | null;
  disableNewOrders: boolean;
  autoReturnPackages: boolean;
  parcelSettings: ParcelSettings | null;
  defaultAddress: ClientAddress | null;
  defaultPhoneShipping: string | null;
  defaultEmailShipping: string | null;
}

/** A history row to write. */
export interface StatusChange {
  parcelId: string;
  status: ParcelStatus;
  previousStatus: ParcelStatus | null;
  source: StatusChangeSource;
  changedById: string | null;
  apiKeyId: string | null;
  note?: string | null;
  /** The scan that made the change (source scan). */
  scanId?: number | null;
}

/** Rows visible to the caller: not deleted, and of its own client when it is a client's. */
const visible = (id: string, scopeClientId: string | null) =>
  allOf(
    eq(parcels.id, id),
    isNull(parcels.deletedAt),
    scopeClientId ? eq(parcels.clientId, scopeClientId) : undefined,
  );

/** A carrier's parcels not yet sent (status new, not deleted): what a global carrier change moves (decision 0037). */
const newParcelsOf = (operatorId: string) =>
  and(eq(parcels.operatorId, operatorId), eq(parcels.status, 'new'), isNull(parcels.deletedAt));

/** SQL of one parcel: the record, its history, the per-client counter, writes and locks. */
@Injectable()
export class ParcelsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async clientFacts(clientId: string): Promise<ParcelClientFacts | undefined> {
    const [row] = await this.db
      .select({
        id: clients.id,
        uniquePrefix: clients.uniquePrefix,
        disableNewOrders: clients.disableNewOrders,
        autoReturnPackages: clients.autoReturnPackages,
        parcelSettings: clients.parcelSettings,
        defaultAddress: clients.defaultAddress,
        defaultPhoneShipping: clients.defaultPhoneShipping,
        defaultEmailShipping: clients.defaultEmailShipping,
      })
      .from(clients)
      .where(eq(clients.id, clientId));
    return row;
  }

  async clientExists(clientId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    return !!row;
  }

  async userBlocksOrders(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ disableNewOrders: users.disableNewOrders })
      .from(users)
      .where(eq(users.id, userId));
    return row?.disableNewOrders === true;
  }

  /**
   * The client's next sequence number. The counter row is created or incremented with UPDATE … RETURNING, so it
   * stays locked until the transaction ends: concurrent creates for one client queue here and get distinct numbers.
   */
  async nextSequence(clientId: string): Promise<number> {
    const [row] = await this.db
      .insert(clientParcelCounters)
      .values({ clientId, lastNumber: 1 })
      .onConflictDoUpdate({
        target: clientParcelCounters.clientId,
        set: { lastNumber: sql`${clientParcelCounters.lastNumber} + 1` },
      })
      .returning({ n: clientParcelCounters.lastNumber });
    return row.n;
  }

  /** Reserves `count` numbers of a client's sequence at once: the first of them (the rest follow it). */
  async nextSequences(clientId: string, count: number): Promise<number> {
    const [row] = await this.db
      .insert(clientParcelCounters)
      .values({ clientId, lastNumber: count })
      .onConflictDoUpdate({
        target: clientParcelCounters.clientId,
        set: { lastNumber: sql`${clientParcelCounters.lastNumber} + ${count}` },
      })
      .returning({ n: clientParcelCounters.lastNumber });
    return row.n - count + 1;
  }

  /** Many new parcels in one statement: their ids, by internal number. */
  /** Inserts many parcels: each one's id and when it was written (its `updatedAt`), by internal number. */
  async insertMany(rows: NewParcel[]): Promise<Map<string, { id: string; updatedAt: string }>> {
    if (rows.length === 0) return new Map();
    const ids = await this.db.execute<{ id: string; internal_number: string; updated_at: string | Date }>(
      bulkInsert(parcels, rows, sql`id, internal_number, updated_at`),
    );
    return new Map(
      ids.rows.map((r) => [r.internal_number, { id: r.id, updatedAt: new Date(r.updated_at).toISOString() }]),
    );
  }

  async addHistoryMany(changes: StatusChange[]): Promise<void> {
    if (changes.length === 0) return;
    await this.db.execute(
      bulkInsert(
        parcelStatusHistory,
        changes.map((c) => ({ ...c, note: c.note ?? null })),
      ),
    );
  }

  async insert(parcel: NewParcel): Promise<string> {
    const [row] = await this.db.insert(parcels).values(parcel).returning({ id: parcels.id });
    return row.id;
  }

  /**
   * A status set without naming the carrier's code (a person, a scan, a cancellation) no longer stands on the
   * carrier's code, so a later change of the status map leaves it alone.
   */
  async update(id: string, changes: ParcelChanges): Promise<void> {
    const leavesCarrierCode = changes.status !== undefined && !('carrierStatusCode' in changes);
    await this.db
      .update(parcels)
      .set({ ...changes, ...(leavesCarrierCode ? { carrierStatusCode: null } : {}), updatedAt: sql`now()` })
      .where(eq(parcels.id, id));
  }

  async addHistory(change: StatusChange): Promise<void> {
    await this.db.insert(parcelStatusHistory).values({ ...change, note: change.note ?? null });
  }

  /**
   * Locks a visible parcel for the rest of the transaction (edits, status changes and cancellations of one parcel
   * queue); returns its status and client, or undefined when the caller cannot see it.
   */
  async lock(
    id: string,
    scopeClientId: string | null,
  ): Promise<{ status: ParcelStatus; clientId: string; orderType: string } | undefined> {
    const [row] = await this.db
      .select({ status: parcels.status, clientId: parcels.clientId, orderType: parcels.orderType })
      .from(parcels)
      .where(visible(id, scopeClientId))
      .for('update');
    return row ? { ...row, status: row.status as ParcelStatus } : undefined;
  }

  async findView(id: string, scopeClientId: string | null): Promise<ParcelView | undefined> {
    const [row] = await this.db
      .select(viewColumns)
      .from(parcels)
      .innerJoin(clients, eq(clients.id, parcels.clientId))
      .leftJoin(operators, eq(operators.id, parcels.operatorId))
      .leftJoin(parcelWeights, eq(parcelWeights.parcelId, parcels.id))
      .where(visible(id, scopeClientId));
    if (!row) return undefined;
    return { ...toView(row), statusHistory: await this.history(id) };
  }

  /** A parcel's list row, deleted or not (for live updates after a change). */
  async listItem(id: string): Promise<ParcelListItem | undefined> {
    const [row] = await this.db
      .select(listColumns)
      .from(parcels)
      .innerJoin(clients, eq(clients.id, parcels.clientId))
      .leftJoin(operators, eq(operators.id, parcels.operatorId))
      .where(eq(parcels.id, id));
    return row ? toListItem(row) : undefined;
  }

  async history(parcelId: string): Promise<ParcelStatusHistoryEntry[]> {
    const rows = await this.db
      .select({
        id: parcelStatusHistory.id,
        status: parcelStatusHistory.status,
        previousStatus: parcelStatusHistory.previousStatus,
        source: parcelStatusHistory.source,
        changedById: parcelStatusHistory.changedById,
        changedByName: sql<
          string | null
        >`nullif(btrim(concat(${users.firstName}, ' ', ${users.lastName})), '')`,
        apiKeyId: parcelStatusHistory.apiKeyId,
        note: parcelStatusHistory.note,
        scan: sql<{
          terminal: string;
          driver: string | null;
          registrationNumber: string | null;
        } | null>`case when ${scans.id} is null then null else json_build_object('terminal', ${scans.terminal}, 'driver', ${scans.driver}, 'registrationNumber', ${scans.registrationNumber}) end`,
        carrier: sql<{
          code: string;
          description: string | null;
          at: string | null;
        } | null>`case when ${parcelStatusHistory.carrierCode} is null then null else json_build_object('code', ${parcelStatusHistory.carrierCode}, 'description', ${parcelStatusHistory.carrierDescription}, 'at', to_char(${parcelStatusHistory.carrierEventAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end`,
        createdAt: parcelStatusHistory.createdAt,
      })
      .from(parcelStatusHistory)
      .leftJoin(users, eq(users.id, parcelStatusHistory.changedById))
      .leftJoin(scans, eq(scans.id, parcelStatusHistory.scanId))
      .where(eq(parcelStatusHistory.parcelId, parcelId))
      .orderBy(asc(parcelStatusHistory.createdAt), asc(parcelStatusHistory.id));
    return rows.map((r) => ({
      ...r,
      status: r.status as ParcelStatus,
      previousStatus: r.previousStatus as ParcelStatus | null,
      source: r.source as StatusChangeSource,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /** Whether a return parcel was made from this one (deleted returns count: a return is made once). */
  async hasReturn(parcelId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: parcels.id })
      .from(parcels)
      .where(eq(parcels.returnOfId, parcelId))
      .limit(1);
    return !!row;
  }

  /** Active (not deleted, not delivered or cancelled) parcels assigned to a carrier. */
  async countActiveOfOperator(operatorId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(parcels)
      .where(
        and(
          eq(parcels.operatorId, operatorId),
          isNull(parcels.deletedAt),
          notInArray(parcels.status, [...FINAL_PARCEL_STATUSES]),
        ),
      );
    return row.n;
  }

  /** How many parcels a global change from this carrier would move (`moveNewParcels`' rows). */
  async countNewOfOperator(operatorId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(parcels)
      .where(newParcelsOf(operatorId));
    return row.n;
  }

  /** Moves the carrier's parcels not yet sent (status new, not deleted) to another; returns their ids. */
  /**
   * The global carrier change: parcels of `from` in status new go to `to`, and their stored routing explanation
   * names the new carrier with a `carrierChange` note (who, when, from which carrier; decision 0088).
   */
  async moveNewParcels(from: NamedRef, to: NamedRef, changedById: string | null): Promise<string[]> {
    const toRef = JSON.stringify(to);
    const byName = changedById
      ? sql`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${changedById})`
      : sql`null`;
    const change = sql`jsonb_build_object(
      'from', ${JSON.stringify(from)}::jsonb, 'to', ${toRef}::jsonb, 'changedAt', ${new Date().toISOString()}::text,
      'changedById', ${changedById}::text, 'changedByName', ${byName})`;
    const routing = sql`case when ${parcels.routing} is null then null else
      jsonb_set(jsonb_set(jsonb_set(${parcels.routing}, '{operator}', ${toRef}::jsonb, false),
        '{condition,operatorId}', to_jsonb(${to.id}::text), false),
        '{condition,operatorName}', to_jsonb(${to.name}::text), false)
      || jsonb_build_object('carrierChange', ${change}) end`;
    const rows = await this.db
      .update(parcels)
      .set({ operatorId: to.id, routing, updatedAt: sql`now()` })
      .where(newParcelsOf(from.id))
      .returning({ id: parcels.id });
    return rows.map((r) => r.id);
  }
}
