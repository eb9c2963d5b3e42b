import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredString } from '../fields';
import { blank, optionalDecimal, optionalText, optionalWholeNumber } from '../clients/client-fields';
import { clientAddressSchema, clientAddressViewSchema } from '../clients/schemas';
import { listRequestBase, sortDirectionSchema } from '../pagination';
import {
  OPERATOR_CONFIG_MODELS,
  OPERATOR_TYPES,
  isOperatorType,
  needsExchangeRate,
  configValueSchema,
  type ConfigValue,
  type OperatorType,
} from './config-models';

const v = MESSAGES.validation;

/** The message for a missing exchange rate of a type that needs one (SPEC 5: "...for operator UPS"). */
export function exchangeRateRequiredMessage(type: OperatorType): string {
  const key = `exchangeRateRequired${type}` as keyof typeof v;
  const message = v[key];
  return typeof message === 'string' ? message : MESSAGES.enterCorrectData;
}

// ---------------------------------------------------------------------------------------------------------------
// Configuration values, checked against the type's model.

const MAX_CONFIG_TEXT = 255;
const MAX_SECRET = 1000;

export interface ConfigIssue {
  key: string;
  message: string;
}

/** A configuration as sent, checked: non-secret values, secret changes, and what is wrong. */
export interface CheckedConfig {
  /** Non-secret values, normalised (trimmed text, numbers as numbers); unset optional fields left out. */
  config: Record<string, ConfigValue>;
  /** Secrets given: a string sets it; null clears it (edit only). A secret left out is kept (edit). */
  secrets: Record<string, string | null>;
  issues: ConfigIssue[];
}

/**
 * Checks a configuration against the model of `type`. `mode` 'create': a required secret must be given.
 * 'edit': a secret left out (or blank) keeps the stored one, null clears it (never allowed for a required one;
 * whether a required secret left out is really stored is the API's check). Unknown keys are refused.
 */
