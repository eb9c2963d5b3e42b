import type { ClientView } from './clients';

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
export type VatCheckOutcome = 'valid' | 'invalid' | 'unavailable' | 'notEu';

/** One VAT check, as recorded in the audit log (`details.vatCheck`) and sent back with the saved client. */
export interface VatCheckReport {
  /** The VAT ID as saved. */
  vatId: string;
  outcome: VatCheckOutcome;
  /** Country code and number as sent to VIES (null when VIES was not asked). */
  countryCode: string | null;
  vatNumber: string | null;
  /** The registered trader's name and address, when the member state discloses them. */
  name: string | null;
  address: string | null;
  /** VIES's date and consultation number of the check. */
  requestDate: string | null;
  requestIdentifier: string | null;
  /** Why VIES gave no answer (e.g. NOT_CONFIGURED, TIMEOUT, HTTP_500, MS_UNAVAILABLE) or refused the input. */
  reason: string | null;
}

export const CLIENT_WARNING_CODES = ['vatCheckUnavailable', 'vatCheckNotEu'] as const;
export type ClientWarningCode = (typeof CLIENT_WARNING_CODES)[number];

/** Something the person saving a client should know although the save went through. */
export interface ClientSaveWarning {
  code: ClientWarningCode;
  /** The field it concerns. */
  path: 'vatId';
  /** The human text (MESSAGES), shown by the panel in its language. */
  message: string;
}

/** POST /client/create and PUT /client/{id}: the saved client, plus the VAT check and its warnings when one ran. */
export type ClientSaveReply = ClientView & {
  vatCheck?: VatCheckReport;
  warnings?: ClientSaveWarning[];
};
