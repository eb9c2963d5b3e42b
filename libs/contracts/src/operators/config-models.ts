import { z } from 'zod';
import { EXCHANGE_RATE_OPERATOR_TYPES } from '../countries';

/**
 * Carrier (operator) types and, per type, the configuration model the operator form is generated from
 * (SPEC 3: "Operator configuration is a model by type with config and importanceOfTheConfigFields").
 * `GET /api/operator/getConfig/model` serves these; the panel imports them directly.
 */
export const OPERATOR_TYPES = [
  'UPS',
  'DPD',
  'DHL',
  'GLS',
  'INPOST',
  'PACKETA',
  'CARGUS',
  'FEDEX',
  'POCZTA_POLSKA',
  'GEIS',
  /** Landmark Global: a carrier of its own kind, whose parcels travel in Landmark consolidations only (decision 0128). */
  'LANDMARK',
] as const;
export type OperatorType = (typeof OPERATOR_TYPES)[number];

export const isOperatorType = (x: unknown): x is OperatorType =>
  typeof x === 'string' && (OPERATOR_TYPES as readonly string[]).includes(x);

/** Whether operators of this type need a Euro exchange rate (SPEC 5 and 9: UPS, PACKETA, CARGUS). */
export const needsExchangeRate = (type: string): boolean =>
  (EXCHANGE_RATE_OPERATOR_TYPES as readonly string[]).includes(type);

/**
 * Kinds of configuration fields. `secret` fields (passwords, API keys) are stored encrypted, never sent back,
 * and shown masked; all other fields are stored as given.
 */
export const CONFIG_FIELD_TYPES = ['string', 'number', 'boolean', 'select', 'secret'] as const;
export type ConfigFieldType = (typeof CONFIG_FIELD_TYPES)[number];

export const configFieldOptionSchema = z.object({
  value: z.string(),
  /** Message id of the option's label; null = the value is shown as it is (e.g. "PDF"). */
  labelId: z.string().nullable(),
});
export type ConfigFieldOption = z.infer<typeof configFieldOptionSchema>;

export const operatorConfigFieldSchema = z.object({
  key: z.string(),
  /** Message id of the label (libs/contracts/src/catalogue, en and pl). */
  labelId: z.string(),
  type: z.enum(CONFIG_FIELD_TYPES),
  required: z.boolean(),
  /** The choices of a `select` field. */
  options: z.array(configFieldOptionSchema).optional(),
});
export type OperatorConfigField = z.infer<typeof operatorConfigFieldSchema>;

export const operatorConfigModelSchema = z.object({
  type: z.enum(OPERATOR_TYPES),
  /** The fields, in form order. */
  config: z.array(operatorConfigFieldSchema),
  /** Keys of the fields that matter most (credentials, account numbers), most important first: shown first and marked. */
  importanceOfTheConfigFields: z.array(z.string()),
  /** Whether the operator form asks for a Euro exchange rate (and requires it). */
  needsExchangeRate: z.boolean(),
});
export type OperatorConfigModel = z.infer<typeof operatorConfigModelSchema>;

/** A configuration value as stored and returned (secrets are never returned). */
export const configValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type ConfigValue = z.infer<typeof configValueSchema>;

const field = (
  key: string,
  type: ConfigFieldType,
  required: boolean,
  options?: ConfigFieldOption[],
): OperatorConfigField => ({
  key,
  labelId: `operators.config.${key}`,
  type,
  required,
  ...(options ? { options } : {}),
});

const plain = (...values: string[]): ConfigFieldOption[] => values.map((value) => ({ value, labelId: null }));

const environment = field('environment', 'select', true, [
  { value: 'production', labelId: 'operators.option.production' },
  { value: 'sandbox', labelId: 'operators.option.sandbox' },
]);
const labelFormat = (...formats: string[]) => field('labelFormat', 'select', true, plain(...formats));
const login = field('login', 'string', true);
const password = field('password', 'secret', true);
const clientId = field('clientId', 'string', true);
const clientSecret = field('clientSecret', 'secret', true);
const accountNumber = field('accountNumber', 'string', true);
const saturdayDelivery = field('saturdayDelivery', 'boolean', false);

const model = (
  type: OperatorType,
  config: OperatorConfigField[],
  importanceOfTheConfigFields: string[],
): OperatorConfigModel => ({
  type,
  config,
  importanceOfTheConfigFields,
  needsExchangeRate: needsExchangeRate(type),
});

