import { Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { LabelAddress, LabelFormat, LabelParcel, OrderType, ParcelStatus } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { carrierShipments, clients, operators, parcels } from '../../db/schema';

/** Whose parcels a caller may print: a client user or API key only its own client's (null = staff: every client). */
export type LabelScope = { clientId: string | null };

/** Ids read per query; the bulk job reads a selection in batches of this many. */
export const LABEL_READ_BATCH = 500;

const columns = {
  id: parcels.id,
  clientId: parcels.clientId,
  clientShortName: clients.shortName,
  clientCompanyName: clients.companyName,
  internalNumber: parcels.internalNumber,
  referenceNumber: parcels.referenceNumber,
  externalNumber: parcels.externalNumber,
  firstMileNumber: parcels.firstMileNumber,
  lastMileNumber: parcels.lastMileNumber,
  barcode: parcels.barcode,
  orderType: parcels.orderType,
  status: parcels.status,
  isCorrect: parcels.isCorrect,
  packageCount: parcels.packageCount,
  weightKg: parcels.weightKg,
  sizeCmL: parcels.sizeCmL,
  sizeCmW: parcels.sizeCmW,
  sizeCmD: parcels.sizeCmD,
  content: parcels.content,
  note1: parcels.note1,
  pickupAddress: parcels.pickupAddress,
  destinationAddress: parcels.destinationAddress,
  codAmount: parcels.codAmount,
  codCurrency: parcels.codCurrency,
  carrierName: operators.name,
  carrierType: operators.type,
  additionalShipperNameOnTheLabel: clients.additionalShipperNameOnTheLabel,
  firstMile: clients.firstMile,
  genOnlyFirstMile: clients.genOnlyFirstMile,
  dontPrintLastMile: clients.dontPrintLastMile,
  combineLabels: clients.combineLabels,
  carrierLabelFormat: carrierShipments.labelFormat,
  createdAt: parcels.createdAt,
};

const address = (a: LabelAddress): LabelAddress => ({
  name: a.name ?? '',
  street: a.street ?? '',
  building: a.building ?? '',
  city: a.city ?? '',
  zipCode: a.zipCode ?? '',
  country: a.country ?? '',
  phone: a.phone ?? null,
  email: a.email ?? null,
});

const toLabelParcel = (r: Row): LabelParcel => ({
  id: r.id,
  clientId: r.clientId,
  clientName: r.clientShortName || r.clientCompanyName,
  internalNumber: r.internalNumber,
  referenceNumber: r.referenceNumber,
  externalNumber: r.externalNumber,
  firstMileNumber: r.firstMileNumber,
  lastMileNumber: r.lastMileNumber,
  barcode: r.barcode,
  orderType: r.orderType as OrderType,
  status: r.status as ParcelStatus,
  isCorrect: r.isCorrect,
  packageCount: r.packageCount,
  weightKg: r.weightKg,
  sizeCmL: r.sizeCmL,
  sizeCmW: r.sizeCmW,
  sizeCmD: r.sizeCmD,
  content: r.content,
  note1: r.note1,
  pickupAddress: address(r.pickupAddress),
  destinationAddress: address(r.destinationAddress),
  codAmount: r.codAmount,
  codCurrency: r.codCurrency,
  carrierName: r.carrierName,
  carrierType: r.carrierType,
  additionalShipperNameOnTheLabel: r.additionalShipperNameOnTheLabel,
  flags: {
    firstMile: r.firstMile,
    genOnlyFirstMile: r.genOnlyFirstMile,
    dontPrintLastMile: r.dontPrintLastMile,
    combineLabels: r.combineLabels,
  },
  carrierLabelFormat: (r.carrierLabelFormat as LabelFormat | null) ?? null,
  createdAt: r.createdAt,
});

/**
 * The carrier's label of a parcel: kept at registration by the carrier the parcel is routed to now (a parcel routed
 * again waits for the new carrier's).
 */
const carrierLabelOf = (parcelId: typeof parcels.id) =>
  and(
    eq(carrierShipments.parcelId, parcelId),
    eq(carrierShipments.state, 'registered'),
    eq(carrierShipments.operatorId, parcels.operatorId),
    isNotNull(carrierShipments.label),
  );

function labelQuery(db: DbOrTx) {
  return db
    .select(columns)
    .from(parcels)
    .innerJoin(clients, eq(clients.id, parcels.clientId))
    .leftJoin(operators, eq(operators.id, parcels.operatorId))
    .leftJoin(carrierShipments, carrierLabelOf(parcels.id));
}
type Row = Awaited<ReturnType<typeof labelQuery>>[number];

/**
 * The labels module's SQL: parcels with their client's label settings and their carrier, read straight from the
 * parcels table (decision 0056). Deleted parcels are not found; a client-scoped caller finds only its own.
 */
@Injectable()
export class LabelsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  private visible(scope: LabelScope, ...more: SQL[]): SQL | undefined {
    return and(
      isNull(parcels.deletedAt),
      ...(scope.clientId ? [eq(parcels.clientId, scope.clientId)] : []),
      ...more,
    );
  }

  private select() {
    return labelQuery(this.db);
  }

  /** The visible parcels among `ids`, in the order of `ids` (missing ones left out). */
  async byIds(ids: readonly string[], scope: LabelScope): Promise<LabelParcel[]> {
    if (ids.length === 0) return [];
    const rows = await this.select().where(this.visible(scope, inArray(parcels.id, [...new Set(ids)])));
    const byId = new Map(rows.map((r) => [r.id, toLabelParcel(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The newest return parcel of a visible parcel, or undefined (also when the parcel itself is not visible). */
  async returnOf(id: string, scope: LabelScope): Promise<LabelParcel | undefined> {
    const [row] = await this.select()
      .where(this.visible(scope, eq(parcels.returnOfId, id)))
      .orderBy(desc(parcels.createdAt), desc(parcels.id))
      .limit(1);
    return row ? toLabelParcel(row) : undefined;
  }

  /** Whether the parcel exists and the caller may see it. */
  async exists(id: string, scope: LabelScope): Promise<boolean> {
    const [row] = await this.db
      .select({ id: parcels.id })
      .from(parcels)
      .where(this.visible(scope, eq(parcels.id, id)))
      .limit(1);
    return row !== undefined;
  }

  /** The carriers' labels of these parcels (as the label query finds them), by parcel id. */
  async carrierLabels(ids: readonly string[]): Promise<Map<string, Buffer>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: parcels.id, label: carrierShipments.label })
      .from(parcels)
      .innerJoin(carrierShipments, carrierLabelOf(parcels.id))
      .where(inArray(parcels.id, [...new Set(ids)]));
    return new Map(rows.flatMap((r) => (r.label ? [[r.id, r.label] as const] : [])));
  }
}
