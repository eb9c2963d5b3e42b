import { VIES_MEMBER_STATES, type ClientWarningCode, type VatCheckOutcome } from '@depot/contracts';

/**
 * Rules of the VIES check of a client's VAT ID (decision 0021): what is sent to VIES, when a save checks, and
 * what a check's outcome does to the save.
 */

const MEMBER_STATES: ReadonlySet<string> = new Set(VIES_MEMBER_STATES);

/** The country code VIES uses for an ISO code: Greece is 'EL' there; others are the same. */
export const viesCountryCode = (iso: string): string => (iso === 'GR' ? 'EL' : iso);

/** Is this (ISO, or VIES's 'EL') code an EU member state's? */
export const isVatMemberState = (code: string): boolean => MEMBER_STATES.has(code === 'EL' ? 'GR' : code);

/** What VIES is asked for a VAT ID. */
export type VatTarget =
  /** An EU member state's number: VIES is asked with this country code (VIES's, e.g. 'EL') and number. */
  | { kind: 'eu'; countryCode: string; vatNumber: string }
  /** Not an EU number (a GB or RU prefix, or no prefix and a non-EU client country): VIES is not asked. */
  | { kind: 'notEu'; country: string | null }
  /** Cannot be a VAT number at all (nothing after the prefix, odd characters, too long). */
  | { kind: 'malformed' };

/** VIES's own limit for the number part: letters, digits, '+' and '*', at most 12 characters. */
const VAT_NUMBER = /^[0-9A-Z+*]{2,12}$/;

/**
 * The VIES request for a VAT ID as people type it ("PL 526-000-12-46", "atu12345678", "5260001246").
 * Spaces, dots, dashes and slashes are dropped and letters upper-cased. A two-letter prefix names the country
 * ('GR' and 'EL' both mean Greece); without one, the client's country is used.
 */
export function vatTarget(vatId: string, clientCountry: string | null | undefined): VatTarget {
  const text = vatId.toUpperCase().replace(/[\s./-]/g, '');
  const prefix = /^[A-Z]{2}/.test(text) ? text.slice(0, 2) : null;
  const country = prefix ?? clientCountry?.trim().toUpperCase() ?? null;
  if (prefix && !isVatMemberState(prefix)) {
    // A number like "B12345678" (Spanish, unprefixed) starts with one letter only, so a two-letter start that is
    // not a member state is a foreign prefix (GB, RU, CH...).
    return { kind: 'notEu', country: prefix };
  }
  if (!country || !isVatMemberState(country)) return { kind: 'notEu', country: country || null };
  const vatNumber = prefix ? text.slice(2) : text;
  if (!VAT_NUMBER.test(vatNumber)) return { kind: 'malformed' };
  return { kind: 'eu', countryCode: viesCountryCode(country), vatNumber };
}

/** The fields of a client a VAT check depends on. */
export interface VatCheckSubject {
  vatId: string | null;
  viesCheck: boolean;
  country: string | null;
}

/**
 * Whether saving `after` (over `before`, or a new client when null) checks the VAT ID: only with `viesCheck` on
 * after the save and a VAT ID present, and then on create, when the VAT ID or the country changed, or when
 * `viesCheck` was just turned on.
 */
export function vatCheckNeeded(before: VatCheckSubject | null, after: VatCheckSubject): boolean {
  if (!after.viesCheck || !after.vatId?.trim()) return false;
  if (!before) return true;
  return !before.viesCheck || before.vatId !== after.vatId || before.country !== after.country;
}

/** What a check's outcome does to the save. */
export type VatVerdict =
  { refuse: 'invalid' | 'unavailable' } | { refuse: null; warnings: ClientWarningCode[] };

/**
 * `invalid` refuses the save. `unavailable` saves with a warning, or refuses when the request asked for a strict
 * check. `notEu` saves with a warning even when strict (VIES never knows such numbers, so strict would make them
 * unsavable). `valid` saves.
 */
export function vatVerdict(outcome: VatCheckOutcome, strict: boolean): VatVerdict {
  switch (outcome) {
    case 'valid':
      return { refuse: null, warnings: [] };
    case 'invalid':
      return { refuse: 'invalid' };
    case 'unavailable':
      return strict ? { refuse: 'unavailable' } : { refuse: null, warnings: ['vatCheckUnavailable'] };
    case 'notEu':
      return { refuse: null, warnings: ['vatCheckNotEu'] };
  }
}
