import { text } from './carrier-cancellation';
import { parseJson, send, type Fetch, type HttpReply } from './carrier-http';

/**
 * The UPS OAuth client-credentials token both UPS adapters (cancellation: ups.adapter.ts, tracking:
 * ups-tracking.ts) sign their requests with: `POST {base}/security/v1/oauth/token`, Basic clientId:clientSecret,
 * form `grant_type=client_credentials` → `{ token_type: "Bearer", access_token, expires_in }` (`expires_in` a string
 * of seconds, e.g. "14399"; UPS's OAuthClientCredentials.yaml in github.com/UPS-API/api-documentation). A refused
 * client is a 401 (or a 400 for a malformed one) with `{ response: { errors: [{ code, message }] } }`.
 */

/** A cached token is dropped this long before UPS says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** Why there is no token: no answer, as both ports write it (`{ kind: 'unavailable', reason }`). */
export interface UpsNoToken {
  kind: 'unavailable';
  reason: string;
}

/** An operator's UPS API client (its config's `clientId` and `clientSecret`). */
export interface UpsClient {
  clientId: string;
  clientSecret: string;
}

/** The operator's UPS client, or null when its config lacks either credential. */
export function upsClient(config: Readonly<Record<string, unknown>>): UpsClient | null {
  const clientId = text(config, 'clientId');
  const clientSecret = text(config, 'clientSecret');
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

const noToken = (reason: string): UpsNoToken => ({ kind: 'unavailable', reason });

/** The token reply: the token and how long it lives, or why there is none (a 400 is a refused client too). */
export function readUpsToken(reply: HttpReply): { token: string; expiresInMs: number } | UpsNoToken {
  if (reply.status === 400 || reply.status === 401 || reply.status === 403) return noToken('AUTH_FAILED');
  if (reply.status === 429) return noToken('RATE_LIMITED');
  if (reply.status !== 200) return noToken(`HTTP_${reply.status}`);
  const body = parseJson(reply.body) as { access_token?: unknown; expires_in?: unknown } | undefined;
  const token = body?.access_token;
  const seconds = Number(body?.expires_in);
  if (typeof token !== 'string' || !token) return noToken('BAD_REPLY');
  return { token, expiresInMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0 };
}

/**
 * Tokens cached per base URL and client until a minute before they expire. Callers asking at the same time while
 * no token is cached share one token request. `get` throws `NoReply` when UPS does not answer (as `send` does).
 */
export class UpsTokens {
  private readonly cache = new Map<string, { token: string; until: number }>();
  private readonly pending = new Map<string, Promise<{ token: string; fresh: true } | UpsNoToken>>();

  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /** The client's token: the cached one while it lives (`fresh` false), else a new one from UPS. */
  async get(base: string, client: UpsClient): Promise<{ token: string; fresh: boolean } | UpsNoToken> {
    const key = keyOf(base, client);
    const cached = this.cache.get(key);
    if (cached && cached.until > this.now()) return { token: cached.token, fresh: false };
    let request = this.pending.get(key);
    if (!request) {
      request = this.request(base, key, client).finally(() => this.pending.delete(key));
      this.pending.set(key, request);
    }
    return request;
  }

  /** Forgets the client's cached token when it is `token` (UPS refused it with a 401). */
  drop(base: string, client: UpsClient, token: string): void {
    const key = keyOf(base, client);
    if (this.cache.get(key)?.token === token) this.cache.delete(key);
  }

  private async request(
    base: string,
    key: string,
    client: UpsClient,
  ): Promise<{ token: string; fresh: true } | UpsNoToken> {
    const reply = await send(
      this.fetchImpl,
      `${base}/security/v1/oauth/token`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
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
    if (until > this.now()) this.cache.set(key, { token: read.token, until });
    return { token: read.token, fresh: true };
  }
}

const keyOf = (base: string, client: UpsClient) => `${base}\n${client.clientId}\n${client.clientSecret}`;
