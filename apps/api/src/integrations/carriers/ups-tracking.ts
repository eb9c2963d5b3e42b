import { randomUUID } from 'node:crypto';
import {
  trackEach,
  trackingUnavailable,
  trackingUnavailableStatus,
  type TrackingAdapter,
  type TrackingEvent,
  type TrackingResult,
} from './carrier-tracking';
import { NoReply, parseJson, send, type Fetch, type HttpReply } from './carrier-http';
import { upsClient, UpsTokens, type UpsClient } from './ups-token';

/**
 * UPS Tracking API (REST, JSON), as UPS's OpenAPI document describes it (Tracking.yaml in
 * github.com/UPS-API/api-documentation, also kept in karrioapi/karrio modules/connectors/ups/vendors/; karrio's ups
 * connector, providers/ups/tracking.py and error.py, reads it the same way):
 * - `GET {base}/api/track/v1/details/{inquiryNumber}?locale=en_US` with `Authorization: Bearer <token>` (the OAuth
 *   client-credentials token of ups-token.ts) and the required headers `transId` (unique per request) and
 *   `transactionSrc`;
 * - 200 `{ trackResponse: { shipment: [{ inquiryNumber, package: [{ trackingNumber, activity: [{ date: "YYYYMMDD",
 *   time: "HHMMSS", gmtDate, gmtTime, gmtOffset, location, status: { type, description, code, statusCode } }] }],
 *   warnings? }] } }`, activities newest first;
 * - a number UPS has no tracking for: the document says 404, UPS's servers answer 200 with a shipment holding no
 *   package and `warnings: [{ code: "TW0001", message: "Tracking Information Not Found" }]` (UPS-API/api-documentation
 *   issues 102 and 166); an inquiry number that is none is 400 `TV1002` "Invalid inquiry number" (karrio's
 *   test_tracking.py). All three leave the number out;
 * - other errors are `{ response: { errors: [{ code, message }] } }` with 400, 401 (a token UPS does not take),
 *   403, 429, 500, 503.
 *
 * The code is the activity's status `type` (D delivered, I in transit, M manifest, MV manifest voided, X exception,
 * P pickup, U update: the status map's UPS letters, status-codes.ts), the description its `status.description`. The
 * two-letter activity `code`s (OR, AR, OT, KB…) are published only behind UPS's portal and reused under several
 * types, so they are not the code. Times: the activity's `gmtDate` + `gmtTime` when both are there (UTC); else its
 * local `date` + `time` with `gmtOffset`; else the local time read as UTC.
 */

/** Most numbers one `track` call takes (one request each, `concurrency` at a time). */
export const UPS_TRACKING_BATCH = 50;

/** Error codes that say the inquiry number is none UPS will ever know. */
const NOT_A_NUMBER = new Set(['TV1002']);

interface UpsActivity {
  date?: unknown;
  time?: unknown;
  gmtDate?: unknown;
  gmtTime?: unknown;
  gmtOffset?: unknown;
  status?: { type?: unknown; description?: unknown; code?: unknown };
}

