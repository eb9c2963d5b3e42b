import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  type IndexBuilder,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ParcelRouting } from '@depot/contracts';
import { apiKeys } from './api-keys';
import { clients } from './clients';
import { operators } from './operators';
import { users } from './users';

/** A pickup or destination address of a parcel (SPEC 3: name, street, building, city, zipCode, country, phone, email). */
export interface ParcelAddress {
  name: string;
  street: string;
  building: string;
  city: string;
  zipCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string | null;
  email: string | null;
}

type ListIndexColumn =
  | 'id'
  | 'clientId'
  | 'operatorId'
  | 'status'
  | 'orderType'
  | 'source'
  | 'destinationCountry'
  | 'createdAt'
  | 'deletedAt'
  | 'internalNumber'
  | 'weightKg'
  | 'externalNumber'
  | 'referenceNumber'
  | 'firstMileNumber'
  | 'lastMileNumber'
  | 'alternativeNumber'
  | 'barcode';

/**
 * The parcels list's indexes (decisions 0082, 0083), all but the number search partial on not deleted (the list
 * never shows deleted parcels):
 * - filter pairs panel users combine, each followed by the default sort (creation time, id): the first page, the
 *   keyset pages and the capped count of those filters are short index scans;
 * - one per other sort field (keyset on the field and id) with the filter columns as trailing keys, so a filter
 *   is checked in the index while walking it in order, without reading the table for rows that do not match;
 * - the number search (exact or prefix, case-insensitive): `upper(number) text_pattern_ops` per number column.
 *   Not partial, because PostgreSQL only keeps statistics for expression indexes that are not partial.
 */
function listIndexes(t: Record<ListIndexColumn, AnyPgColumn>): IndexBuilder[] {
  const live = sql`${t.deletedAt} is null`;
  // Only parcels that have the number: most new parcels have no carrier numbers yet, and indexing their nulls made
  // every insert pay for entries no search can find (a search's `upper(n) like …` implies n is not null).
  const search = (name: string, column: AnyPgColumn) =>
    index(name)
      .using('btree', sql`upper(${column}) text_pattern_ops`)
      .where(sql`${column} is not null`);
  return [
    index('parcels_list_client_status_idx').on(t.clientId, t.status, t.createdAt, t.id).where(live),
    index('parcels_list_client_operator_idx').on(t.clientId, t.operatorId, t.createdAt, t.id).where(live),
    index('parcels_list_country_status_idx')
      .on(t.destinationCountry, t.status, t.createdAt, t.id)
      .where(live),
    index('parcels_list_country_created_idx').on(t.destinationCountry, t.createdAt, t.id).where(live),
    index('parcels_list_operator_country_idx')
      .on(t.operatorId, t.destinationCountry, t.createdAt, t.id)
      .where(live),
    index('parcels_list_operator_created_idx').on(t.operatorId, t.createdAt, t.id).where(live),
    index('parcels_list_type_source_idx').on(t.orderType, t.source, t.createdAt, t.id).where(live),
    index('parcels_list_number_sort_idx')
      .on(
        t.internalNumber,
        t.id,
        t.clientId,
        t.operatorId,
        t.status,
        t.destinationCountry,
        t.orderType,
        t.source,
      )
      .where(live),
    index('parcels_list_status_sort_idx')
      .on(t.status, t.id, t.clientId, t.operatorId, t.destinationCountry, t.orderType, t.source)
      .where(live),
    index('parcels_list_weight_sort_idx')
      .on(t.weightKg, t.id, t.clientId, t.operatorId, t.status, t.destinationCountry, t.orderType, t.source)
      .where(live),
    search('parcels_search_internal_idx', t.internalNumber),
    search('parcels_search_external_idx', t.externalNumber),
    search('parcels_search_reference_idx', t.referenceNumber),
    search('parcels_search_first_mile_idx', t.firstMileNumber),
    search('parcels_search_last_mile_idx', t.lastMileNumber),
    search('parcels_search_alternative_idx', t.alternativeNumber),
    search('parcels_search_barcode_idx', t.barcode),
  ];
}

/**
 * Parcels (orders; SPEC 3 "Parcel or order"). Addresses are JSON, with their countries copied to columns for
 * filtering and routing. Money is exact numeric. `internalNumber` is unique and made from the client's prefix.
 */
