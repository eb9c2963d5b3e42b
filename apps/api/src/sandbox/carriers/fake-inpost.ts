import { json, startFakeCarrier, type FakeCarrier, type FakeRegistrations } from './fake-carrier-server';
import { inpostShipments } from './fake-inpost-shipments';

/**
 * A local stand-in for InPost ShipX.
 * - Cancel: `DELETE /v1/shipments/{id}` with `Authorization: Bearer {token}` answers 204; errors are ShipX's
 *   `{ status, error, message, details }`. `refuse` answers 400 `invalid_action`; an id in `unknownIds` answers 404
 *   `resource_not_found`; a wrong token (or `badCredentials`) 401 `token_invalid`.
 * - Tracking: `GET /v1/tracking/{tracking_number}` (public, no token) answers `{ tracking_number, status,
 *   tracking_details: [{ status, origin_status, datetime, agency }] }`, newest first, from what `setEvents` gave;
 *   a number without events is 404 `resource_not_found`. `badCredentials` has no effect on it (it is public).
 * - Shipments (registration): create, details and label, with the token checked (fake-inpost-shipments.ts).
 */
export interface FakeInpost extends FakeCarrier, FakeRegistrations {
  /** The organization whose shipments it takes (null: any). */
  organizationId: string | null;
  /** The token it accepts. */
  token: string;
  readonly unknownIds: Set<string>;
  /** The tracking events of a number (status code and when), any order. */
  setEvents(number: string, events: { status: string; at: Date }[]): void;
}

const error = (status: number, code: string, message: string) =>
  json(status, { status, error: code, message, details: {} });

export async function startFakeInpost(token = 'inpost-test-token'): Promise<FakeInpost> {
  const unknownIds = new Set<string>();
  const journeys = new Map<string, { status: string; at: Date }[]>();
  let organizationId: string | null = null;
  const shipments = inpostShipments(() => organizationId);
  const fake = await startFakeCarrier(
    (req, f) => {
      if (!req.path.startsWith('/v1/tracking/') && !(req.method === 'DELETE')) {
        if (f.mode === 'badCredentials' || req.headers.authorization !== `Bearer ${(f as FakeInpost).token}`)
          return error(401, 'token_invalid', 'Token is missing or invalid.');
        const answer = shipments.route(req);
        if (answer) return answer;
      }
      const tracking = /^\/v1\/tracking\/([^/?]+)$/.exec(req.path);
      if (req.method === 'GET' && tracking) {
        const number = decodeURIComponent(tracking[1]);
        const events = journeys.get(number);
        if (!events?.length) return error(404, 'resource_not_found', 'Tracking number not found');
        const newestFirst = [...events].sort((a, b) => b.at.getTime() - a.at.getTime());
        return json(200, {
          tracking_number: number,
          service: 'inpost_courier_standard',
          type: 'courier',
          status: newestFirst[0].status,
          custom_attributes: {},
          tracking_details: newestFirst.map((e) => ({
            status: e.status,
            origin_status: e.status.toUpperCase(),
            agency: null,
            datetime: e.at.toISOString(),
          })),
          expected_flow: [],
          created_at: newestFirst.at(-1)!.at.toISOString(),
          updated_at: newestFirst[0].at.toISOString(),
        });
      }
      const m = /^\/v1\/shipments\/([^/?]+)$/.exec(req.path);
      if (req.method !== 'DELETE' || !m) return error(404, 'resource_not_found', 'Resource not found');
      if (f.mode === 'badCredentials' || req.headers.authorization !== `Bearer ${(f as FakeInpost).token}`)
        return error(401, 'token_invalid', 'Token is missing or invalid.');
      if (unknownIds.has(decodeURIComponent(m[1])))
        return error(404, 'resource_not_found', 'Shipment not found');
      if (f.mode === 'refuse')
        return error(
          400,
          'invalid_action',
          'Action cancel is not available for shipment in status dispatched_by_sender.',
        );
      return { status: 204 };
    },
    () => error(500, 'internal_error', 'Internal server error'),
  );
  const result = Object.assign(fake, {
    token,
    unknownIds,
    created: shipments.state.created,
    setEvents(number: string, events: { status: string; at: Date }[]) {
      journeys.set(number, events);
    },
  });
  // Accessors (Object.assign would copy their values): the sandbox and the tests set these after the start.
  Object.defineProperties(result, {
    organizationId: {
      get: () => organizationId,
      set: (v: string | null) => (organizationId = v),
      enumerable: true,
    },
    onCreated: {
      get: () => shipments.state.onCreated,
      set: (v: FakeRegistrations['onCreated']) => (shipments.state.onCreated = v),
      enumerable: true,
    },
  });
  return result as FakeInpost;
}
