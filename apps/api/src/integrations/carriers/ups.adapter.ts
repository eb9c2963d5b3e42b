import { randomUUID } from 'node:crypto';
import {
  canceled,
  refused,
  text,
  unavailable,
  unavailableStatus,
  type CarrierAdapter,
  type CarrierCancelResult,
} from './carrier-cancellation';
import { parseJson, send, type Fetch, type HttpReply } from './carrier-http';

/** A cached token is dropped this long before UPS says it expires. */
const TOKEN_MARGIN_MS = 60_000;

interface UpsErrors {
  response?: { errors?: { code?: unknown; message?: unknown }[] };
}

/** The first `{ response: { errors: [{ code, message }] } }` entry as "code message", or null. */
function upsError(body: unknown): string | null {
  const first = (body as UpsErrors | undefined)?.response?.errors?.[0];
  if (!first) return null;
  return [first.code, first.message].filter((x) => typeof x === 'string' && x).join(' ') || null;
}

/** The OAuth token reply: the token and how long it lives (UPS sends `expires_in` as a string of seconds). */
export function readUpsToken(reply: HttpReply): { token: string; expiresInMs: number } | CarrierCancelResult {
  if (reply.status !== 200) return unavailableStatus(reply.status === 400 ? 401 : reply.status);
  const body = parseJson(reply.body) as { access_token?: unknown; expires_in?: unknown } | undefined;
  const token = body?.access_token;
  const seconds = Number(body?.expires_in);
  if (typeof token !== 'string' || !token) return unavailable('BAD_REPLY');
  return { token, expiresInMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0 };
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
 * UPS REST: an OAuth client-credentials token (`POST {base}/security/v1/oauth/token`, Basic clientId:clientSecret),
 * cached per base and client until shortly before it expires, then `DELETE
 * {base}/api/shipments/v2409/void/cancel/{shipmentIdentificationNumber}` with it. A 401 drops the cached token.
 */
export class UpsAdapter implements CarrierAdapter {
  private readonly tokens = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  async cancel(base: string, config: Readonly<Record<string, unknown>>, shipmentId: string) {
    const clientId = text(config, 'clientId');
    const clientSecret = text(config, 'clientSecret');
    if (!clientId || !clientSecret) return unavailable('MISSING_CREDENTIALS');
    const cacheKey = `${base}\n${clientId}\n${clientSecret}`;
    const token = await this.token(base, cacheKey, clientId, clientSecret);
    if (typeof token !== 'string') return token;
    const reply = await send(
      this.fetchImpl,
      `${base}/api/shipments/v2409/void/cancel/${encodeURIComponent(shipmentId)}`,
      {
        method: 'DELETE',
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          transId: randomUUID().replace(/-/g, ''),
          transactionSrc: 'depot',
        },
      },
      this.timeoutMs,
    );
    if (reply.status === 401) this.tokens.delete(cacheKey);
    return readUpsVoid(reply);
  }

  private async token(
    base: string,
    cacheKey: string,
    clientId: string,
    clientSecret: string,
  ): Promise<string | CarrierCancelResult> {
    const cached = this.tokens.get(cacheKey);
    if (cached && cached.until > this.now()) return cached.token;
    const reply = await send(
      this.fetchImpl,
      `${base}/security/v1/oauth/token`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      },
      this.timeoutMs,
    );
    const read = readUpsToken(reply);
    if (!('token' in read)) return read;
    const until = this.now() + read.expiresInMs - TOKEN_MARGIN_MS;
    if (until > this.now()) this.tokens.set(cacheKey, { token: read.token, until });
    return read.token;
  }
}
