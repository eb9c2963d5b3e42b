/**
 * The carrier-tracking port (decision 0145): reads the tracking events of a carrier's parcels. It never throws:
 * `unavailable` means no answer could be had (network, timeout, 5xx, 429, bad credentials, an unreadable reply) and
 * the parcels are asked again on the next run; the reason is shown as the carrier's "status download error".
 */

/** One event of a parcel's journey as the carrier reports it. */
export interface TrackingEvent {
  /** The carrier's status code, as it sends it (the status map's `code`). */
  code: string;
  /** The carrier's words for it (the status map's description; the history's carrier text). */
  description: string;
  /** When the carrier says it happened. */
  at: Date;
}

export type TrackingResult =
  /**
   * Events per tracking number the carrier answered for (a number it does not know is absent; a pull-queue carrier
   * may answer for numbers it was not asked about).
   */
  { kind: 'tracked'; events: Map<string, TrackingEvent[]> } | { kind: 'unavailable'; reason: string };

export interface TrackingRequest {
  /** The operator's type (contracts OPERATOR_TYPES), which picks the adapter. */
  operatorType: string;
  /** The operator's configuration: plain fields and decrypted secrets together. */
  config: Readonly<Record<string, unknown>>;
  /** The carrier's tracking numbers (at most the adapter's batch size). */
  numbers: readonly string[];
}

/** One carrier's tracking adapter; `base` is the configured base URL (no trailing slash). */
export interface TrackingAdapter {
  /** Most numbers one `track` call takes (1 when the carrier's API answers one number per request). */
  readonly batchSize: number;
  track(
    base: string,
    config: Readonly<Record<string, unknown>>,
    numbers: readonly string[],
  ): Promise<TrackingResult>;
}

/** Nest token and contract of the port. */
export abstract class CarrierTracking {
  /** Whether this type has a tracking adapter and its base URL is configured (otherwise nobody is asked). */
  abstract canTrack(operatorType: string): boolean;
  /** Most numbers one request to this type's carrier takes. */
  abstract batchSize(operatorType: string): number;
  abstract track(request: TrackingRequest): Promise<TrackingResult>;
}

export const tracked = (events: Map<string, TrackingEvent[]>): TrackingResult => ({
  kind: 'tracked',
  events,
});
export const trackingUnavailable = (reason: string): TrackingResult => ({ kind: 'unavailable', reason });

/** What an HTTP status that is not the carrier's answer means for tracking (as for cancellation). */
export function trackingUnavailableStatus(status: number): TrackingResult {
  if (status === 401 || status === 403) return trackingUnavailable('AUTH_FAILED');
  if (status === 429) return trackingUnavailable('RATE_LIMITED');
  return trackingUnavailable(`HTTP_${status}`);
}

/** A date the carrier wrote, or null when it is none. */
export function carrierDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Asks for many numbers `limit` requests at a time (a per-number API), merging the answers; the first request
 * with no answer makes the whole call unavailable (the run tries again later), so a half answer is never taken for
 * "these numbers have no news".
 */
export async function trackEach(
  numbers: readonly string[],
  limit: number,
  one: (number: string) => Promise<TrackingEvent[] | null | { unavailable: string }>,
): Promise<TrackingResult> {
  const events = new Map<string, TrackingEvent[]>();
  let failure: string | null = null;
  let next = 0;
  const worker = async () => {
    while (failure === null && next < numbers.length) {
      const number = numbers[next++];
      const answer = await one(number);
      if (answer === null) continue;
      if ('unavailable' in answer) failure = answer.unavailable;
      else events.set(number, answer);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, numbers.length) }, worker));
  return failure === null ? tracked(events) : trackingUnavailable(failure);
}
