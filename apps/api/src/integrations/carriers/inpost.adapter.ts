import {
  canceled,
  refused,
  unavailable,
  unavailableStatus,
  type CarrierCancelResult,
} from './carrier-cancellation';
import { OneRequestAdapter, parseJson, type HttpReply } from './carrier-http';

/**
 * InPost ShipX: `DELETE {base}/v1/shipments/{id}` with `Authorization: Bearer {apiToken}`. 204 (or 200) cancels;
 * 400/422 with `{ error, message }` (e.g. `invalid_action`: the shipment's state allows no cancel) and 404 are
 * the carrier's refusal; anything else is no answer.
 */
export function readInpostCancel(reply: HttpReply): CarrierCancelResult {
  if (reply.status === 204 || reply.status === 200) return canceled();
  if (reply.status === 404) return refused('not found at carrier');
  if (reply.status === 400 || reply.status === 422) {
    const body = parseJson(reply.body) as { error?: unknown; message?: unknown } | undefined;
    if (body && typeof body.error === 'string') {
      const message = typeof body.message === 'string' && body.message ? `: ${body.message}` : '';
      return refused(`${body.error}${message}`);
    }
    return unavailable('BAD_REPLY');
  }
  return unavailableStatus(reply.status);
}

export class InpostAdapter extends OneRequestAdapter {
  protected readonly credentialField = 'apiToken';

  protected request(base: string, token: string, shipmentId: string) {
    return {
      url: `${base}/v1/shipments/${encodeURIComponent(shipmentId)}`,
      init: { method: 'DELETE', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } },
    };
  }

  protected read(reply: HttpReply): CarrierCancelResult {
    return readInpostCancel(reply);
  }
}
