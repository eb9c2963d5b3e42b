import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { parcels } from './parcels';
import { sectors } from './sectors';
import { users } from './users';

/**
 * Consolidations (SPEC 3 "Consolidation: type (car or normal), isBlocked, barcode, driver and registrationNumber (car
 * only), isDefaultStatus, isVirtualScan"; issue 14 item 6). `isLandmark` marks a Landmark consolidation (it holds only
 * Landmark parcels; a regular one holds none).
 */
export const consolidations = pgTable(
  'consolidations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** car | normal (contracts CONSOLIDATION_TYPES). */
    type: varchar('type', { length: 10 }).notNull(),
    isLandmark: boolean('is_landmark').notNull().default(false),
    /** Printed on its label and scanned to apply a status to every parcel in it. */
    barcode: varchar('barcode', { length: 40 }).notNull(),
    isBlocked: boolean('is_blocked').notNull().default(false),
    driver: varchar('driver', { length: 100 }),
    registrationNumber: varchar('registration_number', { length: 20 }),
    isDefaultStatus: boolean('is_default_status').notNull().default(false),
    isVirtualScan: boolean('is_virtual_scan').notNull().default(false),
    terminal: varchar('terminal', { length: 100 }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consolidations_barcode_key').on(t.barcode),
    index('consolidations_created_idx').on(t.createdAt, t.id),
    check('consolidations_type_check', sql`${t.type} in ('car', 'normal')`),
  ],
);

/** What a consolidation holds: a parcel, or (in a car consolidation) another consolidation. */
export const consolidationItems = pgTable(
  'consolidation_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consolidationId: uuid('consolidation_id')
      .notNull()
      .references(() => consolidations.id, { onDelete: 'cascade' }),
    parcelId: uuid('parcel_id').references(() => parcels.id, { onDelete: 'cascade' }),
    childConsolidationId: uuid('child_consolidation_id').references(() => consolidations.id, {
      onDelete: 'cascade',
    }),
    addedById: uuid('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consolidation_items_parcel_key').on(t.consolidationId, t.parcelId),
    uniqueIndex('consolidation_items_child_key').on(t.consolidationId, t.childConsolidationId),
    index('consolidation_items_parcel_idx').on(t.parcelId),
    index('consolidation_items_child_idx').on(t.childConsolidationId),
    check(
      'consolidation_items_one_thing_check',
      sql`(${t.parcelId} is null) <> (${t.childConsolidationId} is null)`,
    ),
  ],
);

/**
 * Every scan (SPEC 3 "Scan form" and "Scanned package"; issue 14 items 2–5), whatever came of it. `scanId` is made
 * by the scanning device, so a scan sent twice (retry, reconnect, double Enter, the offline queue) is applied once:
 * the second send reads the first one's outcome. `id` orders a terminal's scans for the wall screens' catch-up.
 */
export const scans = pgTable(
  'scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scanId: varchar('scan_id', { length: 64 }).notNull(),
    /** What was scanned (any of a parcel's numbers, or a consolidation's barcode). */
    number: varchar('number', { length: 100 }).notNull(),
    /** changed | alreadyScanned | refused | notFound (contracts SCAN_OUTCOMES). */
    outcome: varchar('outcome', { length: 20 }).notNull(),
    /** The refusal (a MESSAGES text) when the outcome is not `changed`. */
    message: varchar('message', { length: 255 }),
    /** The status the scan sets (contracts PARCEL_STATUSES). */
    status: varchar('status', { length: 20 }).notNull(),
    previousStatus: varchar('previous_status', { length: 20 }),
    parcelId: uuid('parcel_id').references(() => parcels.id, { onDelete: 'set null' }),
    /** The parcel's client, so a client's user never reads another client's scans. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    internalNumber: varchar('internal_number', { length: 40 }),
    consolidationId: uuid('consolidation_id').references(() => consolidations.id, {
      onDelete: 'set null',
    }),
    sectorId: uuid('sector_id').references(() => sectors.id, { onDelete: 'set null' }),
    /** The sector's description and country as they were at the scan (the sector may change later). */
    sectorLabel: varchar('sector_label', { length: 110 }),
    terminal: varchar('terminal', { length: 100 }).notNull(),
    driver: varchar('driver', { length: 100 }),
    registrationNumber: varchar('registration_number', { length: 20 }),
    description: varchar('description', { length: 255 }),
    timezone: varchar('timezone', { length: 64 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the device scanned it (a queued offline scan is sent later). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scans_scan_id_key').on(t.scanId),
    index('scans_terminal_idx').on(t.terminal, t.id),
    index('scans_scanned_at_idx').on(t.scannedAt),
    index('scans_parcel_idx').on(t.parcelId, t.scannedAt),
  ],
);

/**
 * Wall-screen links (issue 14 item 5): a token that lets one screen follow one terminal's room and nothing else. Only
 * its hash is kept; it is never accepted by the REST API, and an admin revokes it.
 */
export const wallScreenLinks = pgTable(
  'wall_screen_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    terminal: varchar('terminal', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wall_screen_links_token_key').on(t.tokenHash),
    index('wall_screen_links_created_idx').on(t.createdAt, t.id),
  ],
);
