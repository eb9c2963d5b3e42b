import { Column, is, SQL, sql } from 'drizzle-orm';
import type {
  OrderType,
  ParcelAddressView,
  ParcelListItem,
  ParcelRouting,
  ParcelSource,
  ParcelStatus,
  ParcelView,
} from '@depot/contracts';
import { clients, operators, parcels, parcelWeights } from '../../../db/schema';

/** The columns of a parcels list row (joined with clients and operators), shared by the list and the record. */
export const listColumns = {
  id: parcels.id,
  clientId: parcels.clientId,
  clientName: clients.companyName,
  orderType: parcels.orderType,
  source: parcels.source,
  status: parcels.status,
  internalNumber: parcels.internalNumber,
  referenceNumber: parcels.referenceNumber,
  externalNumber: parcels.externalNumber,
  firstMileNumber: parcels.firstMileNumber,
  lastMileNumber: parcels.lastMileNumber,
  alternativeNumber: parcels.alternativeNumber,
  barcode: parcels.barcode,
  operatorId: parcels.operatorId,
  operatorName: operators.name,
  isCorrect: parcels.isCorrect,
  weightKg: parcels.weightKg,
  packageCount: parcels.packageCount,
  pickupCountry: parcels.pickupCountry,
  destinationCountry: parcels.destinationCountry,
  destinationName: sql<string>`${parcels.destinationAddress}->>'name'`,
  destinationCity: sql<string>`${parcels.destinationAddress}->>'city'`,
  codAmount: parcels.codAmount,
  codCurrency: parcels.codCurrency,
  returnOfId: parcels.returnOfId,
  createdAt: parcels.createdAt,
  updatedAt: parcels.updatedAt,
};

/**
 * A list column as JSON, in the shape `toListItem` gives: numerics as their text (as the driver reads them) and
 * instants as ISO 8601 in UTC with milliseconds (as `Date#toISOString`, which truncates; so does `MS`).
 */
function jsonValue(c: Column | SQL): SQL {
  if (is(c, SQL)) return c;
  if (c.columnType === 'PgNumeric') return sql`${c}::text`;
  if (c.columnType === 'PgTimestamp') {
    return sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql`${c}`;
}

/**
 * The list row built by PostgreSQL as one JSON value (decision 0102): a page of 51 rows is then one field per row
 * for the driver and the ORM to read instead of 27, the larger part of the list's own CPU time. Same keys and
 * values as `toListItem` of the same columns (an integration test compares the two).
 */
export const listItemJson = sql<ParcelListItem>`json_build_object(${sql.join(
  Object.entries(listColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${jsonValue(column)}`),
  sql`, `,
)})`;

export const viewColumns = {
  ...listColumns,
  sizeCmL: parcels.sizeCmL,
  sizeCmW: parcels.sizeCmW,
  sizeCmD: parcels.sizeCmD,
  value: parcels.value,
  valueCurrency: parcels.valueCurrency,
  content: parcels.content,
  note1: parcels.note1,
  note2: parcels.note2,
  pickupAddress: parcels.pickupAddress,
  destinationAddress: parcels.destinationAddress,
  insuranceAmount: parcels.insuranceAmount,
  dropOffPoint: parcels.dropOffPoint,
  routing: parcels.routing,
  returnParcelId: sql<
    string | null
  >`(select r.id from ${parcels} r where r.return_of_id = ${parcels.id} order by r.created_at limit 1)`,
  createdById: parcels.createdById,
  apiKeyId: parcels.apiKeyId,
  deliveryDate: parcels.deliveryDate,
  firstScanAt: parcels.firstScanAt,
  // The carrier's measured weights (parcel_weights, joined by findView).
  realWeightKg: parcelWeights.realWeightKg,
  dimensionalWeightKg: parcelWeights.dimensionalWeightKg,
  realWeightAt: parcelWeights.recordedAt,
  deletedAt: parcels.deletedAt,
};

export type ListRow = {
  [K in keyof typeof listColumns]: unknown;
} & { createdAt: Date; updatedAt: Date; clientName: string; weightKg: string };

export function toListItem(r: ListRow): ParcelListItem {
  return {
    id: r.id as string,
    clientId: r.clientId as string,
    clientName: r.clientName,
    orderType: r.orderType as OrderType,
    source: r.source as ParcelSource,
    status: r.status as ParcelStatus,
    internalNumber: r.internalNumber as string,
    referenceNumber: r.referenceNumber as string | null,
    externalNumber: r.externalNumber as string | null,
    firstMileNumber: r.firstMileNumber as string | null,
    lastMileNumber: r.lastMileNumber as string | null,
    alternativeNumber: r.alternativeNumber as string | null,
    barcode: r.barcode as string | null,
    operatorId: r.operatorId as string | null,
    operatorName: r.operatorName as string | null,
    isCorrect: r.isCorrect as boolean,
    weightKg: r.weightKg,
    packageCount: r.packageCount as number,
    pickupCountry: r.pickupCountry as string,
    destinationCountry: r.destinationCountry as string,
    destinationName: r.destinationName as string,
    destinationCity: r.destinationCity as string,
    codAmount: r.codAmount as string | null,
    codCurrency: r.codCurrency as string | null,
    returnOfId: r.returnOfId as string | null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

type ViewRow = ListRow & {
  sizeCmL: number | null;
  sizeCmW: number | null;
  sizeCmD: number | null;
  value: string | null;
  valueCurrency: string | null;
  content: string | null;
  note1: string | null;
  note2: string | null;
  pickupAddress: ParcelAddressView;
  destinationAddress: ParcelAddressView;
  insuranceAmount: string | null;
  dropOffPoint: string | null;
  routing: ParcelRouting | null;
  returnParcelId: string | null;
  createdById: string | null;
  apiKeyId: string | null;
  deliveryDate: Date | null;
  firstScanAt: Date | null;
  realWeightKg: string | null;
  dimensionalWeightKg: string | null;
  realWeightAt: Date | null;
};

/** The record without its history (the repository adds it). */
export function toView(r: ViewRow): Omit<ParcelView, 'statusHistory'> {
  const item = toListItem(r);
  return {
    ...item,
    sizeCmL: r.sizeCmL,
    sizeCmW: r.sizeCmW,
    sizeCmD: r.sizeCmD,
    value: r.value,
    valueCurrency: r.valueCurrency,
    content: r.content,
    note1: r.note1,
    note2: r.note2,
    pickupAddress: r.pickupAddress,
    destinationAddress: r.destinationAddress,
    cod: item.codAmount ? { amountCOD: item.codAmount, codCurrency: item.codCurrency } : null,
    insurance: r.insuranceAmount ? { amount: r.insuranceAmount } : null,
    dropOffPoint: r.dropOffPoint,
    routing: r.routing,
    returnParcelId: r.returnParcelId,
    createdById: r.createdById,
    apiKeyId: r.apiKeyId,
    deliveryDate: r.deliveryDate ? r.deliveryDate.toISOString() : null,
    firstScanAt: r.firstScanAt ? r.firstScanAt.toISOString() : null,
    realWeightKg: r.realWeightKg,
    dimensionalWeightKg: r.dimensionalWeightKg,
    realWeightAt: r.realWeightAt ? r.realWeightAt.toISOString() : null,
  };
}

/** The list row of a record (events carry the row only: NOTIFY payloads stay small). */
export function listItemOfView(v: ParcelListItem): ParcelListItem {
  const out = {} as Record<string, unknown>;
  for (const k of Object.keys(listColumns)) out[k] = (v as unknown as Record<string, unknown>)[k];
  return out as unknown as ParcelListItem;
}
