import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';
import { MESSAGES } from '../messages';
import { requiredString } from '../fields';
import {
  blank,
  optionalCurrency,
  optionalDecimal,
  optionalEmail,
  optionalText,
} from '../clients/client-fields';
import type { ErrorDetail } from '../errors';
import { parseDecimalText } from '../numbers';
import { ORDER_TYPES, PARCEL_STATUSES } from './constants';
import type { ParcelAddressView } from './replies';

/**
 * Parcels (SPEC 3 "Parcel or order"): what a person or an integrator enters to create or edit one.
 *
 * Two steps, one definition (decision 0050): `createParcelSchema` checks the format of what was sent and leaves
 * fields the client's settings can fill (standard parcel, pickup address, default recipient phone and e-mail)
 * optional; after the defaults are applied, `parcelRequiredIssues` names what is still missing with SPEC 5's
 * messages. The API runs both; the form runs `createParcelFormSchema` (both at once, on what the user sees).
 */

const v = MESSAGES.validation;

/** A supported country code (any case); missing is "Country is required". */
export const parcelCountryField = z.preprocess(
  (x) => {
    if (typeof x !== 'string') return x ?? undefined;
    const s = x.trim().toUpperCase();
    return s === '' ? undefined : s;
  },
  z.enum(COUNTRY_CODES, {
    error: (iss) => (iss.input === undefined ? v.countryRequired : v.routingCountryUnsupported),
  }),
);

/** An address of a parcel (SPEC 3: name, street, building, city, zipCode, country, phone, email). */
export const parcelAddressSchema = z
  .object({
    name: requiredString(v.nameRequired, 255),
    street: requiredString(v.streetRequired, 255),
    building: requiredString(v.buildingRequired, 20),
    city: requiredString(v.cityRequired, 100),
    zipCode: requiredString(v.postalCodeRequired, 20),
    country: parcelCountryField,
    phone: optionalText(32).default(null),
    email: optionalEmail.default(null),
  })
  .strict();
export type ParcelAddressInput = z.input<typeof parcelAddressSchema>;

/** A whole number of a parcel form (number or digit string); blank or null = not given (null). */
const parcelWholeNumber = (max: number) =>
  z
    .preprocess(
      (x) => {
        if (blank(x)) return null;
        if (typeof x === 'string' && /^\s*\d+\s*$/.test(x)) return Number(x);
        return x;
      },
      z
        .number({ error: v.atLeastOneDigit })
        .int({ error: v.atLeastOneDigit })
        .min(1, { error: v.atLeastOneDigit })
        .max(max, { error: `At most ${max}` })
        .nullable(),
    )
    .optional();

/** Weight in kg: a decimal (comma taken for the point) > 0 with at most 3 places, kept as a string ("1.500"). */
const weightField = z
  .preprocess(
    (x) => {
      if (blank(x)) return null;
      if (typeof x === 'number') return Number.isFinite(x) ? String(x) : 'x';
      return typeof x === 'string' ? (parseDecimalText(x) ?? x) : x;
    },
    z
      .string({ error: v.routeWeightInvalid })
      .regex(/^\d{1,7}(\.\d{1,3})?$/, { error: v.routeWeightInvalid })
      .refine((s) => Number(s) > 0, { error: v.routeWeightInvalid })
      .transform((s) => Number(s).toFixed(3))
      .nullable(),
  )
  .optional();

/** COD (cash on delivery): the amount to collect and its currency. */
export const codSchema = z
  .object({
    amountCOD: optionalDecimal(2, 10),
    codCurrency: optionalCurrency,
  })
  .strict();

export const insuranceSchema = z.object({ amount: optionalDecimal(2, 10) }).strict();

/** The fields of a parcel a person or an integrator enters (create: as given; edit: any subset). */
const parcelShape = {
  orderType: z.enum(ORDER_TYPES, { error: v.orderTypeRequired }).optional(),
  referenceNumber: optionalText(100),
  weightKg: weightField,
  /** Centimetres: length, width, height (SPEC 3 sizeCmL/W/D). */
  sizeCmL: parcelWholeNumber(1000),
  sizeCmW: parcelWholeNumber(1000),
  sizeCmD: parcelWholeNumber(1000),
  packageCount: parcelWholeNumber(99),
  /** Declared value, a decimal string with 2 places. */
  value: optionalDecimal(2, 10),
  valueCurrency: optionalCurrency,
  content: optionalText(255),
  note1: optionalText(255),
  note2: optionalText(255),
  /** Absent: the client's standard pickup address. */
  pickupAddress: parcelAddressSchema.nullish(),
  /** Required: a missing address is reported field by field (parcelRequiredIssues). */
  destinationAddress: parcelAddressSchema.nullish(),
  cod: codSchema.nullish(),
  insurance: insuranceSchema.nullish(),
  dropOffPoint: optionalText(100),
};

/**
 * POST /order/create. `clientId`: staff name the client; a client user or an API key creates for its own client
 * (another id reads as a missing client). Without `orderType` it follows the countries (decision 0050).
 */
