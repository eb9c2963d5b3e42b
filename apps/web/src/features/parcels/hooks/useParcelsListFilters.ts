import {
  defaultParcelDateRange,
  type OrderType,
  type ParcelListFiltersInput,
  type ParcelSource,
  type ParcelStatus,
} from '@depot/contracts';
import { useRef, useState } from 'react';
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
  const [values, setValues] = useState<ParcelFilterValues>(() => initialParcelFilters());
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
