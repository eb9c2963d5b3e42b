import {
  defaultParcelDateRange,
  warsawDay,
  type ParcelListFiltersInput,
  type ParcelListItem,
  type ParcelSortField,
} from '@depot/contracts';
import { numberMatchesSearch, numberSearchTerm } from '../parcel-list';
import type { ListOrder, ListSpec } from './list-spec';

export type { ParcelListFiltersInput };

/** What the parcels list's filters read of a row. */
export type ParcelMatchFields = Pick<
  ParcelListItem,
  | 'status'
  | 'orderType'
  | 'source'
  | 'clientId'
  | 'operatorId'
  | 'pickupCountry'
  | 'destinationCountry'
  | 'createdAt'
  | 'internalNumber'
  | 'externalNumber'
  | 'referenceNumber'
  | 'firstMileNumber'
  | 'lastMileNumber'
  | 'alternativeNumber'
  | 'barcode'
  | 'isCorrect'
>;

/** A country filter as the API's schema reads it: trimmed, upper-cased, blank = none. */
const countryOf = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined;

/**
 * `parcelListFilter` (parcel-list.repository.ts, parcel-list-sql.ts): statuses, order types and sources when any
 * are picked; client, carrier and countries when set; the creation time's Warsaw day within `dateFrom`–`dateTo`,
 * both included, each absent end being that of the current Warsaw year (`now`'s, as the API's schema fills it);
 * `incorrect` keeps only the parcels routing could not place; `search` is the start (or the whole) of any of the numbers, case-insensitively.
 */
export function parcelMatchesFilters(
  p: ParcelMatchFields,
  f: ParcelListFiltersInput,
  now: Date = new Date(),
): boolean {
  if (f.statuses?.length && !f.statuses.includes(p.status)) return false;
  if (f.orderTypes?.length && !f.orderTypes.includes(p.orderType)) return false;
  if (f.sources?.length && !f.sources.includes(p.source)) return false;
  if (f.clientId && p.clientId !== f.clientId) return false;
  if (f.operatorId && p.operatorId !== f.operatorId) return false;
  if (f.incorrect && p.isCorrect) return false;
  const pickup = countryOf(f.pickupCountry);
  if (pickup && p.pickupCountry !== pickup) return false;
  const destination = countryOf(f.destinationCountry);
  if (destination && p.destinationCountry !== destination) return false;
  const year = f.dateFrom && f.dateTo ? undefined : defaultParcelDateRange(now);
  const day = warsawDay(p.createdAt);
  if (day < (f.dateFrom ?? year!.dateFrom) || day > (f.dateTo ?? year!.dateTo)) return false;
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
 * The list's order as the API sorts (SORT_KEYS, ties broken by id): creation time, internal number and status code
 * as text, weight as a number.
 */
export function compareParcels(
  a: ParcelListItem,
  b: ParcelListItem,
  order: ListOrder<ParcelSortField>,
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

export const parcelsListSpec: ListSpec<ParcelListItem, ParcelListFiltersInput, ParcelSortField> = {
  matches: (p, f) => parcelMatchesFilters(p, f),
  compare: compareParcels,
};
