import { z } from 'zod';
import { MESSAGES } from './messages';
import { requiredString } from './fields';
import {
  optionalText,
  optionalEmail,
  countryField,
  currencyField,
  prefixField,
  wholeNumber,
  optionalWholeNumber,
  optionalDecimal,
  optionalBankAccount,
  optionalCurrency,
} from './client-fields';
import { listRequestBase, sortDirectionSchema } from './pagination';

const v = MESSAGES.validation;

export const clientOptionsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** A client as offered in a picker. */
export interface ClientOption {
  id: string;
  companyName: string;
  shortName: string | null;
  active: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Field schemas. Forms send text inputs as strings; a blank optional field means "none" (null).

// ---------------------------------------------------------------------------------------------------------------
// Settings: the standard pickup address and the standard parcel (settings screen of a client).

export const clientAddressSchema = z
  .object({
    name: requiredString(v.nameRequired, 255),
    street: requiredString(v.streetRequired, 255),
    building: requiredString(v.buildingRequired, 20),
    city: requiredString(v.cityRequired, 100),
    zipCode: requiredString(v.postalCodeRequired, 20),
    country: countryField,
    phone: optionalText(32).default(null),
    email: optionalEmail.default(null),
  })
  .strict();
/** The address fields in form order (settings pickup address, operator addresses). */
export const CLIENT_ADDRESS_KEYS = Object.keys(clientAddressSchema.shape) as (keyof ClientAddress)[];

/** The standard pickup address (SPEC §3 defaultAddress). */
export interface ClientAddress {
  name: string;
  street: string;
  building: string;
  city: string;
  zipCode: string;
  country: string;
  phone: string | null;
  email: string | null;
}

const parcelSettingsShape = {
  content: optionalText(255),
  /** Centimetres. */
  sizeD: optionalWholeNumber(1, 1000),
  sizeL: optionalWholeNumber(1, 1000),
  sizeW: optionalWholeNumber(1, 1000),
  valueCurrency: optionalCurrency,
  /** Declared value, a decimal string with 2 places. */
  value: optionalDecimal(2, 10),
  /** Kilograms, a decimal string with 3 places. */
  weightKg: optionalDecimal(3, 4),
};

/** The standard parcel, as sent: any subset of its fields (absent = unchanged, null = none). */
export const parcelSettingsSchema = z.object(parcelSettingsShape).strict();

/** The standard parcel as stored and returned (SPEC §3 settings): every field, null when not set. */
export interface ParcelSettings {
  content: string | null;
  sizeD: number | null;
  sizeL: number | null;
  sizeW: number | null;
  valueCurrency: string | null;
  value: string | null;
  weightKg: string | null;
}

export const PARCEL_SETTING_KEYS = Object.keys(parcelSettingsShape) as (keyof ParcelSettings)[];

// ---------------------------------------------------------------------------------------------------------------
// The client form (administration/clients).

/** Yes/no settings of a client; all false on a new client except `active`. */
export const CLIENT_FLAGS = [
  'active',
  'disableAccess',
  'disableNewOrders',
  'viesCheck',
  'autoReturnPackages',
  'revertLogic',
  'disableContentInfo',
  'combineLabels',
  'disconnectRouting',
  'disconnectReturn',
  'masterAccount',
  'firstMile',
  'genOnlyFirstMile',
  'dontPrintLastMile',
] as const;
export type ClientFlag = (typeof CLIENT_FLAGS)[number];

const flagShape = Object.fromEntries(CLIENT_FLAGS.map((f) => [f, z.boolean()])) as Record<
  ClientFlag,
  z.ZodBoolean
>;
const flagDefaults = Object.fromEntries(
  CLIENT_FLAGS.map((f) => [f, z.boolean().default(f === 'active')]),
) as Record<ClientFlag, z.ZodDefault<z.ZodBoolean>>;

const clientFields = z.object({
  companyName: requiredString(v.nameRequired, 255),
  clientName: optionalText(255),
  shortName: requiredString(v.shortNameRequired, 100),
  vatId: requiredString(v.vatIdRequired, 30),
  phone: requiredString(v.phoneRequired, 32),
  email: optionalEmail,
  country: countryField,
  city: requiredString(v.cityRequired, 100),
  street: requiredString(v.streetRequired, 255),
  zipCode: requiredString(v.postalCodeRequired, 20),
  building: requiredString(v.buildingRequired, 20),
  apartment: optionalText(20),
  currency: currencyField,
  uniquePrefix: prefixField,
  debtBlockDays: wholeNumber(v.debtBlockDaysRequired, 0, 3650),
  ...flagShape,
  /** The master account this (linked) account belongs to. */
  masterId: z.uuid({ error: MESSAGES.masterAccountInvalid }).nullish(),
  accountOwner: optionalText(255),
  iban: optionalBankAccount,
  bankName: optionalText(255),
  defaultPhoneShipping: optionalText(32),
  defaultEmailShipping: optionalEmail,
  additionalShipperNameOnTheLabel: optionalText(100),
  note: optionalText(2000),
  contractNumber: optionalText(100),
  returnMatrixTitle: optionalText(255),
  domesticMatrixTitle: optionalText(255),
  defaultAddress: clientAddressSchema.nullish(),
  parcelSettings: parcelSettingsSchema.nullish(),
});

/** A master account is not linked to another master. */
const masterNotLinked = (d: { masterAccount?: boolean; masterId?: string | null }) =>
  !(d.masterAccount && d.masterId);
const masterNotLinkedIssue = { error: MESSAGES.masterCannotBeLinked, path: ['masterId'] };

/** Bank details without the account number are not bank details. */
export const bankDetailsComplete = (d: {
  accountOwner?: string | null;
  bankName?: string | null;
  iban?: string | null;
}) => !((d.accountOwner || d.bankName) && !d.iban);
const bankDetailsIssue = { error: v.bankAccountRequired, path: ['iban'] };

/**
 * `strictVatCheck: true` asks that the save be refused (503) when the VIES check of the VAT ID cannot be made;
 * without it the save goes through with a warning (decision 0021). It is not stored.
 */
const strictVatCheck = z.boolean().optional();

export const createClientSchema = clientFields
  .extend(flagDefaults)
  .extend({ strictVatCheck })
  .strict()
  .refine(masterNotLinked, masterNotLinkedIssue)
  .refine(bankDetailsComplete, bankDetailsIssue);
export type CreateClientRequest = z.input<typeof createClientSchema>;

/**
 * Edit: any subset of the fields (absent = unchanged; `defaultAddress` and `parcelSettings`, when given, are
 * replaced whole). `confirmLinked: true` confirms a change that reaches the
 * linked accounts of a master account (see `changesReachingLinkedAccounts`); without it such a change is refused
 * with 409 and `error: CLIENT_ERROR_CODES.linkedAccountsConfirmation`.
 */
export const updateClientSchema = clientFields
  .partial()
  .extend({ confirmLinked: z.boolean().optional(), strictVatCheck })
  .strict()
  .refine(masterNotLinked, masterNotLinkedIssue);
export type UpdateClientRequest = z.input<typeof updateClientSchema>;

/** `error` of the 409 that asks the panel for the master-account confirmation ("I understand"). */
export const CLIENT_ERROR_CODES = {
  linkedAccountsConfirmation: 'LinkedAccountsConfirmationRequired',
} as const;

/** `details` of that 409. */
export interface LinkedAccountsConfirmationDetails {
  linkedAccounts: number;
  /** The changed fields that reach the linked accounts. */
  fields: string[];
}

/** Flags of a master account that its linked accounts follow: changing one changes it on every linked account. */
export const MASTER_PROPAGATED_FLAGS = ['active', 'disableAccess', 'disableNewOrders'] as const;

/**
 * Which of `changes` (fields that differ from `current`) reach a master's linked accounts: the propagated flags,
 * and `masterAccount` turned off (which unlinks them). Empty when `current` is not a master account.
 */
export function changesReachingLinkedAccounts(
  current: { masterAccount: boolean },
  changes: Partial<Record<string, unknown>>,
): string[] {
  if (!current.masterAccount) return [];
  const fields: string[] = MASTER_PROPAGATED_FLAGS.filter((f) => changes[f] !== undefined);
  if (changes.masterAccount === false) fields.push('masterAccount');
  return fields;
}

// ---------------------------------------------------------------------------------------------------------------
// Own client settings (PUT /client/put/current): the client's address, the pickup address and the settings.

/** The client's own address as its users may change it (decision 0020): not the country, which the VAT ID follows. */
export const ownClientAddressSchema = z
  .object({
    street: requiredString(v.streetRequired, 255),
    building: requiredString(v.buildingRequired, 20),
    apartment: optionalText(20).default(null),
    city: requiredString(v.cityRequired, 100),
    zipCode: requiredString(v.postalCodeRequired, 20),
    phone: requiredString(v.phoneRequired, 32),
    email: optionalEmail.default(null),
  })
  .strict();
export type OwnClientAddress = z.output<typeof ownClientAddressSchema>;
export const OWN_CLIENT_ADDRESS_KEYS = Object.keys(
  ownClientAddressSchema.shape,
) as (keyof OwnClientAddress)[];

export const ownClientSettingsSchema = z
  .object({
    /** The client's own address, replaced whole. */
    clientAddress: ownClientAddressSchema.optional(),
    defaultAddress: clientAddressSchema.nullable().optional(),
    settings: z
      .object({
        ...parcelSettingsShape,
        defaultEmailShippingAddress: optionalEmail,
        defaultPhoneShippingAddress: optionalText(32),
        additionalShipperNameOnTheLabel: optionalText(100),
      })
      .strict()
      .optional(),
  })
  .strict();
export type OwnClientSettingsRequest = z.input<typeof ownClientSettingsSchema>;

/** SPEC §3 "settings" of the current client. */
export interface OwnClientSettings extends ParcelSettings {
  defaultEmailShippingAddress: string | null;
  defaultPhoneShippingAddress: string | null;
  additionalShipperNameOnTheLabel: string | null;
}

/** GET /client/get/current: the signed-in client user's own client, in SPEC §3 "Current client" names. */
export interface CurrentClientView {
  id: string;
  name: string;
  clientName: string | null;
  shortName: string | null;
  vatId: string | null;
  prefix: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  city: string | null;
  zipCode: string | null;
  street: string | null;
  building: string | null;
  apartment: string | null;
  /** Street, building and apartment in one line ("Długa 5/3"). */
  address: string | null;
  currency: string | null;
  autoReturnPackages: boolean;
  isRevert: boolean;
  masterAccount: boolean;
  firstMile: boolean;
  genOnlyFirstMile: boolean;
  dontPrintLastMile: boolean;
  disableNewOrders: boolean;
  bankAccount: { accountOwner: string | null; iban: string | null; bankName: string | null };
  defaultAddress: ClientAddress | null;
  settings: OwnClientSettings;
}

// ---------------------------------------------------------------------------------------------------------------
// Views and the list.

/** A client row of the clients list (and of its live updates on `list:clients`). */
export interface ClientListItem {
  id: string;
  companyName: string;
  clientName: string | null;
  shortName: string | null;
  uniquePrefix: string | null;
  vatId: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  city: string | null;
  currency: string | null;
  active: boolean;
  disableAccess: boolean;
  disableNewOrders: boolean;
  masterAccount: boolean;
  masterId: string | null;
  masterName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A client as the edit form gets it (GET /client/{id}). */
export interface ClientView extends ClientListItem, Record<ClientFlag, boolean> {
  street: string | null;
  zipCode: string | null;
  building: string | null;
  apartment: string | null;
  debtBlockDays: number;
  accountOwner: string | null;
  iban: string | null;
  bankName: string | null;
  defaultPhoneShipping: string | null;
  defaultEmailShipping: string | null;
  additionalShipperNameOnTheLabel: string | null;
  note: string | null;
  contractNumber: string | null;
  returnMatrixTitle: string | null;
  domesticMatrixTitle: string | null;
  defaultAddress: ClientAddress | null;
  parcelSettings: ParcelSettings | null;
  /** How many clients are linked to this one (a master account). */
  linkedAccounts: number;
}

export const CLIENT_SORT_FIELDS = ['companyName', 'shortName', 'createdAt'] as const;
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];

export const clientListRequestSchema = listRequestBase.extend({
  filters: z
    .object({
      /** Company, client or short name, prefix, VAT ID or e-mail contains this (case-insensitive). */
      search: z.string().trim().max(100).optional(),
      active: z.boolean().optional(),
      disableAccess: z.boolean().optional(),
      /** Only master accounts. */
      masterOnly: z.boolean().optional(),
      /** Only the accounts linked to this master. */
      masterId: z.uuid().optional(),
    })
    .strict()
    .default({}),
  orderBy: z
    .object({ field: z.enum(CLIENT_SORT_FIELDS), direction: sortDirectionSchema })
    .default({ field: 'companyName', direction: 'asc' }),
});
export type ClientListRequest = z.input<typeof clientListRequestSchema>;
