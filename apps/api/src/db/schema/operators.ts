import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Carriers (SPEC 3 "Operator"). `config` holds the non-secret fields of the carrier type's configuration
 * model; `secretConfig` holds the secret ones (credentials) encrypted at rest, never sent back in full.
 * Addresses and package settings are JSON shaped by the contracts' operator schemas.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Carrier type (contracts OPERATOR_TYPES), e.g. UPS, DPD. Picks the configuration model. */
    type: varchar('type', { length: 30 }).notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    /** EUR exchange rate; required for UPS, PACKETA and CARGUS. Exact decimal. */
    exchangeRateEur: numeric('exchange_rate_eur', { precision: 12, scale: 6 }),
    /** The carrier's own weight limit in kg (null = none); routing refuses heavier parcels. */
    maxWeightKg: numeric('max_weight_kg', { precision: 10, scale: 3 }),
    pickupAddress: jsonb('pickup_address'),
    returnAddress: jsonb('return_address'),
    domesticAddress: jsonb('domestic_address'),
    packageSettings: jsonb('package_settings'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** AES-256-GCM ciphertext of the secret config fields (JSON), or null when there are none. */
    secretConfig: text('secret_config'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operators_name_key').on(sql`lower(btrim(${t.name}))`),
    index('operators_created_idx').on(t.createdAt, t.id),
    index('operators_type_idx').on(t.type),
    check('operators_exchange_rate_check', sql`${t.exchangeRateEur} is null or ${t.exchangeRateEur} > 0`),
    check('operators_max_weight_check', sql`${t.maxWeightKg} is null or ${t.maxWeightKg} > 0`),
  ],
);

/** Additional services a carrier offers (COD, insurance, Saturday delivery…), by the carrier's own code. */
export const operatorAdditionalServices = pgTable(
  'operator_additional_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operator_additional_services_code_key').on(t.operatorId, sql`lower(${t.code})`)],
);
