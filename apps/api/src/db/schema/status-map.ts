import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { parcels } from './parcels';

/**
 * The status map (SPEC 3 "Status mapping: dbName, code, isTerminal, operator type"; decision 0144): one row per
 * carrier type and the carrier's status code, with the carrier's description of it and the internal status it
 * means. `db_name` null is a code known but not mapped yet — imported from the carrier's list, or seen in its
 * tracking (then `seen_count`, `last_seen_at` and an example parcel say how often and where).
 */
export const statusMap = pgTable(
  'status_map',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** contracts OPERATOR_TYPES. */
    operatorType: varchar('operator_type', { length: 30 }).notNull(),
    /** The carrier's status code (SPEC "external status"), as the carrier sends it. */
    code: varchar('code', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    /** contracts PARCEL_STATUSES, or null while the code is not mapped. */
    dbName: varchar('db_name', { length: 20 }),
    /** The carrier says no more after this code: tracking stops. */
    isTerminal: boolean('is_terminal').notNull().default(false),
    seenCount: bigint('seen_count', { mode: 'number' }).notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    exampleParcelId: uuid('example_parcel_id').references(() => parcels.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('status_map_type_code_key').on(t.operatorType, t.code),
    index('status_map_type_db_name_idx').on(t.operatorType, t.dbName),
    check('status_map_code_check', sql`length(btrim(${t.code})) > 0`),
  ],
);

/**
 * Each carrier's (operator's) status refresh (decision 0145): when it last ran and last got an answer, and the
 * reason it gave none since ("status download errors" on the statuses screen); null reason = answering.
 */
export const carrierTracking = pgTable('carrier_tracking', {
  operatorId: uuid('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastAnswerAt: timestamp('last_answer_at', { withTimezone: true }),
  errorReason: varchar('error_reason', { length: 100 }),
  errorSince: timestamp('error_since', { withTimezone: true }),
  /** Runs in a row without an answer. */
  failures: bigint('failures', { mode: 'number' }).notNull().default(0),
});
