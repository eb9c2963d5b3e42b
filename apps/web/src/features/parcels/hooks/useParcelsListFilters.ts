import {
  defaultParcelDateRange,
  type OrderType,
  type ParcelListFiltersInput,
  type ParcelSortField,
  type ParcelSource,
  type ParcelStatus,
} from '@depot/contracts';
import { listViewToQuery, type ListView } from '@depot/domain';
import { useState } from 'react';
import { pickedClient, type PickedClient } from '../../../ui/pickers/ClientFilter';
import { setFilters, type ListOrder } from '../../../ui/list/listHelpers';

/** What the parcels list's filters hold as set on screen ('' = any; dates yyyy-MM-dd, '' = the year's end). */
export interface ParcelFilterValues {
  statuses: ParcelStatus[];
  orderType: OrderType | '';
  source: ParcelSource | '';
  client: PickedClient | null;
  operatorId: string;
  /** Only the parcels routing could not place (decision 0115). */
  incorrect: boolean;
  pickupCountry: string;
  destinationCountry: string;
  dateFrom: string;
  dateTo: string;
}

/** The filters a list opens with: nothing but the current Warsaw year (SPEC 9: 1 January – 31 December). */
export function initialParcelFilters(now: Date = new Date()): ParcelFilterValues {
  return {
    statuses: [],
    orderType: '',
    source: '',
    client: null,
    operatorId: '',
    incorrect: false,
    pickupCountry: '',
    destinationCountry: '',
    ...defaultParcelDateRange(now),
  };
}

/** What a link to the list may set (the dashboard's counts, decision 0123): statuses, "cannot be routed", days. */
export interface ParcelsListLink {
  statuses?: ParcelStatus[];
  incorrect?: boolean;
  dateFrom?: string;
  dateTo?: string;
}

/** The parcels list's view when nothing is chosen: the current Warsaw year, newest first. */
export function parcelsListDefaults(
  now: Date = new Date(),
): ListView<ParcelListFiltersInput, ListOrder<ParcelSortField>> {
  return {
    filters: parcelListFilters(initialParcelFilters(now), undefined, now),
    orderBy: { field: 'createdAt', direction: 'desc' },
  };
}

/**
 * The address of the parcels list showing these parcels, in the list's own URL form (decision 0122), so the list
 * opens on exactly that view: `/orders?statuses=new&dateFrom=…&dateTo=…`.
 */
export function parcelsListHref(link: ParcelsListLink, now: Date = new Date()): string {
  const values: ParcelFilterValues = {
    ...initialParcelFilters(now),
    statuses: link.statuses ?? [],
    incorrect: link.incorrect ?? false,
    ...(link.dateFrom ? { dateFrom: link.dateFrom } : {}),
    ...(link.dateTo ? { dateTo: link.dateTo } : {}),
  };
  const defaults = parcelsListDefaults(now);
  const view = { filters: parcelListFilters(values, undefined, now), orderBy: defaults.orderBy };
  const query = new URLSearchParams(listViewToQuery(view, defaults)).toString();
  return query ? `/orders?${query}` : '/orders';
}

/** The range the list will use: a blank end is that end of the current year, as the API reads it. */
export function effectiveDateRange(
  v: Pick<ParcelFilterValues, 'dateFrom' | 'dateTo'>,
  now: Date = new Date(),
): { dateFrom: string; dateTo: string } {
  const year = defaultParcelDateRange(now);
  return { dateFrom: v.dateFrom || year.dateFrom, dateTo: v.dateTo || year.dateTo };
}

/** Whether the range can be sent: the start is not after the end. */
export function dateRangeValid(
  v: Pick<ParcelFilterValues, 'dateFrom' | 'dateTo'>,
  now: Date = new Date(),
): boolean {
  const r = effectiveDateRange(v, now);
  return r.dateFrom <= r.dateTo;
}

/** The filters sent to `POST /order/get/list` (and kept in mass selections): only those set. */
export function parcelListFilters(
  v: ParcelFilterValues,
  search: string | undefined,
  now: Date = new Date(),
): ParcelListFiltersInput {
  return setFilters<ParcelListFiltersInput>({
    search,
    statuses: v.statuses.length > 0 ? [...v.statuses] : undefined,
    orderTypes: v.orderType ? [v.orderType] : undefined,
    sources: v.source ? [v.source] : undefined,
    clientId: v.client?.id,
    operatorId: v.operatorId || undefined,
    incorrect: v.incorrect || undefined,
    pickupCountry: v.pickupCountry || undefined,
    destinationCountry: v.destinationCountry || undefined,
    ...effectiveDateRange(v, now),
  });
}

/** The values on screen for the filters the list uses (the URL's, decision 0122): the inverse of `parcelListFilters`. */
export function parcelFilterValues(f: ParcelListFiltersInput, now: Date = new Date()): ParcelFilterValues {
  return {
    statuses: f.statuses ? [...f.statuses] : [],
    orderType: f.orderTypes?.[0] ?? '',
    source: f.sources?.[0] ?? '',
    client: pickedClient(f.clientId),
    operatorId: f.operatorId ?? '',
    incorrect: f.incorrect ?? false,
    pickupCountry: (f.pickupCountry as string | undefined) ?? '',
    destinationCountry: (f.destinationCountry as string | undefined) ?? '',
    ...effectiveDateRange({ dateFrom: f.dateFrom ?? '', dateTo: f.dateTo ?? '' }, now),
  };
}

/**
 * The filters on screen over the ones the list uses (kept in the URL): an impossible date range (start after end) is
 * shown as an error and the list keeps the last range that worked.
 */
export function useParcelsListFilters(
  filters: ParcelListFiltersInput,
  replaceFilters: (f: ParcelListFiltersInput) => void,
) {
  const [pendingRange, setPendingRange] = useState<Pick<ParcelFilterValues, 'dateFrom' | 'dateTo'> | null>(
    null,
  );
  const applied = parcelFilterValues(filters);
  const values: ParcelFilterValues = pendingRange ? { ...applied, ...pendingRange } : applied;
  const rangeValid = dateRangeValid(values);
  const setValues = (v: ParcelFilterValues) => {
    const valid = dateRangeValid(v);
    setPendingRange(valid ? null : { dateFrom: v.dateFrom, dateTo: v.dateTo });
    const used = valid ? v : { ...v, dateFrom: applied.dateFrom, dateTo: applied.dateTo };
    replaceFilters(parcelListFilters(used, filters.search));
  };
  return {
    values,
    setValues,
    rangeValid,
    reset: () => {
      setPendingRange(null);
      replaceFilters(parcelListFilters(initialParcelFilters(), filters.search));
    },
  };
}
