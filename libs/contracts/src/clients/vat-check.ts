import { z } from 'zod';
import { clientViewSchema } from './schemas';

/**
 * The VIES VAT check of a client (decision 0021): the EU member states VIES answers for, what a check found,
 * and the warnings a client save carries.
 */

/** EU member states by ISO 3166-1 code. VIES itself names Greece 'EL' (see `viesCountryCode` in domain). */
export const VIES_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

/**
 * What a check found: `valid` / `invalid` are VIES's answers about the number; `unavailable` means VIES could
 * not be asked (not configured, down, timed out, an answer we cannot read); `notEu` means the number is not an
 * EU member state's, so VIES was not asked.
 */
export const VAT_CHECK_OUTCOMES = ['valid', 'invalid', 'unavailable', 'notEu'] as const;
export type VatCheckOutcome = (typeof VAT_CHECK_OUTCOMES)[number];

/** One VAT check, as recorded in the audit log (`details.vatCheck`) and sent back with the saved client. */
export const vatCheckReportSchema = z.object({
  /** The VAT ID as saved. */
  vatId: z.string(),
  outcome: z.enum(VAT_CHECK_OUTCOMES),
  /** Country code and number as sent to VIES (null when VIES was not asked). */
  countryCode: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /** The registered trader's name and address, when the member state discloses them. */
  name: z.string().nullable(),
  address: z.string().nullable(),
  /** VIES's date and consultation number of the check. */
  requestDate: z.string().nullable(),
  requestIdentifier: z.string().nullable(),
  /** Why VIES gave no answer (e.g. NOT_CONFIGURED, TIMEOUT, HTTP_500, MS_UNAVAILABLE) or refused the input. */
  reason: z.string().nullable(),
});
export type VatCheckReport = z.infer<typeof vatCheckReportSchema>;

export const CLIENT_WARNING_CODES = ['vatCheckUnavailable', 'vatCheckNotEu'] as const;
export type ClientWarningCode = (typeof CLIENT_WARNING_CODES)[number];

/** Something the person saving a client should know although the save went through. */
export const clientSaveWarningSchema = z.object({
  code: z.enum(CLIENT_WARNING_CODES),
  /** The field it concerns. */
  path: z.literal('vatId'),
  /** The human text (MESSAGES), shown by the panel in its language. */
  message: z.string(),
});
export type ClientSaveWarning = z.infer<typeof clientSaveWarningSchema>;

/** POST /client/create and PUT /client/{id}: the saved client, plus the VAT check and its warnings when one ran. */
export const clientSaveReplySchema = clientViewSchema.extend({
  vatCheck: vatCheckReportSchema.optional(),
  warnings: z.array(clientSaveWarningSchema).optional(),
});
export type ClientSaveReply = z.infer<typeof clientSaveReplySchema>;
