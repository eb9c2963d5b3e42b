import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ClientAddress, ParcelSettings } from '@depot/contracts';

/**
 * Clients of the broker: the record edited on administration/clients, the access flags that sign-in and
 * sessions read, and the client's own settings (pickup address, standard parcel).
 *
 * The form requires most fields (contracts `createClientSchema`), but the columns stay nullable: rows created
 * before the client form existed (and the demo client) have none of them.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: varchar('company_name', { length: 255 }).notNull(),
    clientName: varchar('client_name', { length: 255 }),
    /** Unique, case-insensitively. */
    shortName: varchar('short_name', { length: 100 }),
    vatId: varchar('vat_id', { length: 30 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 254 }),
    /** ISO 3166-1 alpha-2 code. */
    country: varchar('country', { length: 2 }),
    city: varchar('city', { length: 100 }),
    street: varchar('street', { length: 255 }),
    zipCode: varchar('zip_code', { length: 20 }),
    building: varchar('building', { length: 20 }),
    apartment: varchar('apartment', { length: 20 }),
    /** ISO 4217 code. */
    currency: varchar('currency', { length: 3 }),
    /** Prefix of the client's parcel numbers; unique, case-insensitively. */
    uniquePrefix: varchar('unique_prefix', { length: 20 }),
    debtBlockDays: integer('debt_block_days').notNull().default(0),
    /** Users may sign in and API keys work only while the client is active. */
    active: boolean('active').notNull().default(true),
    /** Only an access-disabled page is shown; the API answers every call with an access-disabled error. */
    disableAccess: boolean('disable_access').notNull().default(false),
    /** No new orders may be created for this client. */
    disableNewOrders: boolean('disable_new_orders').notNull().default(false),
    viesCheck: boolean('vies_check').notNull().default(false),
    autoReturnPackages: boolean('auto_return_packages').notNull().default(false),
    revertLogic: boolean('revert_logic').notNull().default(false),
    disableContentInfo: boolean('disable_content_info').notNull().default(false),
    combineLabels: boolean('combine_labels').notNull().default(false),
    disconnectRouting: boolean('disconnect_routing').notNull().default(false),
    disconnectReturn: boolean('disconnect_return').notNull().default(false),
    /** A master account; linked accounts point to it with `masterId`. */
    masterAccount: boolean('master_account').notNull().default(false),
    masterId: uuid('master_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    firstMile: boolean('first_mile').notNull().default(false),
    genOnlyFirstMile: boolean('gen_only_first_mile').notNull().default(false),
    dontPrintLastMile: boolean('dont_print_last_mile').notNull().default(false),
    accountOwner: varchar('account_owner', { length: 255 }),
    iban: varchar('iban', { length: 40 }),
    bankName: varchar('bank_name', { length: 255 }),
    defaultPhoneShipping: varchar('default_phone_shipping', { length: 32 }),
    defaultEmailShipping: varchar('default_email_shipping', { length: 254 }),
    additionalShipperNameOnTheLabel: varchar('additional_shipper_name_on_the_label', { length: 100 }),
    note: text('note'),
    contractNumber: varchar('contract_number', { length: 100 }),
    returnMatrixTitle: varchar('return_matrix_title', { length: 255 }),
    domesticMatrixTitle: varchar('domestic_matrix_title', { length: 255 }),
    /** Settings screen: the standard pickup address. */
    defaultAddress: jsonb('default_address').$type<ClientAddress>(),
    /** Settings screen: the standard parcel. */
    parcelSettings: jsonb('parcel_settings').$type<ParcelSettings>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_short_name_key').on(sql`lower(${t.shortName})`),
    uniqueIndex('clients_unique_prefix_key').on(sql`lower(${t.uniquePrefix})`),
    index('clients_company_name_idx').on(sql`lower(${t.companyName})`, t.id),
    index('clients_created_idx').on(t.createdAt, t.id),
    index('clients_master_idx').on(t.masterId),
    check('clients_debt_block_days_check', sql`${t.debtBlockDays} >= 0`),
    // A master is not linked to another master, and nothing is its own master.
    check(
      'clients_master_check',
      sql`${t.masterId} is null or (not ${t.masterAccount} and ${t.masterId} <> ${t.id})`,
    ),
  ],
);
