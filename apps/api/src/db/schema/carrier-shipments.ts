import { customType, index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { parcels } from './parcels';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Registration at the carrier (decision 0147): one row per parcel once it was first sent to its carrier — how it
 * went (contracts REGISTRATION_STATES), the carrier's errors per field when it refused, why it gave no answer and when
 * the sweep asks again, and what it gave back: its shipment id (cancellation names it) and its label. The tracking
 * number itself is the parcel's `external_number`.
 */
export const carrierShipments = pgTable(
  'carrier_shipments',
  {
    parcelId: uuid('parcel_id')
      .primaryKey()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    /** The carrier it was sent to (a parcel routed again is sent to the new one). */
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    state: varchar('state', { length: 20 }).notNull(),
    /** `[{ field, message }]` of a refusal. */
    errors: jsonb('errors').$type<{ field: string | null; message: string }[]>().notNull().default([]),
    reason: varchar('reason', { length: 100 }),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    shipmentId: varchar('shipment_id', { length: 100 }),
    labelFormat: varchar('label_format', { length: 10 }),
    label: bytea('label'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carrier_shipments_retry_idx').on(t.state, t.nextAttemptAt)],
);
