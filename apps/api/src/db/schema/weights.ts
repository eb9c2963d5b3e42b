import {
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys';
import { parcels } from './parcels';
import { users } from './users';

/**
 * A carrier's real-weight file brought by accounting (issue 16 item 4, POST /large/order/importRealWeightFromFile): who
 * brought it, how it was read and what it found. Its lines keep the report (unmatched numbers, over-declared parcels).
 */
export const weightImports = pgTable(
  'weight_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** xlsx or csv. */
    kind: varchar('kind', { length: 10 }).notNull(),
    encoding: varchar('encoding', { length: 20 }).notNull(),
    delimiter: varchar('delimiter', { length: 2 }),
    totalRows: integer('total_rows').notNull().default(0),
    matchedRows: integer('matched_rows').notNull().default(0),
    unmatchedRows: integer('unmatched_rows').notNull().default(0),
    overDeclaredRows: integer('over_declared_rows').notNull().default(0),
    invalidRows: integer('invalid_rows').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('weight_imports_created_idx').on(t.createdAt, t.id)],
);

/** One line of a real-weight file and what became of it: matched (maybe over-declared), unmatched or invalid. */
export const weightImportLines = pgTable(
  'weight_import_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: uuid('import_id')
      .notNull()
      .references(() => weightImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    /** The number as the file gave it. */
    number: varchar('number', { length: 100 }),
    parcelId: uuid('parcel_id').references(() => parcels.id, { onDelete: 'set null' }),
    declaredWeightKg: numeric('declared_weight_kg', { precision: 10, scale: 3 }),
    realWeightKg: numeric('real_weight_kg', { precision: 10, scale: 3 }),
    dimensionalWeightKg: numeric('dimensional_weight_kg', { precision: 10, scale: 3 }),
    /** matched | overDeclared | unmatched | invalid */
    outcome: varchar('outcome', { length: 20 }).notNull(),
    errorMessage: text('error_message'),
  },
  (t) => [index('weight_import_lines_import_outcome_idx').on(t.importId, t.outcome, t.row)],
);

/**
 * The carrier's measured weights of a parcel, from accounting's real-weight files (issue 16 item 4, decision 0151):
 * the real weight, the dimensional one when a file gave it, when and from which file. A table of its own, not columns
 * of `parcels`: recording a file's weights then writes one narrow row and one index per parcel instead of a new version
 * of the parcel's wide row in every one of the parcels table's indexes (decision 0154).
 */
export const parcelWeights = pgTable('parcel_weights', {
  parcelId: uuid('parcel_id')
    .primaryKey()
    .references(() => parcels.id, { onDelete: 'cascade' }),
  realWeightKg: numeric('real_weight_kg', { precision: 10, scale: 3 }).notNull(),
  dimensionalWeightKg: numeric('dimensional_weight_kg', { precision: 10, scale: 3 }),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  /** The file that recorded them last. */
  weightImportId: uuid('weight_import_id').references(() => weightImports.id, { onDelete: 'set null' }),
});
