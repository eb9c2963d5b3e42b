import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CountryCode } from '@depot/contracts';
import { operators } from './operators';

/** Sectors (SPEC 3 "Sector: sectorCountry, sectorDescription, mapped to an operator"; decision 0124). */
export const sectors = pgTable(
  'sectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectorCountry: varchar('sector_country', { length: 2 }).$type<CountryCode>().notNull(),
    sectorDescription: varchar('sector_description', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One sector per country and description (trimmed, case-insensitive), also under races.
    uniqueIndex('sectors_country_description_key').on(
      t.sectorCountry,
      sql`lower(btrim(${t.sectorDescription}))`,
    ),
    // The target of sector_operators' (sector_id, sector_country) foreign key.
    unique('sectors_id_country_key').on(t.id, t.sectorCountry),
    index('sectors_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * A carrier (operator) mapped to a sector. The sector's country is kept beside it (following the sector through
 * `on update cascade`), so that "a carrier is in at most one sector of a country" is a unique index that holds
 * under races and when a sector moves to another country: a parcel's sector is then unique (libs/domain sectorOf).
 */
export const sectorOperators = pgTable(
  'sector_operators',
  {
    sectorId: uuid('sector_id').notNull(),
    sectorCountry: varchar('sector_country', { length: 2 }).$type<CountryCode>().notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    mappedAt: timestamp('mapped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sectorId, t.operatorId] }),
    foreignKey({
      name: 'sector_operators_sector_fk',
      columns: [t.sectorId, t.sectorCountry],
      foreignColumns: [sectors.id, sectors.sectorCountry],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('sector_operators_operator_country_key').on(t.operatorId, t.sectorCountry),
  ],
);
