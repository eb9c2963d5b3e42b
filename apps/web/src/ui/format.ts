import { TZDate } from '@date-fns/tz';
import { DATE_FORMAT, DATE_TIME_FORMAT, DISPLAY_TIMEZONE } from '@depot/contracts';
import { format } from 'date-fns';

/** A stored UTC instant as a Warsaw calendar date, yyyy-MM-DD (the same in both languages, SPEC §9). */
export const formatDate = (iso: string | Date): string =>
  format(new TZDate(new Date(iso), DISPLAY_TIMEZONE), DATE_FORMAT);

/** A stored UTC instant as Warsaw date and time. */
export const formatDateTime = (iso: string | Date): string =>
  format(new TZDate(new Date(iso), DISPLAY_TIMEZONE), DATE_TIME_FORMAT);
