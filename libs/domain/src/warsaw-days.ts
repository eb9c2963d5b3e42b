import { TZDate } from '@date-fns/tz';
import { DISPLAY_TIMEZONE } from '@depot/contracts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The first instant of a Europe/Warsaw calendar day (`yyyy-MM-dd`), `plusDays` later — the bound a date filter
 * compares `created_at` with (day filters are Warsaw days: "from" is `>= start(from)`, "to" is `< start(to, 1)`).
 * Computed here rather than in SQL so PostgreSQL gets a constant: `timestamp at time zone` is only stable, and
 * where it is a row filter (a number search's candidates) it was evaluated on every row (decision 0102).
 */
export function warsawDayStart(day: string, plusDays = 0): Date {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a calendar day: ${day}`);
  // The calendar arithmetic in UTC (month and year overflow, leap years), then that day's midnight in Warsaw.
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays));
  const start = new TZDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), DISPLAY_TIMEZONE);
  return new Date(start.getTime());
}
