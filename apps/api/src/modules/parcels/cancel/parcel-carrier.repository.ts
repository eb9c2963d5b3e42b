import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ParcelStatus } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../../db/transactions';
import { carrierShipments, operators, parcels, parcelStatusHistory } from '../../../db/schema';

/** What asking a parcel's carrier to cancel needs: the shipment number and the carrier with its settings. */
export interface CarrierShipment {
  status: ParcelStatus;
  externalNumber: string | null;
  /** The carrier's id of the shipment when Depot registered it (decision 0147); else the external number names it. */
  registeredShipmentId: string | null;
  operatorType: string | null;
  config: Record<string, unknown> | null;
  /** The operator's encrypted secret fields, as stored. */
  secretConfig: string | null;
}

/** SQL of the carrier-side cancellation (decision 0100). */
@Injectable()
export class ParcelCarrierRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async shipmentOf(id: string): Promise<CarrierShipment | undefined> {
    const [row] = await this.db
      .select({
        status: parcels.status,
        externalNumber: parcels.externalNumber,
        registeredShipmentId: carrierShipments.shipmentId,
        operatorType: operators.type,
        config: operators.config,
        secretConfig: operators.secretConfig,
      })
      .from(parcels)
      .leftJoin(operators, eq(operators.id, parcels.operatorId))
      .leftJoin(
        carrierShipments,
        and(eq(carrierShipments.parcelId, parcels.id), eq(carrierShipments.state, 'registered')),
      )
      .where(and(eq(parcels.id, id), isNull(parcels.deletedAt)));
    return row ? { ...row, status: row.status as ParcelStatus } : undefined;
  }

  /** The status a parcel had before it went "to cancel" (its latest move into toCancel), or null. */
  async statusBeforeCancel(id: string): Promise<ParcelStatus | null> {
    const [row] = await this.db
      .select({ previous: parcelStatusHistory.previousStatus })
      .from(parcelStatusHistory)
      .where(
        and(
          eq(parcelStatusHistory.parcelId, id),
          eq(parcelStatusHistory.status, 'toCancel'),
          ne(parcelStatusHistory.previousStatus, 'toCancel'),
        ),
      )
      .orderBy(desc(parcelStatusHistory.createdAt), desc(parcelStatusHistory.id))
      .limit(1);
    return (row?.previous as ParcelStatus | null | undefined) ?? null;
  }

  /** The note of a parcel's latest history entry (null when it has none or no note). */
  async latestHistoryNote(id: string): Promise<string | null> {
    const [row] = await this.db
      .select({ note: parcelStatusHistory.note })
      .from(parcelStatusHistory)
      .where(eq(parcelStatusHistory.parcelId, id))
      .orderBy(desc(parcelStatusHistory.createdAt), desc(parcelStatusHistory.id))
      .limit(1);
    return row?.note ?? null;
  }

  /** Parcels "to cancel" whose latest history entry is older than `before`, oldest first. */
  async staleToCancel(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: parcels.id })
      .from(parcels)
      .where(
        and(
          eq(parcels.status, 'toCancel'),
          isNull(parcels.deletedAt),
          sql`(select max(h.created_at) from ${parcelStatusHistory} h where h.parcel_id = ${parcels.id}) < ${before.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(parcels.createdAt), asc(parcels.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }
}
