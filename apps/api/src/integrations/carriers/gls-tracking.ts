import {
  tracked,
  trackingUnavailable,
  trackingUnavailableStatus,
  type TrackingAdapter,
  type TrackingEvent,
  type TrackingResult,
} from './carrier-tracking';
import { NoReply, parseJson, send, type Fetch, type HttpReply } from './carrier-http';
import { glsClient, GlsTokens, type GlsClient } from './gls-token';
import { isoLocalTime } from './tracking-xml';

export { readGlsToken } from './gls-token';

/**
 * GLS Group "Track And Trace V1" (REST, JSON), as GLS's OpenAPI document describes it (ecitrackandtrace.yaml 1.0.7,
 * kept in karrioapi/karrio modules/connectors/gls/vendor/; karrio's gls connector, providers/gls/tracking.py and
 * mappers/gls/proxy.py, calls it the same way):
 * - token: `POST {base}/oauth2/v2/token`, Basic clientId:clientSecret, form `grant_type=client_credentials` →
 *   `{ token_type, access_token, expires_in }` (seconds, up to 4 h; authentification-service-v2.yaml); a wrong
 *   client is a 400/401 `{ errors: [{ message, type }] }` (gls-token.ts, shared with the registration);
 * - tracking: `GET {base}/track-and-trace-v1/tracking/simple/trackids/{unitno,unitno,…}` (at most 10 numbers) with
 *   the Bearer token → 200 `{ parcels: [{ requested, unitno, status, statusDateTime, events: [{ code, city,
 *   postalCode, country, description, eventDateTime }] }] }`; a number GLS does not know is a parcel
 *   `{ requested, errorCode: "E_404_01", errorMessage: "Resource Not Found" }` in the same 200; 401 (expired token)
 *   and 429 (quota) are Apigee `{ fault: { faultstring, detail: { errorcode } } }`; dates are ISO 8601 with an
 *   offset written without a colon (`2024-10-07T10:46:14+0200`).
 *
 * The code is the parcel's `status` (PLANNEDPICKUP, INPICKUP, NOTPICKEDUP, PREADVICE, INTRANSIT, INDELIVERY,
 * DELIVEREDPS, DELIVERED, INWAREHOUSE, NOTDELIVERED, CANCELED, FINAL: the short list the status map holds, as karrio
 * gls units.py maps it) at its `statusDateTime`, one event per parcel and answer: the refresh keeps it when the
 * status moved on since it last read one. The events' own codes (`INTIAL.NORMAL`, `DELIVD.PARCELSHOP`, … many and
 * open-ended) are not used as codes.
 */

/** GLS's own words for each status (ParcelDTO.status in the OpenAPI document). */
export const GLS_STATUSES: Readonly<Record<string, string>> = {
  PLANNEDPICKUP: 'Parcel is planned to be picked up',
  INPICKUP: 'Parcel will be picked up by a driver',
  NOTPICKEDUP: 'Parcel was not picked up',
  PREADVICE: 'GLS has received the parcel data but not the physical parcel',
  INTRANSIT: 'Parcel is on its way to the final depot',
  INDELIVERY: 'Parcel is in delivery by a driver',
  DELIVEREDPS: 'Parcel delivered to a parcel shop',
  DELIVERED: 'Parcel was delivered',
  INWAREHOUSE: 'Parcel is in warehouse',
  NOTDELIVERED: 'Parcel was not delivered',
  CANCELED: 'Parcel was cancelled',
  FINAL: 'Parcel history closed',
};

/** Most numbers one tracking request takes (the API answers 400 past it). */
export const GLS_MAX_IDS = 10;

interface GlsParcel {
  requested?: unknown;
  unitno?: unknown;
  status?: unknown;
  statusDateTime?: unknown;
  events?: { code?: unknown; description?: unknown; eventDateTime?: unknown }[];
  errorCode?: unknown;
}

const reasonOf = (r: TrackingResult) => (r.kind === 'unavailable' ? r.reason : 'BAD_REPLY');

