import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { OperatorType, ParcelStatus, RegistrationState } from '@depot/contracts';
import { byIds } from '../../db/by-ids';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { carrierShipments, clients, operators, parcels, type ParcelAddress } from '../../db/schema';

/** What sending one parcel to its carrier needs: the parcel, its carrier with its settings, how it stands. */
export interface RegistrationCandidate {
  id: string;
  clientId: string;
  status: ParcelStatus;
  isCorrect: boolean;
  externalNumber: string | null;
  internalNumber: string;
  referenceNumber: string | null;
  weightKg: string;
  sizeCmL: number | null;
  sizeCmW: number | null;
  sizeCmD: number | null;
  packageCount: number;
  value: string | null;
  valueCurrency: string | null;
  content: string | null;
  pickupAddress: ParcelAddress;
  destinationAddress: ParcelAddress;
  codAmount: string | null;
  codCurrency: string | null;
  insuranceAmount: string | null;
  dropOffPoint: string | null;
  operatorId: string | null;
  operatorType: string | null;
  config: Record<string, unknown> | null;
  /** The operator's encrypted secret fields, as stored. */
  secretConfig: string | null;
  /** The client's parcels wait for "send to carrier" (decision 0147). */
  genOnlyFirstMile: boolean;
  state: RegistrationState | null;
}

/** How one attempt ended, as stored. */
export interface RegistrationOutcome {
  state: Exclude<RegistrationState, 'pending'>;
  errors?: { field: string | null; message: string }[];
  reason?: string | null;
  nextAttemptAt?: Date | null;
  shipmentId?: string | null;
  label?: { format: string; data: Buffer } | null;
}

/** SQL of the registration at the carrier (decision 0147). */
@Injectable()
export class ParcelRegistrationRepository {
  constructor(private readonly transactions: Transactions) {}

  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async candidate(id: string): Promise<RegistrationCandidate | undefined> {
    return (await this.candidates([id]))[0];
  }

  /**
   * The candidates among `ids` (not deleted; of one of `operatorTypes` when given), in one read. The parcels are read
   * by primary key first (`byIds`), then joined: left to itself, the planner may walk the client's parcels instead
   * (decision 0155).
   */
  async candidates(
    ids: readonly string[],
    operatorTypes?: readonly OperatorType[],
  ): Promise<RegistrationCandidate[]> {
    if (ids.length === 0 || operatorTypes?.length === 0) return [];
    const p = byIds(this.db, parcels, ids);
    const rows = await this.db
      .select({
        id: p.id,
        clientId: p.clientId,
        status: p.status,
        isCorrect: p.isCorrect,
        externalNumber: p.externalNumber,
        internalNumber: p.internalNumber,
        referenceNumber: p.referenceNumber,
        weightKg: p.weightKg,
        sizeCmL: p.sizeCmL,
        sizeCmW: p.sizeCmW,
        sizeCmD: p.sizeCmD,
        packageCount: p.packageCount,
        value: p.value,
        valueCurrency: p.valueCurrency,
        content: p.content,
        pickupAddress: p.pickupAddress,
        destinationAddress: p.destinationAddress,
        codAmount: p.codAmount,
        codCurrency: p.codCurrency,
        insuranceAmount: p.insuranceAmount,
        dropOffPoint: p.dropOffPoint,
        operatorId: p.operatorId,
        operatorType: operators.type,
        config: operators.config,
        secretConfig: operators.secretConfig,
        genOnlyFirstMile: clients.genOnlyFirstMile,
        state: carrierShipments.state,
      })
      .from(p)
      .innerJoin(clients, eq(clients.id, p.clientId))
      .leftJoin(operators, eq(operators.id, p.operatorId))
      .leftJoin(carrierShipments, eq(carrierShipments.parcelId, p.id))
      .where(
        and(isNull(p.deletedAt), operatorTypes ? inArray(operators.type, [...operatorTypes]) : undefined),
      );
    return rows.map((row) => ({
      ...row,
      status: row.status as ParcelStatus,
      state: row.state as RegistrationState | null,
    }));
  }

  /**
   * Takes the parcel for sending (state `pending`): only one process sends a parcel at a time. Not taken when it is
   * registered already, or being sent by someone else (a `pending` older than `staleBefore` is taken over: its sender
   * stopped). `onlyUnsent`: taken only when it was never sent (the trigger of a new parcel, heard by every process).
   */
  async claim(parcelId: string, operatorId: string, staleBefore: Date, onlyUnsent = false): Promise<boolean> {
    const insert = this.db.insert(carrierShipments).values({ parcelId, operatorId, state: 'pending' });
    if (onlyUnsent) {
      const taken = await insert.onConflictDoNothing().returning({ parcelId: carrierShipments.parcelId });
      return taken.length > 0;
    }
    const rows = await insert
      .onConflictDoUpdate({
        target: carrierShipments.parcelId,
        set: { state: 'pending', operatorId, updatedAt: sql`now()` },
        setWhere: and(
          sql`${carrierShipments.state} <> 'registered'`,
          or(sql`${carrierShipments.state} <> 'pending'`, lt(carrierShipments.updatedAt, staleBefore)),
        ),
      })
      .returning({ parcelId: carrierShipments.parcelId });
    return rows.length > 0;
  }