export function checkOperatorConfig(
  type: OperatorType,
  raw: Record<string, unknown>,
  mode: 'create' | 'edit',
): CheckedConfig {
  const model = OPERATOR_CONFIG_MODELS[type];
  const out: CheckedConfig = { config: {}, secrets: {}, issues: [] };
  const issue = (key: string, message: string) => out.issues.push({ key, message });
  const known = new Set(model.config.map((f) => f.key));
  for (const key of Object.keys(raw)) if (!known.has(key)) issue(key, v.configUnknownField);

  for (const f of model.config) {
    const value = raw[f.key];
    const missing = value === undefined || value === null || blank(value);
    if (f.type === 'secret') {
      if (value === null && mode === 'edit') {
        if (f.required) issue(f.key, v.configRequired);
        else out.secrets[f.key] = null;
      } else if (missing) {
        if (f.required && mode === 'create') issue(f.key, v.configRequired);
      } else if (typeof value !== 'string') issue(f.key, MESSAGES.enterCorrectData);
      else if (value.length > MAX_SECRET) issue(f.key, `At most ${MAX_SECRET} characters`);
      else out.secrets[f.key] = value.trim();
      continue;
    }
    if (f.type === 'boolean') {
      if (value === undefined || value === null) out.config[f.key] = false;
      else if (typeof value !== 'boolean') issue(f.key, MESSAGES.enterCorrectData);
      else out.config[f.key] = value;
      continue;
    }
    if (missing) {
      if (f.required) issue(f.key, v.configRequired);
      continue;
    }
    if (f.type === 'number') {
      const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) issue(f.key, v.atLeastOneDigit);
      else out.config[f.key] = n;
    } else if (typeof value !== 'string') issue(f.key, MESSAGES.enterCorrectData);
    else if (f.type === 'select') {
      if (!f.options?.some((o) => o.value === value)) issue(f.key, v.configOptionInvalid);
      else out.config[f.key] = value;
    } else if (value.trim().length > MAX_CONFIG_TEXT) issue(f.key, `At most ${MAX_CONFIG_TEXT} characters`);
    else out.config[f.key] = value.trim();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The operator form.

/** A positive decimal of a form (comma taken for the point), kept exact as a string: "4,3" → "4.300000". */
const positiveDecimal = (scale: number, integerDigits: number) =>
  optionalDecimal(scale, integerDigits).refine((x) => x === null || x === undefined || Number(x) > 0, {
    error: v.mustBePositive,
  });

const operatorTypeField = z.preprocess(
  (x) => (blank(x) ? undefined : x),
  z.enum(OPERATOR_TYPES, {
    error: (iss) => (iss.input === undefined ? v.operatorTypeRequired : v.operatorTypeInvalid),
  }),
);

/** Contract package settings: the default parcel the carrier's contract assumes (cm and kg). */
export const operatorPackageSettingsSchema = z
  .object({
    lengthCm: optionalWholeNumber(1, 1000),
    widthCm: optionalWholeNumber(1, 1000),
    heightCm: optionalWholeNumber(1, 1000),
    /** Kilograms, a decimal string with 3 places. */
    weightKg: optionalDecimal(3, 4),
  })
  .strict();

/** Package settings as stored and sent back: every key, null when not set. */
export const operatorPackageSettingsViewSchema = z.object({
  lengthCm: z.number().int().nullable(),
  widthCm: z.number().int().nullable(),
  heightCm: z.number().int().nullable(),
  /** Kilograms, a decimal string with 3 places. */
  weightKg: z.string().nullable(),
});
export type OperatorPackageSettings = z.infer<typeof operatorPackageSettingsViewSchema>;

export const OPERATOR_PACKAGE_SETTING_KEYS = ['lengthCm', 'widthCm', 'heightCm', 'weightKg'] as const;

/** The three contract addresses of an operator. */
export const OPERATOR_ADDRESS_KINDS = ['pickupAddress', 'returnAddress', 'domesticAddress'] as const;
export type OperatorAddressKind = (typeof OPERATOR_ADDRESS_KINDS)[number];

const operatorFields = z
  .object({
    operatorName: requiredString(v.nameRequired, 100),
    operatorType: operatorTypeField,
    description: optionalText(2000),
    active: z.boolean().default(true),
    /** EUR exchange rate, up to 6 decimal places; required for the types of EXCHANGE_RATE_OPERATOR_TYPES. */
    exchangeRateEUR: positiveDecimal(6, 6),
    /** The carrier's own weight limit, kg (none = no limit). */
    maxWeightKg: positiveDecimal(3, 7),
    pickupAddress: clientAddressSchema.nullish(),
    returnAddress: clientAddressSchema.nullish(),
    domesticAddress: clientAddressSchema.nullish(),
    packageSettings: operatorPackageSettingsSchema.nullish(),
    /** Values of the type's configuration model by key (secret fields included, see checkOperatorConfig). */
    config: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

type OperatorFields = z.output<typeof operatorFields>;

/** The form's rules across fields: the exchange rate per type, and the configuration against the type's model. */
const crossCheck =
  (mode: 'create' | 'edit') =>
  (d: Partial<OperatorFields>, ctx: z.RefinementCtx): void => {
    // Runs even when a field failed (so every message shows at once): read defensively.
    const type = d.operatorType;
    if (!isOperatorType(type)) return;
    if (needsExchangeRate(type) && (d.exchangeRateEUR === null || d.exchangeRateEUR === undefined)) {
      ctx.addIssue({ code: 'custom', message: exchangeRateRequiredMessage(type), path: ['exchangeRateEUR'] });
    }
    if (d.config && typeof d.config === 'object') {
      for (const i of checkOperatorConfig(type, d.config, mode).issues) {
        ctx.addIssue({ code: 'custom', message: i.message, path: ['config', i.key] });
      }
    }
  };

/** The checked form with the configuration split: `config` non-secret values, `secrets` the secrets given. */
const split =
  (mode: 'create' | 'edit') =>
  (d: OperatorFields): Omit<OperatorFields, 'config'> & Omit<CheckedConfig, 'issues'> => {
    const { config, secrets } = checkOperatorConfig(d.operatorType, d.config, mode);
    return { ...d, config, secrets };
  };

const IN_ANY_CASE = { when: () => true };

/** POST /operator/create. */
export const createOperatorSchema = operatorFields
  .superRefine(crossCheck('create'), IN_ANY_CASE)
  .transform(split('create'));
export type CreateOperatorRequest = z.input<typeof createOperatorSchema>;

/**
 * PUT /operator/{id}: the whole form again (absent optional fields become none), except secrets: a secret left
 * out keeps the stored value, a string replaces it, null clears it.
 */
export const updateOperatorSchema = operatorFields
  .superRefine(crossCheck('edit'), IN_ANY_CASE)
  .transform(split('edit'));
export type UpdateOperatorRequest = z.input<typeof updateOperatorSchema>;
export type OperatorSaveBody = z.output<typeof createOperatorSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Views and the list.

/** A row of the operators list (and of its live updates on `list:operators`). */
export const operatorListItemSchema = z.object({
  id: z.uuid(),
  operatorName: z.string(),
  operatorType: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Exact decimal as text ("4.300000"), or null. */
  exchangeRateEUR: z.string().nullable(),
  maxWeightKg: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OperatorListItem = z.infer<typeof operatorListItemSchema>;

/** A secret configuration field as the API shows it: whether it is set, and its end masked ("••••1234"). */
export const secretStateSchema = z.object({
  set: z.boolean(),
  masked: z.string().nullable(),
});
export type SecretState = z.infer<typeof secretStateSchema>;

/** An operator as the edit form gets it (GET /operator/{id}); secrets are never included, only their state. */
export const operatorViewSchema = operatorListItemSchema.extend({
  pickupAddress: clientAddressViewSchema.nullable(),
  returnAddress: clientAddressViewSchema.nullable(),
  domesticAddress: clientAddressViewSchema.nullable(),
  packageSettings: operatorPackageSettingsViewSchema.nullable(),
  config: z.record(z.string(), configValueSchema),
  /** One entry per secret field of the type's model. */
  secrets: z.record(z.string(), secretStateSchema),
  /** Routing conditions naming this operator, and in how many matrices (routing skips an inactive operator). */
  routingConditions: z.number().int(),
  routingMatrices: z.number().int(),
});
export type OperatorView = z.infer<typeof operatorViewSchema>;

export const OPERATOR_SORT_FIELDS = ['operatorName', 'operatorType', 'createdAt'] as const;
export type OperatorSortField = (typeof OPERATOR_SORT_FIELDS)[number];

export const operatorListFiltersSchema = z
  .object({
    /** Name or description contains this (case-insensitive). */
    search: z.string().trim().max(100).optional(),
    type: z.enum(OPERATOR_TYPES, { error: v.operatorTypeInvalid }).optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type OperatorListFilters = z.output<typeof operatorListFiltersSchema>;

export const operatorOrderBySchema = z
  .object({ field: z.enum(OPERATOR_SORT_FIELDS), direction: sortDirectionSchema })
  .default({ field: 'operatorName', direction: 'asc' });

export const operatorListRequestSchema = listRequestBase.extend({
  filters: operatorListFiltersSchema.default({}),
  orderBy: operatorOrderBySchema,
});
export type OperatorListRequest = z.input<typeof operatorListRequestSchema>;

export const operatorConfigModelQuerySchema = z
  .object({ type: z.enum(OPERATOR_TYPES, { error: v.operatorTypeInvalid }).optional() })
  .strict();

// ---------------------------------------------------------------------------------------------------------------
// Additional services of an operator (COD, insurance, Saturday delivery…), by the carrier's own code.

const serviceName = requiredString(v.nameRequired, 100);

export const createAdditionalServiceSchema = z
  .object({
    operatorId: z.uuid({ error: MESSAGES.operatorNotFound }),
    name: serviceName,
    code: requiredString(v.codeRequired, 50).regex(/^[A-Za-z0-9_-]+$/, { error: v.codeInvalid }),
    active: z.boolean().default(true),
  })
  .strict();
export type CreateAdditionalServiceRequest = z.input<typeof createAdditionalServiceSchema>;

/** Rename a service or switch it on or off. */
export const updateAdditionalServiceSchema = z
  .object({ name: serviceName.optional(), active: z.boolean().optional() })
  .strict();
export type UpdateAdditionalServiceRequest = z.input<typeof updateAdditionalServiceSchema>;

export const operatorAdditionalServiceSchema = z.object({
  id: z.uuid(),
  operatorId: z.uuid(),
  name: z.string(),
  code: z.string(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type OperatorAdditionalService = z.infer<typeof operatorAdditionalServiceSchema>;
