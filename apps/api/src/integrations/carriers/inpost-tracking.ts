import {
  carrierDate,
  trackEach,
  trackingUnavailableStatus,
  type TrackingAdapter,
  type TrackingEvent,
  type TrackingResult,
} from './carrier-tracking';
import { NoReply, parseJson, send, type Fetch, type HttpReply } from './carrier-http';

interface ShipxTracking {
  tracking_number?: unknown;
  tracking_details?: { status?: unknown; origin_status?: unknown; datetime?: unknown; agency?: unknown }[];
}

/**
 * InPost ShipX tracking (`GET {base}/v1/tracking/{tracking_number}`, public): 200 with `tracking_details`, newest
 * first, each `{ status, origin_status, datetime }` — `status` is ShipX's code (e.g. `out_for_delivery`), the
 * description is the code's own words from InPost's status list (the status map holds them), here the code itself
 * when the map has none; 404 `resource_not_found` is a number InPost does not know.
 */
export function readInpostTracking(reply: HttpReply): TrackingEvent[] | null | { unavailable: string } {
  if (reply.status === 404) return null;
  if (reply.status !== 200) {
    const r = trackingUnavailableStatus(reply.status);
    return { unavailable: r.kind === 'unavailable' ? r.reason : 'BAD_REPLY' };
  }
  const body = parseJson(reply.body) as ShipxTracking | undefined;
  if (!body || !Array.isArray(body.tracking_details)) return { unavailable: 'BAD_REPLY' };
  const events: TrackingEvent[] = [];
  for (const d of body.tracking_details) {
    const at = carrierDate(d.datetime);
    if (typeof d.status !== 'string' || !d.status || !at) return { unavailable: 'BAD_REPLY' };
    events.push({ code: d.status, description: d.status.replace(/_/g, ' '), at });
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** InPost tracks one number per request: up to `concurrency` requests at a time. */
export class InpostTrackingAdapter implements TrackingAdapter {
  readonly batchSize = 50;

  constructor(
    private readonly timeoutMs: number,
    private readonly concurrency = 10,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  track(
    base: string,
    _config: Readonly<Record<string, unknown>>,
    numbers: readonly string[],
  ): Promise<TrackingResult> {
    return trackEach(numbers, this.concurrency, async (number) => {
      try {
        const reply = await send(
          this.fetchImpl,
          `${base}/v1/tracking/${encodeURIComponent(number)}`,
          { method: 'GET', headers: { Accept: 'application/json' } },
          this.timeoutMs,
        );
        return readInpostTracking(reply);
      } catch (err) {
        return { unavailable: err instanceof NoReply ? err.reason : 'CONNECTION_FAILED' };
      }
    });
  }
}
