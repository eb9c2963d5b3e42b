import { z } from 'zod';
import { MESSAGES } from '../messages';
import { emailField, requiredString } from '../fields';
import { parseDecimalText } from '../numbers';

/** Field builders of the client form (blank handling, codes, numbers, bank account). */

const v = MESSAGES.validation;

export const blank = (x: unknown) =>
  x === null || x === undefined || (typeof x === 'string' && x.trim() === '');

/** Optional text: absent = unchanged, blank or null = none, else trimmed and at most `max` characters. */
export const optionalText = (max = 255) =>
  z
    .preprocess(
      (x) => (blank(x) ? null : x),
      z
        .string()
        .trim()
        .max(max, { error: `At most ${max} characters` })
        .nullable(),
    )
    .optional();

/** Optional e-mail: blank or null = none, else a valid address (lower-cased). */
export const optionalEmail = z.preprocess((x) => (blank(x) ? null : x), emailField.nullable()).optional();

/** ISO 3166-1 alpha-2 code, upper-cased. */
export const countryField = requiredString(v.countryRequired, 100)
  .regex(/^[A-Za-z]{2}$/, { error: v.countryInvalid })
  .transform((s) => s.toUpperCase());

/** ISO 4217 code, upper-cased. */
export const currencyField = requiredString(v.currencyRequired, 100)
  .regex(/^[A-Za-z]{3}$/, { error: v.currencyInvalid })
  .transform((s) => s.toUpperCase());

export const prefixField = requiredString(v.prefixRequired, 20).regex(/^[A-Za-z0-9]+$/, {
  error: v.prefixInvalid,
});

/** A whole number typed in a form (number or digit string); missing is `requiredMessage`, anything else not a digit string is 'Must be at least 1 digit'. */
export const wholeNumber = (requiredMessage: string, min: number, max: number) =>
  z.preprocess(
    (x) => {
      if (typeof x !== 'string') return x;
      const s = x.trim();
      return s === '' ? undefined : /^\d+$/.test(s) ? Number(s) : x;
    },
    z
      .number({
        error: (iss) => (iss.input === undefined || iss.input === null ? requiredMessage : v.atLeastOneDigit),
      })
      .int({ error: v.atLeastOneDigit })
      .min(min, { error: v.atLeastOneDigit })
      .max(max, { error: `At most ${max}` }),
  );

/** An optional whole number of a settings form: blank or null = none. */
export const optionalWholeNumber = (min: number, max: number) =>
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
        .min(min, { error: v.atLeastOneDigit })
        .max(max, { error: `At most ${max}` })
        .nullable(),
    )
    .optional();

/**
 * An optional non-negative decimal with at most `scale` decimal places (typed either way: parseDecimalText), kept as
 * a string with exactly `scale` places so money stays exact: "12,5" → "12.50". Blank or null = none.
 */
export const optionalDecimal = (scale: number, integerDigits: number) =>
  z
    .preprocess(
      (x) => {
        if (blank(x)) return null;
        if (typeof x === 'number' && Number.isFinite(x)) return String(x);
        return typeof x === 'string' ? (parseDecimalText(x) ?? x) : x;
      },
      z
        .string({ error: v.atLeastOneDigit })
        .regex(new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${scale}})?$`), { error: v.atLeastOneDigit })
        .transform((s) => {
          const [int, frac = ''] = s.split('.');
          return `${String(Number(int))}.${frac.padEnd(scale, '0')}`;
        })
        .nullable(),
    )
    .optional();

/** A bank account number: spaces and dashes dropped, upper-cased, 10 to 34 letters and digits. */
export const optionalBankAccount = z
  .preprocess(
    (x) => (blank(x) ? null : typeof x === 'string' ? x.replace(/[\s-]/g, '') : x),
    z
      .string()
      .regex(/^[A-Za-z0-9]{10,34}$/, { error: v.bankAccountInvalid })
      .transform((s) => s.toUpperCase())
      .nullable(),
  )
  .optional();

/** An optional currency code of a settings form: blank or null = none. */
export const optionalCurrency = z
  .preprocess((x) => (blank(x) ? null : x), currencyField.nullable())
  .optional();