export const createParcelSchema = z
  .object({
    ...parcelShape,
    clientId: z.uuid({ error: MESSAGES.clientNotFound }).optional(),
  })
  .strict()
  .meta({
    examples: [
      {
        referenceNumber: 'SHOP-100231',
        weightKg: '1.5',
        sizeCmL: 30,
        sizeCmW: 20,
        sizeCmD: 10,
        packageCount: 1,
        value: '100.00',
        valueCurrency: 'EUR',
        content: 'Książki',
        destinationAddress: {
          name: 'Anna Nowak',
          street: 'Hauptstraße',
          building: '12',
          city: 'Berlin',
          zipCode: '10115',
          country: 'DE',
          phone: '+49301234567',
          email: 'anna@example.com',
        },
        cod: { amountCOD: '120.00', codCurrency: 'EUR' },
      },
    ],
  });
export type CreateParcelRequest = z.input<typeof createParcelSchema>;
export type CreateParcelBody = z.output<typeof createParcelSchema>;

/** PUT /order/{id} (status new only): any subset; absent = unchanged, null or blank clears an optional field. */
export const updateParcelSchema = z.object(parcelShape).strict();
export type UpdateParcelRequest = z.input<typeof updateParcelSchema>;
export type UpdateParcelBody = z.output<typeof updateParcelSchema>;

/** A parcel's entered fields once the client's defaults are applied (what `parcelRequiredIssues` checks). */
export interface ParcelDraft {
  orderType: (typeof ORDER_TYPES)[number] | null;
  referenceNumber: string | null;
  weightKg: string | null;
  sizeCmL: number | null;
  sizeCmW: number | null;
  sizeCmD: number | null;
  packageCount: number | null;
  value: string | null;
  valueCurrency: string | null;
  content: string | null;
  note1: string | null;
  note2: string | null;
  pickupAddress: ParcelAddressView | null;
  destinationAddress: ParcelAddressView | null;
  cod: { amountCOD: string | null; codCurrency: string | null } | null;
  insurance: { amount: string | null } | null;
  dropOffPoint: string | null;
}

const ADDRESS_REQUIRED: [keyof ParcelAddressView, string][] = [
  ['name', v.nameRequired],
  ['street', v.streetRequired],
  ['building', v.buildingRequired],
  ['city', v.cityRequired],
  ['zipCode', v.postalCodeRequired],
  ['country', v.countryRequired],
];

/**
 * What a parcel still lacks after the client's defaults, with SPEC 5's messages, in form order. The recipient's
 * phone is required (carriers call before delivery); an e-mail is not. Empty = complete.
 */
export function parcelRequiredIssues(
  d: Partial<Omit<ParcelDraft, 'cod' | 'insurance'>> & {
    cod?: { amountCOD?: string | null; codCurrency?: string | null } | null;
  },
): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const need = (path: string, value: unknown, message: string) => {
    if (value === null || value === undefined || value === '') out.push({ path, message });
  };
  need('orderType', d.orderType, v.orderTypeRequired);
  need('weightKg', d.weightKg, v.routeWeightRequired);
  need('sizeCmL', d.sizeCmL, v.lengthRequired);
  need('sizeCmW', d.sizeCmW, v.widthRequired);
  need('sizeCmD', d.sizeCmD, v.heightRequired);
  need('packageCount', d.packageCount, v.packageCountRequired);
  need('value', d.value, v.parcelValueRequired);
  need('valueCurrency', d.valueCurrency, v.valueCurrencyRequired);
  need('content', d.content, v.parcelContentRequired);
  for (const key of ['pickupAddress', 'destinationAddress'] as const) {
    const address = d[key];
    for (const [field, message] of ADDRESS_REQUIRED) need(`${key}.${field}`, address?.[field], message);
  }
  need('destinationAddress.phone', d.destinationAddress?.phone, v.phoneRequired);
  if (d.cod?.amountCOD) need('cod.codCurrency', d.cod.codCurrency, v.codCurrencyRequired);
  return out;
}

/**
 * The form's schema: the format checks and, on what the form holds (defaults already filled in), the required fields
 * — all at once, also when a format check failed elsewhere (a missing country aborts the object's parse, which would
 * otherwise hide every required-field message until it is fixed).
 */
export const createParcelFormSchema = createParcelSchema.superRefine(
  (d, ctx) => {
    for (const issue of parcelRequiredIssues({ ...d, orderType: d.orderType ?? 'internal' })) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.split('.') });
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

// ---------------------------------------------------------------------------------------------------------------
// Status (PUT /order/{id}/status) and the other single-parcel calls.

export const parcelStatusChangeSchema = z
  .object({
    status: z.enum(PARCEL_STATUSES, { error: v.statusRequired }),
    note: optionalText(1000),
  })
  .strict();
export type ParcelStatusChangeRequest = z.input<typeof parcelStatusChangeSchema>;

/** POST /order/deleteShipment. */
export const deleteShipmentSchema = z
  .object({ id: z.uuid({ error: MESSAGES.parcelNotFound }) })
  .strict()
  .meta({ examples: [{ id: '3f2b8c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f' }] });
export type DeleteShipmentRequest = z.input<typeof deleteShipmentSchema>;
