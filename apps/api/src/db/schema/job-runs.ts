import { index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { RecentJobState } from '@depot/contracts';
import { users } from './users';

/**
 * The file jobs (labels, exports) a user started, as the Recent jobs menu lists them (decision 0121): written by
 * the jobs module when a job is queued, as it reports progress, and when it ends, so any instance can answer the
 * list. Rows older than the files' lifetime are removed when a new job is queued.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    /** The Agenda job's id (the `jobId` of the `job:*` events). */
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    state: varchar('state', { length: 20 }).$type<RecentJobState>().notNull(),
    progress: integer('progress').notNull().default(0),
    /** What the job finished with (its `job:finished` result). */
    result: jsonb('result'),
    /** Why it failed (its `job:failed` message). */
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_runs_user_idx').on(t.userId, t.createdAt),
    index('job_runs_created_idx').on(t.createdAt),
  ],
);
