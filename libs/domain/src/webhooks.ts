import { MESSAGES } from '@depot/contracts';

/**
 * Webhook rules (decision 0146), pure: when a failed delivery is tried again, and which URLs and addresses a webhook
 * may go to under the installation's setting (`WEBHOOK_URLS`).
 */

/** The retry schedule: the waits after the 1st, 2nd, … failed attempt (the last repeats), within a window. */
export interface WebhookRetrySchedule {
  delaysMs: readonly number[];
  /** Attempts stop this long after the first one (a last attempt is made at its end). */
  windowMs: number;
  /** Each wait is spread by up to ± this fraction, so many deliveries that failed together do not retry together. */
  jitter: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, then every 8 h, for 24 h after the first attempt. */
export const WEBHOOK_RETRY_SCHEDULE: WebhookRetrySchedule = {
  delaysMs: [
    10 * SECOND,
    30 * SECOND,
    2 * MINUTE,
    10 * MINUTE,
    30 * MINUTE,
    HOUR,
    2 * HOUR,
    4 * HOUR,
    8 * HOUR,
  ],
  windowMs: 24 * HOUR,
  jitter: 0.1,
};

/**
 * When to try a delivery again after its `attemptsMade`-th attempt failed at `now`, or null when its window is over
 * (it has failed). The wait grows with each attempt; the one that would pass the end of the window is moved to the
 * end, so the last attempt is made 24 h after the first. `random` is in [0, 1) (Math.random by default).
 */
export function nextWebhookAttempt(
  attemptsMade: number,
  firstAttemptAt: Date,
  now: Date,
  schedule: WebhookRetrySchedule = WEBHOOK_RETRY_SCHEDULE,
  random: () => number = Math.random,
): Date | null {
  const deadline = firstAttemptAt.getTime() + schedule.windowMs;
  if (now.getTime() >= deadline || schedule.delaysMs.length === 0) return null;
  const base = schedule.delaysMs[Math.min(Math.max(attemptsMade, 1), schedule.delaysMs.length) - 1];
  const spread = base * schedule.jitter * (random() * 2 - 1);
  const next = now.getTime() + Math.max(0, Math.round(base + spread));
  return new Date(Math.min(next, deadline));
}

/** Where webhooks may go: `public` internet over https, this machine only (`local`), or `any` address. */
export type WebhookUrlMode = 'public' | 'local' | 'any';

/** The four bytes of a dotted IPv4 address, or undefined when it is not one. */
function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

/** The eight 16-bit groups of an IPv6 address (brackets and a zone allowed), or undefined when it is not one. */
function ipv6Groups(text: string): number[] | undefined {
  let t = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  t = t.split('%')[0];
  if (!t.includes(':')) return undefined;
  // A dotted IPv4 tail (`::ffff:127.0.0.1`) is two groups.
  const lastColon = t.lastIndexOf(':');
  const v4 = ipv4Bytes(t.slice(lastColon + 1));
  if (v4)
    t = `${t.slice(0, lastColon + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  const halves = t.split('::');
  if (halves.length > 2) return undefined;
  const parse = (h: string) => (h === '' ? [] : h.split(':'));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  const given = head.length + rest.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return undefined;
  const hex = (groups: string[]) => groups.map((g) => parseInt(g, 16));
  return [...hex(head), ...Array.from({ length: 8 - given }, () => 0), ...hex(rest)];
}

const inV4 = (b: number[], net: [number, number, number, number], bits: number) => {
  const value = (x: number[]) => ((x[0] << 24) | (x[1] << 16) | (x[2] << 8) | x[3]) >>> 0;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (value(b) & mask) >>> 0 === (value(net) & mask) >>> 0;
};

/** IPv4 networks that are not the public internet (RFC 6890 special-purpose ranges). */
const V4_SPECIAL: [[number, number, number, number], number][] = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
];

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`), if any. */
function embeddedV4(g: number[]): number[] | undefined {
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  return mapped || nat64 ? [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff] : undefined;
}

/** Whether `ip` is an IP address (v4 or v6) at all. */
export const isIpAddress = (ip: string): boolean =>
  ipv4Bytes(ip) !== undefined || ipv6Groups(ip) !== undefined;

/** Whether `ip` is a loopback address (127.0.0.0/8, ::1, or a v4 loopback inside v6). */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = ipv4Bytes(ip);
  if (v4) return v4[0] === 127;
  const g = ipv6Groups(ip);
  if (!g) return false;
  const inner = embeddedV4(g);
  if (inner) return inner[0] === 127;
  return g.slice(0, 7).every((x) => x === 0) && g[7] === 1;
}

/**
 * Whether `ip` is an address of the public internet: not loopback, private, link-local, shared, documentation,
 * multicast or reserved (IPv4 and IPv6, and v4 addresses carried inside v6). Anything that is not an IP is not.
 */
export function isPublicAddress(ip: string): boolean {
  const v4 = ipv4Bytes(ip);
  if (v4) return !V4_SPECIAL.some(([net, bits]) => inV4(v4, net, bits));
  const g = ipv6Groups(ip);
  if (!g) return false;
  const inner = embeddedV4(g);
  if (inner) return isPublicAddress(inner.join('.'));
  if (g.every((x) => x === 0)) return false; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return false; // ::1
  if ((g[0] & 0xfe00) === 0xfc00) return false; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return false; // fe80::/10 link-local
  if ((g[0] & 0xff00) === 0xff00) return false; // ff00::/8 multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // 2001:db8::/32 documentation
  if (g[0] === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return false; // 100::/64 discard
  return (g[0] & 0xe000) === 0x2000; // 2000::/3: the global unicast space
}

/** Host names that always name this machine or a private network, refused before any lookup in `public`. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** The URL's host without IPv6 brackets and a trailing dot. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

/**
 * Why a webhook may not go to `url` under `mode`, or undefined when it may (the URL's shape is the contract's
 * webhookUrlShapeProblem). `public`: https, and a host that is a public address or a name that is not obviously
 * local (what the name resolves to is checked when sending); `local`: this machine only (a loopback address or
 * `localhost`), http allowed; `any`: any http(s) URL.
 */
export function webhookUrlPolicyProblem(url: URL, mode: WebhookUrlMode): string | undefined {
  if (mode === 'any') return undefined;
  const host = hostOf(url);
  if (mode === 'local')
    return host.toLowerCase() === 'localhost' || isLoopbackAddress(host)
      ? undefined
      : MESSAGES.webhookUrlNotLocal;
  if (url.protocol !== 'https:') return MESSAGES.webhookUrlHttpsRequired;
  if (isIpAddress(host)) return isPublicAddress(host) ? undefined : MESSAGES.webhookUrlNotPublic;
  return LOCAL_NAME.test(host) || !host.includes('.') ? MESSAGES.webhookUrlNotPublic : undefined;
}

/** Whether a resolved address may be connected to under `mode` (the check at sending time, after DNS). */
export function webhookAddressAllowed(ip: string, mode: WebhookUrlMode): boolean {
  if (mode === 'any') return true;
  return mode === 'local' ? isLoopbackAddress(ip) : isPublicAddress(ip);
}
