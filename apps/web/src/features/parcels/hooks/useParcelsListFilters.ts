import {
  defaultParcelDateRange,
  PARCEL_STATUSES,
  type OrderType,
  type ParcelListFiltersInput,
  type ParcelSource,
  type ParcelStatus,
} from '@depot/contracts';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { setFilters } from '../../../ui/list/listHelpers';

/** A client picked in the staff's client filter. */
export interface PickedClient {
  id: string;
  name: string;
}

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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isStatus = (s: string): s is ParcelStatus => (PARCEL_STATUSES as readonly string[]).includes(s);

/** The address of the parcels list opened with these filters: `/orders?status=new&from=…&to=…`. */
export function parcelsListHref(link: ParcelsListLink): string {
  const q = new URLSearchParams();
  for (const s of link.statuses ?? []) q.append('status', s);
  if (link.incorrect) q.set('incorrect', '1');
  if (link.dateFrom) q.set('from', link.dateFrom);
  if (link.dateTo) q.set('to', link.dateTo);
  const query = q.toString();
  return query ? `/orders?${query}` : '/orders';
}

/**
 * The filters the list opens with from its address (`parcelsListHref`'s): known statuses, "cannot be routed", days
 * in yyyy-MM-dd; anything else is left as `initialParcelFilters` has it.
 */
export function filtersFromSearch(search: URLSearchParams, now: Date = new Date()): ParcelFilterValues {
  const initial = initialParcelFilters(now);
  const day = (key: string) => {
    const v = search.get(key) ?? '';
    return DAY.test(v) ? v : null;
  };
  return {
    ...initial,
    statuses: [...new Set(search.getAll('status').filter(isStatus))],
    incorrect: search.get('incorrect') === '1',
    dateFrom: day('from') ?? initial.dateFrom,
    dateTo: day('to') ?? initial.dateTo,
  };
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

/**
 * The filters on screen and the ones the list uses: an impossible date range (start after end) is shown as an error
 * and the list keeps the last range that worked.
 */
export function useParcelsListFilters() {
  const [search] = useSearchParams();
  const [values, setValues] = useState<ParcelFilterValues>(() => filtersFromSearch(search));
  const lastValid = useRef(values);
  const rangeValid = dateRangeValid(values);
  if (rangeValid) lastValid.current = values;
  const applied: ParcelFilterValues = rangeValid
    ? values
    : { ...values, dateFrom: lastValid.current.dateFrom, dateTo: lastValid.current.dateTo };
  return {
    values,
    setValues,
    applied,
    rangeValid,
    reset: () => setValues(initialParcelFilters()),
  };
}
