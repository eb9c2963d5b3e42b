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

/**
 * The clock's fields at an instant, read through the formatter on every call (exact, and slow: about 10 µs a call):
 * what `warsawTime` answers from its offsets per hour, and what its tests hold it to.
 */
export function warsawTimeExact(ms: number): WarsawTime {
  const p: Record<string, number> = {};
  for (const part of warsawClock.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

const HOUR = 3_600_000;
/** How far Warsaw's clock was ahead of UTC at an instant (ms), or null where Date.UTC cannot say (years 0–99). */
function offsetAt(ms: number): number | null {
  const t = warsawTimeExact(ms);
  if (t.year < 100) return null;
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * Warsaw's offset through each UTC hour asked about so far (null: it changed within that hour, or is unknown). A list
 * of parcels shows many instants of a few hours, and an export of 100,000 rows one column of them: one formatter call
 * per hour instead of one per date. Kept small: cleared when it holds more hours than a long export spans.
 */
const hourOffsets = new Map<number, number | null>();
const HOURS_KEPT = 8_192;

function offsetThroughHour(ms: number): number | null {
  const hour = Math.floor(ms / HOUR);
  let offset = hourOffsets.get(hour);
  if (offset === undefined) {
    const first = offsetAt(hour * HOUR);
    offset = first !== null && first === offsetAt(hour * HOUR + HOUR - 1) ? first : null;
    if (hourOffsets.size >= HOURS_KEPT) hourOffsets.clear();
    hourOffsets.set(hour, offset);
  }
  return offset;
}

/** What a clock in Warsaw showed at this instant. */
export function warsawTime(instant: Date | string): WarsawTime {
  const ms = new Date(instant).getTime();
  // An invalid date goes to the formatter, which refuses it (RangeError) as it always did.
  const offset = Number.isFinite(ms) ? offsetThroughHour(ms) : null;
  if (offset === null) return warsawTimeExact(ms);
  // Warsaw's clock is UTC shifted by the hour's offset: read the shifted instant's UTC fields.
  const wall = new Date(ms + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
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
