import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

/**
 * A client's webhook endpoint (issue 15 item 4, decision 0146): where Depot POSTs the events it subscribes to. The
 * signing secret is a credential Depot must use again, so it is stored encrypted (SecretBox), shown once; after a
 * rotation the previous secret also signs until `previousSecretExpiresAt`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2000 }).notNull(),
    /** contracts WEBHOOK_EVENTS, at least one. */
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    secretEncrypted: text('secret_encrypted').notNull(),
    /** The first characters of the secret as shown once, to tell secrets apart. */
    secretPrefix: varchar('secret_prefix', { length: 16 }).notNull(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_client_idx').on(t.clientId, t.createdAt, t.id),
    check('webhook_endpoints_events_check', sql`cardinality(${t.events}) > 0`),
  ],
);

/**
 * One event to one endpoint, and where its sending stands. `eventKey` names the event (a parcel's creation, one of
 * its status changes, its label becoming ready): unique per endpoint, so every process that hears the event may try
 * to enqueue it and only one row is made. `body` is the exact JSON sent (and signed) by every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The endpoint's client (row ownership without a join). */
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** contracts WEBHOOK_DELIVERY_EVENTS. */
    event: varchar('event', { length: 40 }).notNull(),
    eventKey: varchar('event_key', { length: 200 }).notNull(),
    body: text('body').notNull(),
    /** contracts WEBHOOK_DELIVERY_STATES. */
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due (pending), or the end of the current attempt's lease while it is being sent; null when settled. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The next attempt was asked for by hand (replay, test event). */
    manual: boolean('manual').notNull().default(false),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: varchar('last_error', { length: 500 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.endpointId, t.eventKey),
    index('webhook_deliveries_log_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    check('webhook_deliveries_state_check', sql`${t.state} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Every attempt of a delivery: when, how long, the reply code (or why there was none) and the reply's start. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: varchar('error', { length: 500 }),
    responseExcerpt: text('response_excerpt'),
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
