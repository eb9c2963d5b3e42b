import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CreateParcelBody, ErrorDetail, ImportColumn } from '@depot/contracts';
import { apiKeys } from './api-keys';
import { clients } from './clients';
import { parcels } from './parcels';
import { users } from './users';

/**
 * An import of shipments from a file (issue 16, decision 0150): whose parcels they become, who uploaded it, how the
 * file was read, how its columns map to the parcel's fields, its state (contracts IMPORT_STATES) and its counts.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** xlsx or csv. */
    kind: varchar('kind', { length: 10 }).notNull(),
    /** contracts IMPORT_ENCODINGS: how the text was read. */
    encoding: varchar('encoding', { length: 20 }).notNull(),
    delimiter: varchar('delimiter', { length: 2 }),
    /** The file's headers, as read. */
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** Field → the index of its column among `headers`. */
    columnMap: jsonb('column_map').$type<Partial<Record<ImportColumn, number>>>().notNull(),
    state: varchar('state', { length: 20 }).notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    invalidRows: integer('invalid_rows').notNull().default(0),
    createdRows: integer('created_rows').notNull().default(0),
    /** Why a failed import failed. */
    errorMessage: text('error_message'),
    jobId: varchar('job_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('imports_created_idx').on(t.createdAt, t.id),
    index('imports_client_created_idx').on(t.clientId, t.createdAt, t.id),
  ],
);

/**
 * One row of an imported file (SPEC 3 import detail: row, rawData, errorMessage, externalNumber, statusProccess,
 * externalTrackingNumber, importFileId): the cells as read, its state (contracts IMPORT_ROW_STATES), its errors per
 * field, the parcel it would be (checked), and once created the parcel and its number.
 */
export const importRows = pgTable(
  'import_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    /** The cells as read, in the file's column order. */
    rawData: jsonb('raw_data').$type<string[]>().notNull(),
    state: varchar('state', { length: 20 }).notNull(),
    /** The first error's message (SPEC's errorMessage); `errors` holds them all, by field. */
    errorMessage: text('error_message'),
    errors: jsonb('errors').$type<ErrorDetail[]>().notNull().default([]),
    referenceNumber: varchar('reference_number', { length: 100 }),
    externalNumber: varchar('external_number', { length: 100 }),
    /** The checked parcel body a valid row becomes on approve. */
    parcel: jsonb('parcel').$type<CreateParcelBody>(),
    parcelId: uuid('parcel_id').references(() => parcels.id, { onDelete: 'set null' }),
    /** The created parcel's number (SPEC's externalTrackingNumber). */
    externalTrackingNumber: varchar('external_tracking_number', { length: 100 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_rows_import_row_idx').on(t.importId, t.row),
    index('import_rows_import_state_idx').on(t.importId, t.state, t.row),
  ],
);

/**
 * A client's saved column mapping (issue 16 item 1): a name and, for each parcel field, the header of the file's column
 * that holds it. Chosen in the upload's mapping step; matched to a new file by header text, not by position.
 */
export const importPresets = pgTable(
  'import_presets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** Field → the header text of its column. */
    columns: jsonb('columns').$type<Partial<Record<ImportColumn, string>>>().notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_presets_client_name_idx').on(t.clientId, t.name)],
);
