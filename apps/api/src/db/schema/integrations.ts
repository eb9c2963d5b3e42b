import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

/**
 * A client's shop integration (SPEC 3 "Integration": name, type, key, user). The shop key is a credential:
 * stored encrypted at rest (`keyEncrypted`), shown masked.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** SPEC 9: ebay, shopify, presta_shop, cdn_xl. */
    type: varchar('type', { length: 20 }).notNull(),
    keyEncrypted: text('key_encrypted').notNull(),
    /** The last characters of the key, to tell keys apart without revealing them. */
    keyHint: varchar('key_hint', { length: 8 }).notNull().default(''),
    user: varchar('user', { length: 255 }),
    active: boolean('active').notNull().default(true),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('integrations_client_idx').on(t.clientId, t.createdAt, t.id),
    check('integrations_type_check', sql`${t.type} in ('ebay', 'shopify', 'presta_shop', 'cdn_xl')`),
  ],
);
