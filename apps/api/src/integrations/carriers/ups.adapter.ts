import { randomUUID } from 'node:crypto';
import {
  canceled,
  refused,
  unavailable,
  unavailableStatus,
  type CarrierAdapter,
  type CarrierCancelResult,
} from './carrier-cancellation';
import { parseJson, send, type Fetch, type HttpReply } from './carrier-http';
import { upsClient, UpsTokens } from './ups-token';

export { readUpsToken } from './ups-token';

interface UpsErrors {
  response?: { errors?: { code?: unknown; message?: unknown }[] };
}

/** The first `{ response: { errors: [{ code, message }] } }` entry as "code message", or null. */
function upsError(body: unknown): string | null {
  const first = (body as UpsErrors | undefined)?.response?.errors?.[0];
  if (!first) return null;
  return [first.code, first.message].filter((x) => typeof x === 'string' && x).join(' ') || null;
}

/**
 * UPS Void Shipment: 200 with `VoidShipmentResponse.Response.ResponseStatus.Code === "1"` voids it; a 4xx with
 * UPS errors (e.g. 190117, past the void time) is the carrier's refusal; 401/403, 429 and 5xx are no answer.
 */
export function readUpsVoid(reply: HttpReply): CarrierCancelResult {
  const body = parseJson(reply.body);
  if (reply.status === 200) {
    const code = (
      body as { VoidShipmentResponse?: { Response?: { ResponseStatus?: { Code?: unknown } } } } | undefined
    )?.VoidShipmentResponse?.Response?.ResponseStatus?.Code;
    return code === '1' ? canceled() : unavailable('BAD_REPLY');
  }
  if (reply.status === 401 || reply.status === 403 || reply.status === 429 || reply.status >= 500)
    return unavailableStatus(reply.status);
  const error = upsError(body);
  return error && reply.status >= 400 ? refused(error) : unavailableStatus(reply.status);
}

/**
 * UPS REST: an OAuth client-credentials token (ups-token.ts: `POST {base}/security/v1/oauth/token`, Basic
 * clientId:clientSecret, cached per base and client until shortly before it expires), then `DELETE
 * {base}/api/shipments/v2409/void/cancel/{shipmentIdentificationNumber}` with it. A 401 drops the cached token.
 */
export class UpsAdapter implements CarrierAdapter {
  private readonly tokens: UpsTokens;

  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
    now: () => number = Date.now,
  ) {
    this.tokens = new UpsTokens(timeoutMs, fetchImpl, now);
  }

  async cancel(base: string, config: Readonly<Record<string, unknown>>, shipmentId: string) {
    const client = upsClient(config);
    if (!client) return unavailable('MISSING_CREDENTIALS');
    const token = await this.tokens.get(base, client);
    if ('kind' in token) return token;
    const reply = await send(
      this.fetchImpl,
      `${base}/api/shipments/v2409/void/cancel/${encodeURIComponent(shipmentId)}`,
      {
        method: 'DELETE',
        headers: {
          Authorization: `Bearer ${token.token}`,
          Accept: 'application/json',
          transId: randomUUID().replace(/-/g, ''),
          transactionSrc: 'depot',
        },
      },
      this.timeoutMs,
    );
    if (reply.status === 401) this.tokens.drop(base, client, token.token);
    return readUpsVoid(reply);
  }
}