export const parcels = pgTable(
  'parcels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** internal | internalReturn | domestic (contracts ORDER_TYPES). */
    orderType: varchar('order_type', { length: 20 }).notNull(),
    /** form, api, baselinker, file … (contracts PARCEL_SOURCES). */
    source: varchar('source', { length: 20 }).notNull(),
    /** contracts PARCEL_STATUSES. */
    status: varchar('status', { length: 20 }).notNull().default('new'),
    referenceNumber: varchar('reference_number', { length: 100 }),
    internalNumber: varchar('internal_number', { length: 40 }).notNull(),
    externalNumber: varchar('external_number', { length: 100 }),
    firstMileNumber: varchar('first_mile_number', { length: 100 }),
    lastMileNumber: varchar('last_mile_number', { length: 100 }),
    alternativeNumber: varchar('alternative_number', { length: 100 }),
    barcode: varchar('barcode', { length: 100 }),
    weightKg: numeric('weight_kg', { precision: 10, scale: 3 }).notNull(),
    sizeCmL: integer('size_cm_l'),
    sizeCmW: integer('size_cm_w'),
    sizeCmD: integer('size_cm_d'),
    packageCount: integer('package_count').notNull().default(1),
    value: numeric('value', { precision: 12, scale: 2 }),
    valueCurrency: varchar('value_currency', { length: 3 }),
    content: varchar('content', { length: 255 }),
    note1: varchar('note1', { length: 255 }),
    note2: varchar('note2', { length: 255 }),
    pickupAddress: jsonb('pickup_address').$type<ParcelAddress>().notNull(),
    destinationAddress: jsonb('destination_address').$type<ParcelAddress>().notNull(),
    pickupCountry: varchar('pickup_country', { length: 2 }).notNull(),
    destinationCountry: varchar('destination_country', { length: 2 }).notNull(),
    codAmount: numeric('cod_amount', { precision: 12, scale: 2 }),
    codCurrency: varchar('cod_currency', { length: 3 }),
    insuranceAmount: numeric('insurance_amount', { precision: 12, scale: 2 }),
    dropOffPoint: varchar('drop_off_point', { length: 100 }),
    isCorrect: boolean('is_correct').notNull().default(true),
    /** The carrier routing chose (or a person set); null when routing found none. */
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'restrict' }),
    /** Why the carrier was chosen: the routing result (matrix, matching condition) shown to the user. */
    routing: jsonb('routing').$type<ParcelRouting>(),
    /** The parcel this one returns (order type internalReturn). */
    returnOfId: uuid('return_of_id').references((): AnyPgColumn => parcels.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    deliveryDate: timestamp('delivery_date', { withTimezone: true }),
    firstScanAt: timestamp('first_scan_at', { withTimezone: true }),
    /**
     * The carrier's code the current status stands on (status_map.code of the operator's type): set by the carrier's
     * tracking, cleared when a person or a scan sets the status. A status map change re-applies to these parcels.
     */
    carrierStatusCode: varchar('carrier_status_code', { length: 100 }),
    /** When the carrier says its latest event applied here happened: older events read again are skipped. */
    carrierEventAt: timestamp('carrier_event_at', { withTimezone: true }),
    /** Deleted parcels stay for history and accounting, hidden from lists. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parcels_internal_number_key').on(t.internalNumber),
    index('parcels_created_idx').on(t.createdAt, t.id),
    index('parcels_client_created_idx').on(t.clientId, t.createdAt, t.id),
    index('parcels_status_created_idx').on(t.status, t.createdAt, t.id),
    index('parcels_operator_status_idx').on(t.operatorId, t.status),
    index('parcels_carrier_status_code_idx')
      .on(t.operatorId, t.carrierStatusCode)
      .where(sql`${t.carrierStatusCode} is not null`),
    index('parcels_external_number_idx')
      .on(t.externalNumber)
      .where(sql`${t.externalNumber} is not null`),
    index('parcels_return_of_idx')
      .on(t.returnOfId)
      .where(sql`${t.returnOfId} is not null`),
    ...listIndexes(t),
    check('parcels_weight_check', sql`${t.weightKg} > 0`),
    check('parcels_package_count_check', sql`${t.packageCount} >= 1`),
  ],
);

/** Every status a parcel has had: who or what changed it, when, and from which source. */
export const parcelStatusHistory = pgTable(
  'parcel_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull(),
    previousStatus: varchar('previous_status', { length: 20 }),
    /** panel, api, scan, carrier, job, system. */
    source: varchar('source', { length: 20 }).notNull(),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    note: text('note'),
    /** The scan that made the change (source scan): its terminal, driver and registration number (scans.id). */
    scanId: bigint('scan_id', { mode: 'number' }),
    /** Source carrier: the carrier's code, its text and when the carrier says it happened. */
    carrierCode: varchar('carrier_code', { length: 100 }),
    carrierDescription: varchar('carrier_description', { length: 500 }),
    carrierEventAt: timestamp('carrier_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('parcel_status_history_parcel_idx').on(t.parcelId, t.createdAt)],
);

/** The last internal number used per client (numbers are the client's prefix + a per-client sequence). */
export const clientParcelCounters = pgTable('client_parcel_counters', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
});

/** Idempotent creates over the external API: one stored reply per key and Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
