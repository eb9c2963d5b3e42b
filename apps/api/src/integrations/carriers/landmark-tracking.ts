import {
  trackEach,
  trackingUnavailable,
  trackingUnavailableStatus,
  type TrackingAdapter,
  type TrackingEvent,
  type TrackingResult,
} from './carrier-tracking';
import { NoReply, send, type Fetch, type HttpReply } from './carrier-http';
import { text } from './carrier-cancellation';
import { element, textOf } from './packeta-xml';
import { hasElement, isoLocalTime, xmlBlocks, zonedTime } from './tracking-xml';

/**
 * Landmark Global ("Mercury") Track API, XML over HTTP: `POST {base}/Track.php` (production base
 * https://api.landmarkglobal.com/v2) with
 * `<TrackRequest><Login><Username/><Password/></Login><Test/><ClientID/><TrackingNumber/><RetrievalType>Historical
 * </RetrievalType></TrackRequest>` — one of Reference, TrackingNumber or PackageReference, so one number a request
 * — answered by `<TrackResponse><Result><Success>true</Success><ShipmentDetails><EndDeliveryCarrier/>
 * </ShipmentDetails><Packages><Package><TrackingNumber/><LandmarkTrackingNumber/><PackageReference/><Events><Event>
 * <Status/><DateTime/><Location/><EventCode/></Event>…` (EventCode only with RetrievalType Historical). Errors come
 * in `<Errors><Error><ErrorCode/><ErrorMessage/></Error></Errors>` with `<Success>false</Success>`, mostly as HTTP 200:
 * `Login` "The username/password combination provided is invalid", `Invalid` "No shipment found" (also "Could not
 * find shipment in our system", "No data available for shipment"), `rate_limit` "Rate limit is exceeded. Retry after
 * X seconds" (300 requests a minute per user and endpoint); past 3000 requests in 5 minutes from one address the
 * server answers 429. `DateTime` is `YYYY-MM-DD HH:MM:SS` in America/Chicago time per the documentation, and
 * `MM/DD/YYYY hh:mm AM` in karrio's recorded replies: both are read, as Chicago wall-clock time.
 *
 * Sources: Landmark's "Track API Request" and "API Errors" pages (PDFs kept in karrioapi/karrio
 * modules/connectors/landmark/vendor/, with docs-metadata.txt: status codes 50–900, request and reply samples,
 * cURL calls sending the raw XML to /v2/Track.php as application/xml); karrio's landmark connector
 * (providers/landmark/tracking.py, units.py TrackingStatus, mappers/landmark/proxy.py, schemas/track_*.xsd,
 * tests/landmark/test_tracking.py). The documentation also mentions a form parameter RQXML; karrio's raw body is what
 * is sent here.
 *
 * The code is the numeric `EventCode` as text ("50", "225", "500"…, the status map's codes); the description is the
 * event's `Status` text.
 */
export const LANDMARK_ZONE = 'America/Chicago';

/** The documented meaning of each status code ("Possible tracking status codes"). */
export const LANDMARK_STATUSES: Readonly<Record<string, string>> = {
  '50': 'Shipment Data Uploaded',
  '60': 'Shipment inventory allocated',
  '75': 'Shipment Processed',
  '80': 'Shipment Fulfilled',
  '90': 'Shipment held for payment',
  '100': 'Shipment information transmitted to carrier',
  '125': 'Customs Cleared',
  '135': 'Customs Issue',
  '150': 'Crossing Border',
  '155': 'Crossing Received',
  '200': 'Item scanned at postal facility',
  '225': 'Item grouped at Landmark or partner facility',
  '250': 'Item scanned for crossing',
  '275': 'Item in transit with carrier',
  '300': 'Item out for delivery',
  '400': 'Attempted delivery',
  '410': 'Item available for pickup',
  '450': 'Item re-directed to new address',
  '500': 'Item successfully delivered',
  '510': 'Proof Of Delivery',
  '550': 'Return received at handling facility',
  '570': 'Return Received',
  '800': 'Claim Issued',
  '900': 'Delivery failed',
};

/** Errors that say our login is refused (nobody answered about the parcel). */
const AUTH_ERROR =
  /username|password|permission|authenticat|login|inactive|deactivated|client ?id|desired client/i;
/** Errors that say Landmark has nothing for this number. */
const UNKNOWN_NUMBER =
  /no shipment found|could not find shipment|no data available|duplicate results|insufficient data|must provide a valid/i;

export interface LandmarkLogin {
  username: string;
  password: string;
  clientId: string;
  test: boolean;
}

