import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ClientGroupType } from '@depot/contracts';
import { clients } from './clients';

/** Client groups (SPEC 3 "Client group"): FV (invoicing) and AREA groups. */
export const clientGroups = pgTable(
  'client_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    type: varchar('type', { length: 10 }).$type<ClientGroupType>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A name held by another group is refused (trimmed, case-insensitive), also under races.
    uniqueIndex('client_groups_name_key').on(sql`lower(btrim(${t.name}))`),
    index('client_groups_created_idx').on(t.createdAt, t.id),
    check('client_groups_type_check', sql`${t.type} in ('FV', 'AREA')`),
  ],
);

/**
 * Membership of a client in a group. Both group types are exclusive and share one pool (libs/domain
 * client-groups), so a client is in at most one group: the unique index on client_id enforces it under races.
 */
export const clientGroupMembers = pgTable(
  'client_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => clientGroups.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.clientId] }),
    uniqueIndex('client_group_members_client_key').on(t.clientId),
  ],
);
