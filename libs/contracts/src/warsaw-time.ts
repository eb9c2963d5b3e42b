import { DISPLAY_TIMEZONE } from './constants';

/**
 * The one place Warsaw wall-clock time is computed (DESIGN: instants are stored in UTC and shown in Europe/Warsaw):
 * the panel's dates, the exports' cells and file names, the logs' days and the parcels list's default year all read
 * it from here. Made once: building an Intl formatter costs more than a whole list request's validation (measured).
 */
const warsawClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The fields of a Warsaw wall-clock time (month 1–12). */
export interface WarsawTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock in Warsaw showed at this instant. */
export function warsawTime(instant: Date | string): WarsawTime {
  const p: Record<string, number> = {};
  for (const part of warsawClock.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The Warsaw calendar day of an instant, yyyy-MM-dd (SPEC 9: the same in both languages). */
export function warsawDay(instant: Date | string): string {
  const t = warsawTime(instant);
  return `${t.year}-${two(t.month)}-${two(t.day)}`;
}

/** The Warsaw date and time of an instant, yyyy-MM-dd HH:mm. */
export function warsawDateTime(instant: Date | string): string {
  const t = warsawTime(instant);
  return `${t.year}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}`;
}

/** The Warsaw calendar year of an instant. */
export const warsawYear = (instant: Date | string): number => warsawTime(instant).year;
