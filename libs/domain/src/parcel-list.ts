import type {
  ParcelListFiltersInput,
  ParcelListItem,
  ParcelSortField,
  SortDirection,
} from '@depot/contracts';
import { warsawDay } from '@depot/contracts';

/** A country filter as the API reads it: upper-cased, blank = none. */
const countryOf = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined;

/**
 * The number search of the parcels list (decision 0083): the term trimmed and upper-cased, or undefined for none.
 * The API matches `upper(number)` in the range `[term, prefixUpperBound(term))`, served by `text_pattern_ops` indexes.
 */
export function numberSearchTerm(search: string | undefined): string | undefined {
  const term = search?.trim().toUpperCase();
  return term ? term : undefined;
}

/**
 * The least string greater than every string that starts with `prefix`, comparing code points (which is how
 * PostgreSQL's `text_pattern_ops` compares UTF-8 bytes), or null when there is none (empty prefix, or it ends in
 * U+10FFFF). With it, "starts with" is the range `prefix <= s < bound`, which an index answers exactly
 * (decision 0098): the last code point is incremented (skipping the surrogate range, which UTF-8 never holds).
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = Array.from(prefix);
  const last = points.pop();
  if (last === undefined) return null;
  const code = last.codePointAt(0)!;
  if (code >= 0x10ffff) return null;
  const next = code + 1 === 0xd800 ? 0xe000 : code + 1;
  return points.join('') + String.fromCodePoint(next);
}

/** Whether a parcel number starts with a normalised search term (an exact number matches too). */
export function numberMatchesSearch(number: string | null | undefined, term: string): boolean {
  return typeof number === 'string' && number.toUpperCase().startsWith(term);
}

/**
 * The parcels list's filters applied to one row, with the same meaning as the API's query
 * (`parcelListFilter`): used by the panel to keep or drop a row changed by someone else (decision 0070).
 * Dates are Warsaw days of the creation time, both ends included; `search` is the start (or the whole) of any number, case-insensitively.
 */
export function parcelMatchesFilters(p: ParcelListItem, f: ParcelListFiltersInput): boolean {
  if (f.statuses?.length && !f.statuses.includes(p.status)) return false;
  if (f.orderTypes?.length && !f.orderTypes.includes(p.orderType)) return false;
  if (f.sources?.length && !f.sources.includes(p.source)) return false;
  if (f.clientId !== undefined && p.clientId !== f.clientId) return false;
  if (f.operatorId !== undefined && p.operatorId !== f.operatorId) return false;
  const pickup = countryOf(f.pickupCountry);
  if (pickup && p.pickupCountry !== pickup) return false;
  const destination = countryOf(f.destinationCountry);
  if (destination && p.destinationCountry !== destination) return false;
  if (f.dateFrom !== undefined || f.dateTo !== undefined) {
    const day = warsawDay(p.createdAt);
    if (f.dateFrom !== undefined && day < f.dateFrom) return false;
    if (f.dateTo !== undefined && day > f.dateTo) return false;
  }
  const needle = numberSearchTerm(f.search);
  if (needle) {
    const numbers = [
      p.internalNumber,
      p.externalNumber,
      p.referenceNumber,
      p.firstMileNumber,
      p.lastMileNumber,
      p.alternativeNumber,
      p.barcode,
    ];
    if (!numbers.some((n) => numberMatchesSearch(n, needle))) return false;
  }
  return true;
}

/**
 * The list's order as the API sorts (ties broken by id): creation time, internal number and status code as text,
 * weight as a number.
 */
export function compareParcels(
  a: ParcelListItem,
  b: ParcelListItem,
  order: { field: ParcelSortField; direction: SortDirection },
): number {
  const value = (p: ParcelListItem): string | number =>
    order.field === 'weightKg'
      ? Number(p.weightKg)
      : order.field === 'createdAt'
        ? p.createdAt
        : p[order.field];
  const [x, y] = [value(a), value(b)];
  const c = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return order.direction === 'asc' ? c : -c;
}
