import { customType, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files made by export jobs (xlsx), kept in the database so any instance can serve the download, and only to
 * the user who asked for it. Removed after `expiresAt`.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Agenda job that made it, when a job did. */
    jobId: varchar('job_id', { length: 64 }),
    /** What was exported, e.g. clients, matrices, operators. */
    entity: varchar('entity', { length: 40 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('export_files_owner_idx').on(t.ownerUserId, t.createdAt),
    index('export_files_expiry_idx').on(t.expiresAt),
  ],
);
