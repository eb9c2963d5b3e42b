import { z } from 'zod';

/** One supported country: ISO 3166-1 alpha-2 code with its English and Polish names. */
export interface Country {
  code: string;
  en: string;
  pl: string;
}

/**
 * SPEC 5 "Supported countries": the explicit 29-country reading (the other reading, "45 European countries",
 * names no list). Order follows the SPEC. Names are the short forms used in the panel.
 */
export const SUPPORTED_COUNTRIES = [
  { code: 'DE', en: 'Germany', pl: 'Niemcy' },
  { code: 'NL', en: 'Netherlands', pl: 'Holandia' },
  { code: 'BE', en: 'Belgium', pl: 'Belgia' },
  { code: 'FR', en: 'France', pl: 'Francja' },
  { code: 'AT', en: 'Austria', pl: 'Austria' },
  { code: 'CZ', en: 'Czechia', pl: 'Czechy' },
  { code: 'SK', en: 'Slovakia', pl: 'Słowacja' },
  { code: 'SI', en: 'Slovenia', pl: 'Słowenia' },
  { code: 'IT', en: 'Italy', pl: 'Włochy' },
  { code: 'DK', en: 'Denmark', pl: 'Dania' },
  { code: 'HU', en: 'Hungary', pl: 'Węgry' },
  { code: 'LU', en: 'Luxembourg', pl: 'Luksemburg' },
  { code: 'HR', en: 'Croatia', pl: 'Chorwacja' },
  { code: 'SE', en: 'Sweden', pl: 'Szwecja' },
  { code: 'FI', en: 'Finland', pl: 'Finlandia' },
  { code: 'ES', en: 'Spain', pl: 'Hiszpania' },
  { code: 'PT', en: 'Portugal', pl: 'Portugalia' },
  { code: 'BG', en: 'Bulgaria', pl: 'Bułgaria' },
  { code: 'RO', en: 'Romania', pl: 'Rumunia' },
  { code: 'GR', en: 'Greece', pl: 'Grecja' },
  { code: 'LT', en: 'Lithuania', pl: 'Litwa' },
  { code: 'LV', en: 'Latvia', pl: 'Łotwa' },
  { code: 'EE', en: 'Estonia', pl: 'Estonia' },
  { code: 'IE', en: 'Ireland', pl: 'Irlandia' },
  { code: 'CY', en: 'Cyprus', pl: 'Cypr' },
  { code: 'MT', en: 'Malta', pl: 'Malta' },
  { code: 'PL', en: 'Poland', pl: 'Polska' },
  { code: 'GB', en: 'United Kingdom', pl: 'Wielka Brytania' },
  { code: 'RU', en: 'Russia', pl: 'Rosja' },
] as const satisfies readonly Country[];

/** A supported country code (upper-case ISO alpha-2), e.g. 'DE'. */
export type CountryCode = (typeof SUPPORTED_COUNTRIES)[number]['code'];

/** The supported codes alone, in SPEC order. */
export const COUNTRY_CODES = SUPPORTED_COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

const CODE_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** Is `value` exactly a supported code (upper case, no trimming)? Use toCountryCode (domain) for user input. */
export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && CODE_SET.has(value);
}

/** Request-body schema for a country code that is already normalised (exact upper-case code). */
export const countryCodeSchema = z.enum(COUNTRY_CODES);

/** SPEC 5 and 9: operator types whose operators need a Euro exchange rate. */
export const EXCHANGE_RATE_OPERATOR_TYPES = ['UPS', 'PACKETA', 'CARGUS'] as const;
export type ExchangeRateOperatorType = (typeof EXCHANGE_RATE_OPERATOR_TYPES)[number];

/** SPEC 9: VAT rates offered, in percent. */
export const VAT_RATES = [7, 8, 13, 17, 19, 20, 21, 22, 23] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** SPEC 9: client group types. Both are exclusive: a client belongs to at most one FV or AREA group. */
export const CLIENT_GROUP_TYPES = ['FV', 'AREA'] as const;
export type ClientGroupType = (typeof CLIENT_GROUP_TYPES)[number];

/** SPEC 3 and 9: consolidation types ('car' carries a driver and registration number). */
export const CONSOLIDATION_TYPES = ['car', 'normal'] as const;
export type ConsolidationType = (typeof CONSOLIDATION_TYPES)[number];
