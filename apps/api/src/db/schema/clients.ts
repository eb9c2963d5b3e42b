import { boolean, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * Clients of the broker. The foundation holds the access flags that sign-in and sessions need;
 * the administration module adds the rest of the client record.
 */
export const clients = pgTable('clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyName: varchar('company_name', { length: 255 }).notNull(),
  shortName: varchar('short_name', { length: 100 }),
  /** Users may sign in and API keys work only while the client is active. */
  active: boolean('active').notNull().default(true),
  /** Only an access-disabled page is shown; the API answers every call with an access-disabled error. */
  disableAccess: boolean('disable_access').notNull().default(false),
  /** No new orders may be created for this client. */
  disableNewOrders: boolean('disable_new_orders').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
