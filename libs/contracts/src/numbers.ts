/**
 * Numbers as people type them, in either language (decision 0116): a decimal comma or point ("31,5", "31.5"),
 * thousands grouped by spaces (also the no-break spaces Intl writes), by points when the comma is the decimal
 * separator or by commas when the point is ("1 234,5", "1.234,5", "1,234.5"), an optional minus sign. One
 * separator of a kind given once is the decimal separator ("1,234" is 1.234, as a Polish reader means it).
 */

/** Spaces that group thousands: plain, tab, no-break, narrow no-break and thin (what Intl.NumberFormat writes). */
const GROUP_SPACE = /[ \t\u00a0\u202f\u2009]/g;

const count = (s: string, c: string) => s.split(c).length - 1;

/**
 * Typed text as a plain decimal string ("-1234.5"): digits, at most one point, a leading "-" for a negative
 * number; null when the text is no number (empty, letters, stray or misplaced separators). Callers refuse null
 * with their field's own message and apply their own limits (sign, places, digits).
 */
export function parseDecimalText(text: string): string | null {
  let s = text.trim();
  let sign = '';
  if (s.startsWith('-') || s.startsWith('\u2212')) {
    sign = '-';
    s = s.slice(1).trimStart();
  }
  if (!/^[\d.,]/.test(s) || !/^[\d., \t\u00a0\u202f\u2009]+$/.test(s)) return null;
  const commas = count(s, ',');
  const points = count(s, '.');
  const decimal =
    commas > 0 && points > 0
      ? s.lastIndexOf(',') > s.lastIndexOf('.')
        ? ','
        : '.'
      : commas === 1
        ? ','
        : points === 1
          ? '.'
          : null;
  const at = decimal === null ? -1 : s.lastIndexOf(decimal);
  const whole = at < 0 ? s : s.slice(0, at);
  const fraction = at < 0 ? '' : s.slice(at + 1);
  if (at >= 0 && !/^\d+$/.test(fraction)) return null;
  if (decimal !== null && whole.includes(decimal)) return null;
  const groupSeparators = new Set(whole.replace(/\d/g, '').replace(GROUP_SPACE, ' '));
  if (groupSeparators.size > 1) return null;
  const groups = whole.replace(GROUP_SPACE, ' ').split(/[ .,]/);
  if (groups.length > 1) {
    if (!/^\d{1,3}$/.test(groups[0]) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return null;
  } else if (!/^\d*$/.test(whole) || (whole === '' && fraction === '')) return null;
  const digits = groups.join('').replace(/^0+(?=\d)/, '') || '0';
  return `${sign}${digits}${fraction ? `.${fraction}` : ''}`;
}