interface UpsPackage {
  trackingNumber?: unknown;
  activity?: unknown;
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const TIME = /^(\d{1,2})(\d{2})(\d{2})$/;
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;

/** `YYYYMMDD` and `HHMMSS` (the hour may lose its leading zero, as gmtTime "74700") as UTC, or null. */
function utcOf(date: unknown, time: unknown): Date | null {
  const d = typeof date === 'string' ? DATE.exec(date.trim()) : null;
  const t = typeof time === 'string' ? TIME.exec(time.trim()) : null;
  if (!d || !t) return null;
  const [y, mo, day, h, mi, s] = [d[1], d[2], d[3], t[1], t[2], t[3]].map(Number);
  const at = new Date(Date.UTC(y, mo - 1, day, h, mi, s));
  const real =
    at.getUTCFullYear() === y &&
    at.getUTCMonth() === mo - 1 &&
    at.getUTCDate() === day &&
    h <= 23 &&
    mi <= 59 &&
    s <= 59;
  return real ? at : null;
}

/** When an activity happened: its GMT date and time, else its local time less its offset, else its local time. */
export function upsActivityTime(a: UpsActivity): Date | null {
  const gmt = utcOf(a.gmtDate, a.gmtTime);
  if (gmt) return gmt;
  const local = utcOf(a.date, a.time);
  if (!local) return null;
  const offset = typeof a.gmtOffset === 'string' ? OFFSET.exec(a.gmtOffset.trim()) : null;
  if (!offset || +offset[2] > 23 || +offset[3] > 59) return local;
  const minutes = (offset[1] === '-' ? -1 : 1) * (+offset[2] * 60 + +offset[3]);
  return new Date(local.getTime() - minutes * 60_000);
}

const errorCodes = (body: unknown): string[] => {
  const errors = (body as { response?: { errors?: unknown } } | undefined)?.response?.errors;
  return Array.isArray(errors)
    ? errors
        .map((e) => (e as { code?: unknown } | null)?.code)
        .filter((c): c is string => typeof c === 'string')
    : [];
};

const sameNumber = (a: unknown, b: string) =>
  typeof a === 'string' && a.replace(/\s/g, '').toUpperCase() === b.replace(/\s/g, '').toUpperCase();

/**
 * A tracking reply for `number`: its events oldest first, null when UPS has none for it, or why there is no answer.
 * Of several packages (a multi-piece shipment), the one whose `trackingNumber` is the number asked, else the first.
 */
export function readUpsTracking(
  reply: HttpReply,
  number: string,
): TrackingEvent[] | null | { unavailable: string } {
  const body = parseJson(reply.body);
  if (reply.status === 404) return null;
  if (reply.status === 400 && errorCodes(body).some((c) => NOT_A_NUMBER.has(c))) return null;
  if (reply.status !== 200) {
    const r = trackingUnavailableStatus(reply.status);
    return { unavailable: r.kind === 'unavailable' ? r.reason : 'BAD_REPLY' };
  }
  const shipments = (body as { trackResponse?: { shipment?: unknown } } | undefined)?.trackResponse?.shipment;
  if (!Array.isArray(shipments)) return { unavailable: 'BAD_REPLY' };
  const packages: UpsPackage[] = [];
  for (const s of shipments as { package?: unknown }[]) {
    if (typeof s !== 'object' || s === null) return { unavailable: 'BAD_REPLY' };
    if (s.package === undefined || s.package === null) continue; // TW0001: nothing for this number
    if (!Array.isArray(s.package)) return { unavailable: 'BAD_REPLY' };
    packages.push(...(s.package as UpsPackage[]));
  }
  const pkg = packages.find((p) => sameNumber(p?.trackingNumber, number)) ?? packages[0];
  if (pkg === undefined) return null;
  if (typeof pkg !== 'object' || pkg === null || !Array.isArray(pkg.activity))
    return { unavailable: 'BAD_REPLY' };
  const events: TrackingEvent[] = [];
  for (const a of pkg.activity as UpsActivity[]) {
    const type = typeof a?.status?.type === 'string' ? a.status.type.trim() : '';
    const at = a ? upsActivityTime(a) : null;
    if (!type || !at) return { unavailable: 'BAD_REPLY' };
    const description = typeof a.status?.description === 'string' ? a.status.description.trim() : '';
    events.push({ code: type, description: description || type, at });
  }
  return events.length === 0 ? null : events.sort((x, y) => x.at.getTime() - y.at.getTime());
}

/**
 * UPS tracks one inquiry number a request: up to `concurrency` requests at a time, all signed with the client's
 * cached token. A 401 drops that token; a cached one UPS refused is replaced once and the request made again.
 */
export class UpsTrackingAdapter implements TrackingAdapter {
  readonly batchSize = UPS_TRACKING_BATCH;
  private readonly tokens: UpsTokens;

  constructor(
    private readonly timeoutMs: number,
    private readonly concurrency = 10,
    private readonly fetchImpl: Fetch = fetch,
    now: () => number = Date.now,
  ) {
    this.tokens = new UpsTokens(timeoutMs, fetchImpl, now);
  }

  async track(
    base: string,
    config: Readonly<Record<string, unknown>>,
    numbers: readonly string[],
  ): Promise<TrackingResult> {
    const client = upsClient(config);
    if (!client) return trackingUnavailable('MISSING_CREDENTIALS');
    return trackEach(numbers, this.concurrency, async (number) => {
      try {
        return await this.trackOne(base, client, number);
      } catch (err) {
        return { unavailable: err instanceof NoReply ? err.reason : 'CONNECTION_FAILED' };
      }
    });
  }

  private async trackOne(
    base: string,
    client: UpsClient,
    number: string,
  ): Promise<TrackingEvent[] | null | { unavailable: string }> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get(base, client);
      if ('kind' in token) return { unavailable: token.reason };
      const reply = await send(
        this.fetchImpl,
        `${base}/api/track/v1/details/${encodeURIComponent(number)}?locale=en_US`,
        {
          method: 'GET',
          headers: {
            Authorization: `Bearer ${token.token}`,
            Accept: 'application/json',
            transId: randomUUID().replace(/-/g, ''),
            transactionSrc: 'depot',
          },
        },
        this.timeoutMs,
      );
      if (reply.status !== 401) return readUpsTracking(reply, number);
      this.tokens.drop(base, client, token.token);
      if (attempt > 0 || token.fresh) return readUpsTracking(reply, number);
    }
  }
}
