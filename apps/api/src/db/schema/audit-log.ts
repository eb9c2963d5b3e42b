import { bigserial, index, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Every change made by a person or an API key: who, what, when, before and after. Read by administration/logs. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What happened, e.g. `user.create`, `user.update`, `user.passwordChange`. */
    type: varchar('type', { length: 60 }).notNull(),
    entity: varchar('entity', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    // The logs screen filters by type and by author, newest first.
    index('audit_log_type_idx').on(t.type, t.createdAt, t.id),
    index('audit_log_author_idx').on(t.createdById, t.createdAt, t.id),
  ],
);