  async saveOutcome(parcelId: string, o: RegistrationOutcome): Promise<void> {
    await this.db
      .update(carrierShipments)
      .set({
        state: o.state,
        errors: o.errors ?? [],
        reason: o.reason ?? null,
        attempts: sql`${carrierShipments.attempts} + 1`,
        lastAttemptAt: sql`now()`,
        nextAttemptAt: o.nextAttemptAt ?? null,
        ...(o.state === 'registered'
          ? {
              registeredAt: sql`now()`,
              shipmentId: o.shipmentId ?? null,
              labelFormat: o.label?.format ?? null,
              label: o.label?.data ?? null,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(carrierShipments.parcelId, parcelId));
  }

  async attempts(parcelId: string): Promise<number> {
    const [row] = await this.db
      .select({ attempts: carrierShipments.attempts })
      .from(carrierShipments)
      .where(eq(carrierShipments.parcelId, parcelId));
    return row?.attempts ?? 0;
  }

  async row(parcelId: string) {
    const [row] = await this.db
      .select({
        state: carrierShipments.state,
        errors: carrierShipments.errors,
        reason: carrierShipments.reason,
        attempts: carrierShipments.attempts,
        lastAttemptAt: carrierShipments.lastAttemptAt,
        nextAttemptAt: carrierShipments.nextAttemptAt,
        registeredAt: carrierShipments.registeredAt,
        shipmentId: carrierShipments.shipmentId,
        labelFormat: carrierShipments.labelFormat,
      })
      .from(carrierShipments)
      .where(eq(carrierShipments.parcelId, parcelId));
    return row;
  }

  async label(
    parcelId: string,
  ): Promise<{ format: string; data: Buffer; internalNumber: string } | undefined> {
    const [row] = await this.db
      .select({
        format: carrierShipments.labelFormat,
        data: carrierShipments.label,
        internalNumber: parcels.internalNumber,
      })
      .from(carrierShipments)
      .innerJoin(parcels, eq(parcels.id, carrierShipments.parcelId))
      .where(and(eq(carrierShipments.parcelId, parcelId), eq(carrierShipments.state, 'registered')));
    return row?.format && row.data
      ? { format: row.format, data: row.data, internalNumber: row.internalNumber }
      : undefined;
  }

  /** The carrier's shipment id of a registered parcel (what cancellation names), or null. */
  async shipmentId(parcelId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ shipmentId: carrierShipments.shipmentId })
      .from(carrierShipments)
      .where(and(eq(carrierShipments.parcelId, parcelId), eq(carrierShipments.state, 'registered')));
    return row?.shipmentId ?? null;
  }

  /**
   * What the sweep sends: parcels whose carrier gave no answer and whose next attempt is due, sends that stopped
   * (`pending` since before `staleBefore`), and new parcels of `unsentTypes`' carriers created before `createdBefore` that
   * were never sent (the trigger missed them: a process stopped), oldest first.
   */
  async due(
    now: Date,
    staleBefore: Date,
    createdBefore: Date,
    unsentTypes: readonly string[],
    limit: number,
  ) {
    const retries = await this.db
      .select({ id: carrierShipments.parcelId })
      .from(carrierShipments)
      .where(
        or(
          and(eq(carrierShipments.state, 'unavailable'), lte(carrierShipments.nextAttemptAt, now)),
          and(eq(carrierShipments.state, 'pending'), lt(carrierShipments.updatedAt, staleBefore)),
        ),
      )
      .orderBy(asc(carrierShipments.nextAttemptAt))
      .limit(limit);
    if (unsentTypes.length === 0 || retries.length >= limit) return retries.map((r) => r.id);
    const unsent = await this.db
      .select({ id: parcels.id })
      .from(parcels)
      .innerJoin(operators, eq(operators.id, parcels.operatorId))
      .innerJoin(clients, eq(clients.id, parcels.clientId))
      .leftJoin(carrierShipments, eq(carrierShipments.parcelId, parcels.id))
      .where(
        and(
          eq(parcels.status, 'new'),
          isNull(parcels.deletedAt),
          eq(parcels.isCorrect, true),
          isNull(parcels.externalNumber),
          inArray(operators.type, [...unsentTypes]),
          eq(clients.genOnlyFirstMile, false),
          isNull(carrierShipments.parcelId),
          lt(parcels.createdAt, createdBefore),
        ),
      )
      .orderBy(asc(parcels.createdAt))
      .limit(limit - retries.length);
    return [...retries.map((r) => r.id), ...unsent.map((r) => r.id)];
  }

  /** The operators of these carrier types. */
  async operatorsOfTypes(types: readonly string[]): Promise<string[]> {
    if (types.length === 0) return [];
    const rows = await this.db
      .select({ id: operators.id })
      .from(operators)
      .where(inArray(operators.type, [...types]));
    return rows.map((r) => r.id);
  }
}
