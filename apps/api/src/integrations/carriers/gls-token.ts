import { text } from './carrier-cancellation';
import { parseJson, send, type Fetch, type HttpReply } from './carrier-http';

/**
 * The GLS Group API's OAuth client-credentials token both GLS adapters (tracking: gls-tracking.ts, registration:
 * gls-registration.ts) sign their requests with (authentification-service-v2.yaml, kept in karrioapi/karrio
 * modules/connectors/gls/vendor/; karrio's gls connector, providers/gls/utils.py `login`, asks it the same way):
 * `POST {base}/oauth2/v2/token`, Basic clientId:clientSecret, form `grant_type=client_credentials` →
 * `{ token_type, access_token, expires_in }` (seconds, up to 4 h); a wrong client is a 400/401
 * `{ errors: [{ message, type }] }`.
 */

/** A cached token is dropped this long before GLS says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** An operator's GLS API client (its config's `clientId` and `clientSecret`). */
export interface GlsClient {
  clientId: string;
  clientSecret: string;
}

/** Why there is no token (AUTH_FAILED, RATE_LIMITED, HTTP_<status>, BAD_REPLY). */
export interface GlsNoToken {
  unavailable: string;
}

/** The operator's GLS client, or null when its config lacks either credential. */
export function glsClient(config: Readonly<Record<string, unknown>>): GlsClient | null {
  const clientId = text(config, 'clientId');
  const clientSecret = text(config, 'clientSecret');
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** The token reply: the token and how long it lives, or why there is none (a 400 is a refused client too). */
export function readGlsToken(reply: HttpReply): { token: string; expiresInMs: number } | GlsNoToken {
  if (reply.status === 400 || reply.status === 401 || reply.status === 403)
    return { unavailable: 'AUTH_FAILED' };
  if (reply.status === 429) return { unavailable: 'RATE_LIMITED' };
  if (reply.status !== 200) return { unavailable: `HTTP_${reply.status}` };
  const body = parseJson(reply.body) as { access_token?: unknown; expires_in?: unknown } | undefined;
  const token = body?.access_token;
  const seconds = Number(body?.expires_in);
  if (typeof token !== 'string' || !token) return { unavailable: 'BAD_REPLY' };
  return { token, expiresInMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0 };
}

/**
 * Tokens cached per base URL and client until a minute before they expire. `get` throws `NoReply` when GLS does not
 * answer (as `send` does).
 */
export class GlsTokens {
  private readonly cache = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /** The client's token: the cached one while it lives (`fresh` false), else a new one from GLS. */
  async get(base: string, client: GlsClient): Promise<{ token: string; fresh: boolean } | GlsNoToken> {
    const cached = this.cache.get(keyOf(base, client));
    if (cached && cached.until > this.now()) return { token: cached.token, fresh: false };
    const reply = await send(
      this.fetchImpl,
      `${base}/oauth2/v2/token`,
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
    const read = readGlsToken(reply);
    if (!('token' in read)) return read;
    const until = this.now() + read.expiresInMs - TOKEN_MARGIN_MS;
    if (until > this.now()) this.cache.set(keyOf(base, client), { token: read.token, until });
    return { token: read.token, fresh: true };
  }

  /** Forgets the client's cached token when it is `token` (GLS refused it with a 401). */
  drop(base: string, client: GlsClient, token: string): void {
    const key = keyOf(base, client);
    if (this.cache.get(key)?.token === token) this.cache.delete(key);
  }
}

const keyOf = (base: string, client: GlsClient) => `${base}\n${client.clientId}\n${client.clientSecret}`;