/** A GLS date (ISO 8601 with its offset), or null. */
export const glsDate = (value: unknown): Date | null =>
  typeof value === 'string' && /(Z|[+-]\d{2}:?\d{2})$/.test(value.trim()) ? isoLocalTime(value, 'UTC') : null;

/**
 * A tracking reply: per requested number its status as one event (absent when GLS does not know the number); a
 * parcel-level internal error (`E_500_01`) makes the whole answer unavailable, a bad request for one number
 * (`E_400_*`) leaves that number out like an unknown one.
 */
export function readGlsTracking(reply: HttpReply): Map<string, TrackingEvent[]> | { unavailable: string } {
  if (reply.status !== 200) return { unavailable: reasonOf(trackingUnavailableStatus(reply.status)) };
  const body = parseJson(reply.body) as { parcels?: unknown } | undefined;
  if (!body || !Array.isArray(body.parcels)) return { unavailable: 'BAD_REPLY' };
  const events = new Map<string, TrackingEvent[]>();
  for (const parcel of body.parcels as GlsParcel[]) {
    if (typeof parcel !== 'object' || parcel === null) return { unavailable: 'BAD_REPLY' };
    const number =
      typeof parcel.requested === 'string' && parcel.requested
        ? parcel.requested
        : typeof parcel.unitno === 'string'
          ? parcel.unitno
          : '';
    if (parcel.errorCode !== undefined && parcel.errorCode !== null) {
      if (parcel.errorCode === 'E_500_01') return { unavailable: 'HTTP_500' };
      continue;
    }
    const at = glsDate(parcel.statusDateTime);
    if (!number || typeof parcel.status !== 'string' || !parcel.status || !at)
      return { unavailable: 'BAD_REPLY' };
    const event = { code: parcel.status, description: GLS_STATUSES[parcel.status] ?? parcel.status, at };
    // A reference that matched several parcels: the latest status stands for it.
    const known = events.get(number)?.[0];
    if (!known || known.at < at) events.set(number, [event]);
  }
  return events;
}

/**
 * GLS Track And Trace: numbers in requests of up to 10 (one after another), a client-credentials token cached per
 * base and client until a minute before it expires; a 401 drops it and the request is made once more with a new one.
 */
export class GlsTrackingAdapter implements TrackingAdapter {
  readonly batchSize = GLS_MAX_IDS;
  private readonly tokens: GlsTokens;

  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
    now: () => number = Date.now,
  ) {
    this.tokens = new GlsTokens(timeoutMs, fetchImpl, now);
  }

  async track(
    base: string,
    config: Readonly<Record<string, unknown>>,
    numbers: readonly string[],
  ): Promise<TrackingResult> {
    const client = glsClient(config);
    if (!client) return trackingUnavailable('MISSING_CREDENTIALS');
    const all = new Map<string, TrackingEvent[]>();
    try {
      for (let i = 0; i < numbers.length; i += GLS_MAX_IDS) {
        const answer = await this.trackSome(base, client, numbers.slice(i, i + GLS_MAX_IDS));
        if ('unavailable' in answer) return trackingUnavailable(answer.unavailable);
        for (const [number, events] of answer) all.set(number, events);
      }
    } catch (err) {
      return trackingUnavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
    }
    return tracked(all);
  }

  private async trackSome(
    base: string,
    client: GlsClient,
    numbers: readonly string[],
  ): Promise<Map<string, TrackingEvent[]> | { unavailable: string }> {
    const url = `${base}/track-and-trace-v1/tracking/simple/trackids/${numbers.map(encodeURIComponent).join(',')}`;
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get(base, client);
      if (!('token' in token)) return token;
      const reply = await send(
        this.fetchImpl,
        url,
        { method: 'GET', headers: { Authorization: `Bearer ${token.token}`, Accept: 'application/json' } },
        this.timeoutMs,
      );
      if (reply.status !== 401) return readGlsTracking(reply);
      this.tokens.drop(base, client, token.token);
      if (attempt > 0 || token.fresh) return readGlsTracking(reply);
    }
  }
}