/** The TrackRequest for one number, full history. */
export const trackRequestXml = (login: LandmarkLogin, number: string): string =>
  '<?xml version="1.0" encoding="UTF-8"?><TrackRequest>' +
  `<Login>${element('Username', login.username)}${element('Password', login.password)}</Login>` +
  element('Test', String(login.test)) +
  (login.clientId ? element('ClientID', login.clientId) : '') +
  element('TrackingNumber', number) +
  element('RetrievalType', 'Historical') +
  '</TrackRequest>';

const US_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AP]M)$/i;

/** A Landmark DateTime (Chicago wall-clock time, in either form it is written), or null. */
export function landmarkDate(value: string | null): Date | null {
  if (!value) return null;
  const us = US_TIME.exec(value.trim());
  if (!us) return isoLocalTime(value, LANDMARK_ZONE);
  const [, month, day, year, hour, minute, second = '0', half] = us;
  if (+hour < 1 || +hour > 12) return null;
  const h24 = (+hour % 12) + (half.toUpperCase() === 'PM' ? 12 : 0);
  return zonedTime(LANDMARK_ZONE, +year, +month, +day, h24, +minute, +second);
}

/**
 * A TrackResponse for `number`: its events oldest first, null when Landmark has none for it, or why there is no
 * answer. Of several packages, those whose TrackingNumber or LandmarkTrackingNumber is the number asked (all when
 * none is).
 */
export function readLandmarkTracking(
  reply: HttpReply,
  number: string,
): TrackingEvent[] | null | { unavailable: string } {
  if (reply.status !== 200) {
    const r = trackingUnavailableStatus(reply.status);
    return { unavailable: r.kind === 'unavailable' ? r.reason : 'BAD_REPLY' };
  }
  if (!hasElement(reply.body, 'TrackResponse')) return { unavailable: 'BAD_REPLY' };
  const errors = xmlBlocks(reply.body, 'Error').map((e) => ({
    code: textOf(e, 'ErrorCode') ?? '',
    message: textOf(e, 'ErrorMessage') ?? '',
  }));
  if (errors.some((e) => e.code === 'rate_limit')) return { unavailable: 'RATE_LIMITED' };
  if (errors.some((e) => e.code === 'Login' || AUTH_ERROR.test(e.message)))
    return { unavailable: 'AUTH_FAILED' };
  if (errors.some((e) => UNKNOWN_NUMBER.test(e.message))) return null;
  if (errors.length > 0) return { unavailable: 'BAD_REPLY' };
  const result = xmlBlocks(reply.body, 'Result')[0];
  if (result === undefined || textOf(result, 'Success') !== 'true') return { unavailable: 'BAD_REPLY' };
  const packages = xmlBlocks(result, 'Package');
  const asked = number.trim().toUpperCase();
  const isAsked = (p: string) =>
    [textOf(p, 'TrackingNumber'), textOf(p, 'LandmarkTrackingNumber')].some(
      (n) => n?.toUpperCase() === asked,
    );
  const mine = packages.some(isAsked) ? packages.filter(isAsked) : packages;
  const events: TrackingEvent[] = [];
  for (const event of mine.flatMap((p) => xmlBlocks(p, 'Event'))) {
    const code = textOf(event, 'EventCode');
    const at = landmarkDate(textOf(event, 'DateTime'));
    if (!code || !at) return { unavailable: 'BAD_REPLY' };
    events.push({ code, description: textOf(event, 'Status') || LANDMARK_STATUSES[code] || code, at });
  }
  return events.length === 0 ? null : events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Landmark tracks one number a request: up to `concurrency` at a time (its limit is 300 requests a minute per
 * user, and each package may be tracked once an hour). `Test` follows the operator's environment (sandbox → true).
 */
export class LandmarkTrackingAdapter implements TrackingAdapter {
  readonly batchSize = 25;

  constructor(
    private readonly timeoutMs: number,
    private readonly concurrency = 4,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  async track(
    base: string,
    config: Readonly<Record<string, unknown>>,
    numbers: readonly string[],
  ): Promise<TrackingResult> {
    const login: LandmarkLogin = {
      username: text(config, 'login'),
      password: text(config, 'password'),
      clientId: text(config, 'clientId'),
      test: text(config, 'environment') === 'sandbox',
    };
    if (!login.username || !login.password) return trackingUnavailable('MISSING_CREDENTIALS');
    return trackEach(numbers, this.concurrency, async (number) => {
      try {
        const reply = await send(
          this.fetchImpl,
          `${base}/Track.php`,
          {
            method: 'POST',
            headers: {
              'Content-Type': 'application/xml',
              Accept: 'application/xml',
              'Cache-Control': 'no-cache',
            },
            body: trackRequestXml(login, number),
          },
          this.timeoutMs,
        );
        return readLandmarkTracking(reply, number);
      } catch (err) {
        return { unavailable: err instanceof NoReply ? err.reason : 'CONNECTION_FAILED' };
      }
    });
  }
}
