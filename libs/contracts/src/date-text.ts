import type { Language } from './constants';

/**
 * Dates as people type them (issue 13 item 6, decision 0126): a date field shows its value in the order of the
 * panel's language — English as the panel prints dates everywhere (yyyy-mm-dd), Polish day first (dd.mm.rrrr) —
 * whatever the browser's own locale; it accepts either order in either language.
 */
export const DATE_TEXT_ORDER: Record<Language, 'year-first' | 'day-first'> = {
  en: 'year-first',
  pl: 'day-first',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The date (yyyy-MM-dd) if year, month and day make a real calendar day from year 1000 to 9999. */
function realDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * Typed text as a date (yyyy-MM-dd), or null when it is none: year first ("2026-11-27", "2026.11.27",
 * "2026/11/27") or day first ("27.11.2026", "27-11-2026", "27/11/2026"), one or two digits for day and month,
 * surrounding spaces ignored. A day that does not exist (31 April, 29 February of a common year) is null.
 */
export function parseDateText(text: string): string | null {
  const s = text.trim();
  const yearFirst = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(s);
  if (yearFirst) return realDay(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  const dayFirst = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(s);
  if (dayFirst) return realDay(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  return null;
}

/** A date (yyyy-MM-dd) written in the language's order: "2026-11-27" (en), "27.11.2026" (pl). */
export function dateText(date: string, lang: Language): string {
  const [year, month, day] = date.split('-');
  return DATE_TEXT_ORDER[lang] === 'day-first' ? `${day}.${month}.${year}` : `${year}-${month}-${day}`;
}
