import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { Language, Role } from '@depot/contracts';
import { clients } from './clients';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: varchar('email', { length: 254 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    role: varchar('role', { length: 20 }).$type<Role>().notNull(),
    lang: varchar('lang', { length: 2 }).$type<Language>().notNull().default('en'),
    /** argon2id hash. */
    passwordHash: text('password_hash').notNull(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    disableNewOrders: boolean('disable_new_orders').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_client_idx').on(t.clientId),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_last_name_idx').on(sql`lower(${t.lastName})`, t.id),
  ],
);
