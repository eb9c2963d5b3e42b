import {
  CLIENT_ADDRESS_KEYS,
  OPERATOR_ADDRESS_KINDS,
  OPERATOR_CONFIG_MODELS,
  OPERATOR_PACKAGE_SETTING_KEYS,
  isOperatorType,
  needsExchangeRate,
  type ClientAddress,
  type ConfigValue,
  type OperatorAddressKind,
  type OperatorConfigField,
  type OperatorView,
} from '@depot/contracts';

/** The operator form's values as typed, and the request bodies made from them (the shared schemas check those). */

export const ADDRESS_FIELDS = CLIENT_ADDRESS_KEYS;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;

export type PackageField = (typeof OPERATOR_PACKAGE_SETTING_KEYS)[number];

/**
 * What happens to a stored secret on save: 'keep' it (left out of the body), 'set' it to `value`, or 'clear' it
 * (null). A new operator's secrets are always 'set'.
 */
export type SecretEdit = 'keep' | 'set' | 'clear';
export interface SecretValue {
  edit: SecretEdit;
  value: string;
}

export interface OperatorFormValues {
  operatorName: string;
  operatorType: string;
  description: string;
  active: boolean;
  exchangeRateEUR: string;
  maxWeightKg: string;
  /** null = the address is not given. */
  pickupAddress: AddressValues | null;
  returnAddress: AddressValues | null;
  domesticAddress: AddressValues | null;
  packageSettings: Record<PackageField, string>;
  /** Non-secret configuration values by key: text as typed, booleans as booleans. */
  config: Record<string, string | boolean>;
  secrets: Record<string, SecretValue>;
}

/** The message id of an operator type's name as people know it (POCZTA_POLSKA → "Poczta Polska"). */
export const operatorTypeLabelId = (type: string) => `operators.type.${type.replace(/_/g, '')}`;

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export const emptyAddress = (): AddressValues =>
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as AddressValues;

const addressValues = (a: ClientAddress | null): AddressValues | null =>
  a ? (Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, str(a[f])])) as AddressValues) : null;

/** A field's starting value: the previous one when it fits, else false, the first choice of a required select, or ''. */
function startValue(
  f: OperatorConfigField,
  previous: string | boolean | ConfigValue | undefined,
): string | boolean {
  if (f.type === 'boolean') return typeof previous === 'boolean' ? previous : false;
  if (previous !== undefined && typeof previous !== 'boolean') {
    const text = String(previous);
    if (f.type !== 'select' || f.options?.some((o) => o.value === text)) return text;
  }
  return f.type === 'select' && f.required ? (f.options?.[0]?.value ?? '') : '';
}

/**
 * The configuration part of the form for `type`: values kept from `previous` where the new model has the same
 * field, secrets 'keep' where the saved operator (of this type) has them set.
 */
export function configFor(
  type: string,
  previous: Record<string, string | boolean | ConfigValue>,
  saved?: OperatorView,
): Pick<OperatorFormValues, 'config' | 'secrets'> {
  if (!isOperatorType(type)) return { config: {}, secrets: {} };
  const config: Record<string, string | boolean> = {};
  const secrets: Record<string, SecretValue> = {};
  for (const f of OPERATOR_CONFIG_MODELS[type].config) {
    if (f.type === 'secret') {
      const stored = saved?.operatorType === type && saved.secrets[f.key]?.set;
      secrets[f.key] = { edit: stored ? 'keep' : 'set', value: '' };
    } else config[f.key] = startValue(f, previous[f.key]);
  }
  return { config, secrets };
}

export const emptyOperatorForm = (): OperatorFormValues => ({
  operatorName: '',
  operatorType: '',
  description: '',
  active: true,
  exchangeRateEUR: '',
  maxWeightKg: '',
  pickupAddress: null,
  returnAddress: null,
  domesticAddress: null,
  packageSettings: Object.fromEntries(OPERATOR_PACKAGE_SETTING_KEYS.map((k) => [k, ''])) as Record<
    PackageField,
    string
  >,
  config: {},
  secrets: {},
});

/**
 * A saved carrier in the form; `decimal` writes its stored decimals (rate, weights) as the user types numbers
 * ("4.310000" → "4,31" in Polish: ui/format formatDecimalInput); the schema reads either back.
 */
export const operatorToForm = (
  o: OperatorView,
  decimal: (stored: string) => string = (stored) => stored,
): OperatorFormValues => ({
  operatorName: o.operatorName,
  operatorType: o.operatorType,
  description: str(o.description),
  active: o.active,
  exchangeRateEUR: o.exchangeRateEUR === null ? '' : decimal(o.exchangeRateEUR),
  maxWeightKg: o.maxWeightKg === null ? '' : decimal(o.maxWeightKg),
  pickupAddress: addressValues(o.pickupAddress),
  returnAddress: addressValues(o.returnAddress),
  domesticAddress: addressValues(o.domesticAddress),
  packageSettings: Object.fromEntries(
    OPERATOR_PACKAGE_SETTING_KEYS.map((k) => {
      const stored = o.packageSettings?.[k];
      return [k, k === 'weightKg' && typeof stored === 'string' ? decimal(stored) : str(stored)];
    }),
  ) as Record<PackageField, string>,
  ...configFor(o.operatorType, o.config, o),
});

/** The form after choosing another type: the new type's configuration, keeping what still fits. */
export function withType(v: OperatorFormValues, type: string, saved?: OperatorView): OperatorFormValues {
  return { ...v, operatorType: type, ...configFor(type, v.config, saved) };
}

/**
 * The create or save body. Secrets: a new operator sends what is typed; an edit leaves out kept ones, sends a
 * changed one (a blank change keeps it), and null for a cleared one. The exchange rate goes only with a type
 * that uses it.
 */
export function toRequest(v: OperatorFormValues, mode: 'create' | 'edit'): Record<string, unknown> {
  const type = v.operatorType;
  const config: Record<string, unknown> = {};
  if (isOperatorType(type)) {
    for (const f of OPERATOR_CONFIG_MODELS[type].config) {
      if (f.type !== 'secret') {
        config[f.key] = v.config[f.key];
        continue;
      }
      const s = v.secrets[f.key] ?? { edit: 'set', value: '' };
      if (s.edit === 'clear' && mode === 'edit') config[f.key] = null;
      else if (s.edit === 'set' && s.value.trim() !== '') config[f.key] = s.value;
    }
  }
  const packageGiven = OPERATOR_PACKAGE_SETTING_KEYS.some((k) => v.packageSettings[k].trim() !== '');
  const body: Record<string, unknown> = {
    operatorName: v.operatorName,
    operatorType: type,
    description: v.description,
    active: v.active,
    exchangeRateEUR: needsExchangeRate(type) ? v.exchangeRateEUR : null,
    maxWeightKg: v.maxWeightKg,
    packageSettings: packageGiven ? { ...v.packageSettings } : null,
    config,
  };
  for (const kind of OPERATOR_ADDRESS_KINDS) body[kind] = v[kind] ? { ...v[kind] } : null;
  return body;
}

export type { OperatorAddressKind };
