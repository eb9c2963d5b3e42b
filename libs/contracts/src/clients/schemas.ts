import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredString } from '../fields';
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
import { listRequestBase, sortDirectionSchema } from '../pagination';

const v = MESSAGES.validation;

export const clientOptionsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  /** Only this client: a list's client filter read from its URL names the client by id (decision 0122). */
  id: z.uuid({ error: MESSAGES.clientNotFound }).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** A client as offered in a picker. */
export const clientOptionSchema = z.object({
  id: z.uuid(),
  companyName: z.string(),
  shortName: z.string().nullable(),
  active: z.boolean(),
});
export type ClientOption = z.infer<typeof clientOptionSchema>;

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

/** The standard pickup address (SPEC §3 defaultAddress), as stored and returned. */
export const clientAddressViewSchema = z.object({
  name: z.string(),
  street: z.string(),
  building: z.string(),
  city: z.string(),
  zipCode: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type ClientAddress = z.infer<typeof clientAddressViewSchema>;

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
export const parcelSettingsViewSchema = z.object({
  content: z.string().nullable(),
  /** Centimetres. */
  sizeD: z.number().int().nullable(),
  sizeL: z.number().int().nullable(),
  sizeW: z.number().int().nullable(),
  valueCurrency: z.string().nullable(),
  /** A decimal string with 2 places. */
  value: z.string().nullable(),
  /** A decimal string with 3 places. */
  weightKg: z.string().nullable(),
});
export type ParcelSettings = z.infer<typeof parcelSettingsViewSchema>;

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
export const ownClientSettingsViewSchema = parcelSettingsViewSchema.extend({
  defaultEmailShippingAddress: z.string().nullable(),
  defaultPhoneShippingAddress: z.string().nullable(),
  additionalShipperNameOnTheLabel: z.string().nullable(),
});
export type OwnClientSettings = z.infer<typeof ownClientSettingsViewSchema>;

/** GET /client/get/current: the signed-in client user's own client, in SPEC §3 "Current client" names. */
export const currentClientViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  clientName: z.string().nullable(),
  shortName: z.string().nullable(),
  vatId: z.string().nullable(),
  prefix: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  street: z.string().nullable(),
  building: z.string().nullable(),
  apartment: z.string().nullable(),
  /** Street, building and apartment in one line ("Długa 5/3"). */
  address: z.string().nullable(),
  currency: z.string().nullable(),
  autoReturnPackages: z.boolean(),
  isRevert: z.boolean(),
  masterAccount: z.boolean(),
  firstMile: z.boolean(),
  genOnlyFirstMile: z.boolean(),
  dontPrintLastMile: z.boolean(),
  disableNewOrders: z.boolean(),
  bankAccount: z.object({
    accountOwner: z.string().nullable(),
    iban: z.string().nullable(),
    bankName: z.string().nullable(),
  }),
  defaultAddress: clientAddressViewSchema.nullable(),
  settings: ownClientSettingsViewSchema,
});
export type CurrentClientView = z.infer<typeof currentClientViewSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Views and the list.

/** A client row of the clients list (and of its live updates on `list:clients`). */
export const clientListItemSchema = z.object({
  id: z.uuid(),
  companyName: z.string(),
  clientName: z.string().nullable(),
  shortName: z.string().nullable(),
  uniquePrefix: z.string().nullable(),
  vatId: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  currency: z.string().nullable(),
  active: z.boolean(),
  disableAccess: z.boolean(),
  disableNewOrders: z.boolean(),
  masterAccount: z.boolean(),
  masterId: z.uuid().nullable(),
  masterName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

/** A client as the edit form gets it (GET /client/{id}). */
export const clientViewSchema = clientListItemSchema.extend(flagShape).extend({
  street: z.string().nullable(),
  zipCode: z.string().nullable(),
  building: z.string().nullable(),
  apartment: z.string().nullable(),
  debtBlockDays: z.number().int(),
  accountOwner: z.string().nullable(),
  iban: z.string().nullable(),
  bankName: z.string().nullable(),
  defaultPhoneShipping: z.string().nullable(),
  defaultEmailShipping: z.string().nullable(),
  additionalShipperNameOnTheLabel: z.string().nullable(),
  note: z.string().nullable(),
  contractNumber: z.string().nullable(),
  returnMatrixTitle: z.string().nullable(),
  domesticMatrixTitle: z.string().nullable(),
  defaultAddress: clientAddressViewSchema.nullable(),
  parcelSettings: parcelSettingsViewSchema.nullable(),
  /** How many clients are linked to this one (a master account). */
  linkedAccounts: z.number().int(),
});
export type ClientView = z.infer<typeof clientViewSchema>;

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
