import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { operators } from './operators';

/** Routing matrices (SPEC 3 "Routing matrix"). Exactly one is the default: a partial unique index allows one. */
export const routingMatrices = pgTable(
  'routing_matrices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 255 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('routing_matrices_name_key').on(sql`lower(btrim(${t.name}))`),
    uniqueIndex('routing_matrices_one_default_key')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    index('routing_matrices_created_idx').on(t.createdAt, t.id),
  ],
);

/** One condition of a matrix: pickup country, destination country (null = any), max weight, carrier. */
export const routingConditions = pgTable(
  'routing_conditions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matrixId: uuid('matrix_id')
      .notNull()
      .references(() => routingMatrices.id, { onDelete: 'cascade' }),
    /** Order within the matrix; breaks ties in resolution (libs/domain routing). */
    position: integer('position').notNull(),
    pickupCountry: varchar('pickup_country', { length: 2 }),
    destinationCountry: varchar('destination_country', { length: 2 }),
    maxWeightKg: numeric('max_weight_kg', { precision: 10, scale: 3 }).notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('routing_conditions_matrix_idx').on(t.matrixId, t.position),
    index('routing_conditions_operator_idx').on(t.operatorId),
    check('routing_conditions_weight_check', sql`${t.maxWeightKg} > 0`),
  ],
);
