import { warsawDateTime, warsawDay } from '@depot/contracts';

/** A stored UTC instant as a Warsaw calendar date, yyyy-MM-dd (the same in both languages, SPEC §9). */
export const formatDate = (iso: string | Date): string => warsawDay(iso);

/** A stored UTC instant as Warsaw date and time, yyyy-MM-dd HH:mm. */
export const formatDateTime = (iso: string | Date): string => warsawDateTime(iso);