/** The configuration model of every operator type. */
export const OPERATOR_CONFIG_MODELS: Record<OperatorType, OperatorConfigModel> = {
  UPS: model(
    'UPS',
    [
      field('shipperNumber', 'string', true),
      clientId,
      clientSecret,
      environment,
      labelFormat('PDF', 'ZPL', 'GIF'),
      saturdayDelivery,
    ],
    ['shipperNumber', 'clientId', 'clientSecret'],
  ),
  DPD: model(
    'DPD',
    [
      login,
      password,
      field('masterFid', 'number', true),
      field('fid', 'number', true),
      environment,
      labelFormat('PDF', 'ZPL', 'EPL'),
      field('pudoDelivery', 'boolean', false),
    ],
    ['fid', 'masterFid', 'login', 'password'],
  ),
  DHL: model(
    'DHL',
    [
      login,
      password,
      accountNumber,
      field('sapNumber', 'string', false),
      environment,
      labelFormat('PDF', 'ZPL'),
      saturdayDelivery,
    ],
    ['accountNumber', 'login', 'password'],
  ),
  // The GLS Group API (tracking) signs in with an app's client id and secret from the GLS developer portal.
  GLS: model(
    'GLS',
    [
      login,
      password,
      field('customerNumber', 'string', false),
      field('clientId', 'string', false),
      field('clientSecret', 'secret', false),
      environment,
      labelFormat('PDF', 'ZPL'),
    ],
    ['login', 'password'],
  ),
  INPOST: model(
    'INPOST',
    [
      field('organizationId', 'number', true),
      field('apiToken', 'secret', true),
      field('defaultService', 'select', true, [
        { value: 'inpost_locker_standard', labelId: 'operators.option.lockerStandard' },
        { value: 'inpost_courier_standard', labelId: 'operators.option.courierStandard' },
        { value: 'inpost_courier_express_1000', labelId: 'operators.option.courierExpress' },
      ]),
      environment,
      labelFormat('PDF', 'ZPL', 'EPL'),
      // Signs the status webhooks InPost sends; optional (without it, statuses are polled).
      field('webhookSecret', 'secret', false),
    ],
    ['organizationId', 'apiToken', 'defaultService'],
  ),
  PACKETA: model(
    'PACKETA',
    [
      field('apiPassword', 'secret', true),
      field('senderLabel', 'string', true),
      labelFormat('A6 on A6', 'A6 on A4', 'A7 on A7'),
    ],
    ['apiPassword', 'senderLabel'],
  ),
  CARGUS: model(
    'CARGUS',
    [
      login,
      password,
      field('subscriptionKey', 'secret', true),
      field('pickupLocationId', 'number', true),
      environment,
    ],
    ['subscriptionKey', 'login', 'password', 'pickupLocationId'],
  ),
  FEDEX: model(
    'FEDEX',
    [
      accountNumber,
      clientId,
      clientSecret,
      environment,
      labelFormat('PDF', 'ZPLII', 'PNG'),
      saturdayDelivery,
    ],
    ['accountNumber', 'clientId', 'clientSecret'],
  ),
  POCZTA_POLSKA: model(
    'POCZTA_POLSKA',
    [
      login,
      password,
      field('postingOfficeId', 'number', true),
      field('contractNumber', 'string', false),
      environment,
      labelFormat('PDF'),
    ],
    ['postingOfficeId', 'login', 'password'],
  ),
  GEIS: model(
    'GEIS',
    [field('customerCode', 'string', true), password, environment, labelFormat('PDF', 'ZPL')],
    ['customerCode', 'password'],
  ),
  // Landmark Global's shipping API signs in with a username, password and client id, in production or test mode.
  // Its shipping service is the account's ship method (Landmark's code, LGINTSTD when left empty; decision 0147).
  LANDMARK: model(
    'LANDMARK',
    [login, password, clientId, environment, field('shipMethod', 'string', false)],
    ['clientId', 'login', 'password'],
  ),
};

/**
 * The model's fields in the order the form shows them: the important ones first (in importance order), then
 * the rest in model order.
 */
export function configFieldsInFormOrder(m: OperatorConfigModel): OperatorConfigField[] {
  const rank = (f: OperatorConfigField) => {
    const i = m.importanceOfTheConfigFields.indexOf(f.key);
    return i === -1 ? m.importanceOfTheConfigFields.length : i;
  };
  return m.config
    .map((f, index) => ({ f, index }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.index - b.index)
    .map(({ f }) => f);
}

/** Keys of the secret fields of a type's model. */
export const secretKeysOf = (type: OperatorType): string[] =>
  OPERATOR_CONFIG_MODELS[type].config.filter((f) => f.type === 'secret').map((f) => f.key);
