/**
 * What the XML tracking adapters (DPD Polska InfoServices, Landmark Global) read beyond `packeta-xml.ts`'s
 * `textOf`: the repeated elements of a reply, a SOAP fault, and a carrier's wall-clock time in its own time zone.
 * Still no XML library (decision 0100): the replies are small, flat and known, and an unexpected one is BAD_REPLY.
 */
import { textOf } from './packeta-xml';

const open = (name: string) => new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?(/?)>`, 'g');
const close = (name: string) => new RegExp(`</(?:[\\w.-]+:)?${name}\\s*>`, 'g');

/**
 * The inner XML of every `<name>` element, in order, whatever its namespace prefix ('' for `<name/>`). Elements of
 * that name are taken not to nest (true of the replies read here); an element left open ends the list.
 */
export function xmlBlocks(xml: string, name: string): string[] {
  if (!/^[A-Za-z_][\w.-]*$/.test(name)) throw new Error(`not an XML element name: ${name}`);
  const opens = open(name);
  const closes = close(name);
  const blocks: string[] = [];
  for (let m = opens.exec(xml); m; m = opens.exec(xml)) {
    const start = m.index + m[0].length;
    if (m[1] === '/') {
      blocks.push('');
      continue;
    }
    closes.lastIndex = start;
    const end = closes.exec(xml);
    if (!end) break;
    blocks.push(xml.slice(start, end.index));
    opens.lastIndex = end.index + end[0].length;
  }
  return blocks;
}

/** Whether the XML has an element of this name (any prefix). */
export const hasElement = (xml: string, name: string): boolean => open(name).test(xml);

/**
 * A SOAP 1.1 fault's words (`faultstring`, and the `message` of its detail when the service sends one, as JAX-WS
 * does for a declared exception), or null when the body is no fault.
 */
export function soapFault(xml: string): string | null {
  const fault = xmlBlocks(xml, 'Fault')[0];
  if (fault === undefined) return null;
  const words = [textOf(fault, 'faultstring'), textOf(fault, 'message')].filter((w): w is string => !!w);
  return [...new Set(words)].join(': ') || 'SOAP fault';
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `at` (ms). */
function zoneOffset(timeZone: string, at: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(at))) p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/** A wall-clock time (month 1–12) read in `timeZone` (an IANA name), or null when it is no real date and time. */
export function zonedTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second = 0,
  ms = 0,
): Date | null {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const d = new Date(wall);
  if (
    !Number.isFinite(wall) ||
    d.getUTCFullYear() !== year ||
    d.getUTCMonth() !== month - 1 ||
    d.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  // The offset at the wall time read as UTC, then again at the instant that gives (right across a DST change).
  const first = wall - zoneOffset(timeZone, wall);
  return new Date(wall - zoneOffset(timeZone, first));
}

const ISO_LOCAL =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * `YYYY-MM-DD[T ]HH:MM[:SS[.fff]]` with its own offset (`Z`, `+02:00`, `+0200`) as written, or without one as the
 * wall clock of `timeZone`; null when it is none of those.
 */
export function isoLocalTime(value: string, timeZone: string): Date | null {
  const m = ISO_LOCAL.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', frac = '0', offset] = m;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const local = zonedTime(timeZone, +y, +mo, +d, +h, +mi, +s, ms);
  if (!local || !offset) return local;
  if (offset === 'Z') return zonedTime('UTC', +y, +mo, +d, +h, +mi, +s, ms);
  const sign = offset[0] === '-' ? -1 : 1;
  const [oh, om] = [Number(offset.slice(1, 3)), Number(offset.slice(-2))];
  if (oh > 23 || om > 59) return null;
  return new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, ms) - sign * (oh * 60 + om) * 60_000);
}
