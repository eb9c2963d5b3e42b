import { warsawDateTime, warsawDay } from '@depot/contracts';
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

/** A stored UTC instant as a Warsaw calendar date, yyyy-MM-dd (the same in both languages, SPEC §9). */
export const formatDate = (iso: string | Date): string => warsawDay(iso);

/** A stored UTC instant as Warsaw date and time, yyyy-MM-dd HH:mm. */
export const formatDateTime = (iso: string | Date): string => warsawDateTime(iso);

/** Places a shown number keeps at most: the finest stored scale (exchange rates, numeric(_, 6)). */
const MAX_PLACES = 6;

/**
 * A number, or an exact decimal as the API sends it ("31.500"), as the panel's language writes numbers (decision
 * 0116): "31,5" and "1234,5" or "12 345,5" in Polish, "31.5" and "1,234.5" in English; no trailing zeros. Every
 * number the panel shows goes through here (or `<Decimal>`).
 */
export const formatDecimal = (intl: Pick<IntlShape, 'formatNumber'>, value: number | string): string =>
  intl.formatNumber(typeof value === 'string' ? Number(value) : value, { maximumFractionDigits: MAX_PLACES });

/** `formatDecimal` as an element; null or undefined shows nothing. */
export function Decimal(props: { value: number | string | null | undefined }) {
  const intl = useIntl();
  return props.value === null || props.value === undefined ? null : <>{formatDecimal(intl, props.value)}</>;
}

/**
 * A stored decimal put into a text field to be edited: the language's decimal separator, no grouping and no
 * trailing zeros ("2.500" → "2,5" in Polish, "2.5" in English), so it reads as the user would type it and the
 * forms' schemas read it back (contracts parseDecimalText).
 */
export const formatDecimalInput = (intl: Pick<IntlShape, 'formatNumber'>, value: number | string): string =>
  intl.formatNumber(typeof value === 'string' ? Number(value) : value, {
    maximumFractionDigits: MAX_PLACES,
    useGrouping: false,
  });

/** `formatDecimalInput` in the panel's language, stable while the language stays. */
export function useDecimalInput(): (stored: string) => string {
  const intl = useIntl();
  return useCallback((stored: string) => formatDecimalInput(intl, stored), [intl]);
}
