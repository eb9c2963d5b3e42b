import { json, startFakeCarrier, type FakeCarrier, type FakeRequest } from './fake-carrier-server';

/**
 * A local stand-in for the GLS Group APIs the tracking adapter uses (shapes from GLS's OpenAPI documents
 * authentification-service-v2.yaml and ecitrackandtrace.yaml 1.0.7, kept in karrioapi/karrio
 * modules/connectors/gls/vendor/):
 * - `POST /oauth2/v2/token`, Basic clientId:clientSecret, form `grant_type=client_credentials` →
 *   `{ token_type: "Bearer", access_token, expires_in: 14400 }`; a wrong client (or `badCredentials`) is 400
 *   `{ errors: [{ message: "Invalid client identifier", type: "400" }] }`;
 * - `GET /track-and-trace-v1/tracking/simple/trackids/{unitno,…}` with a Bearer token it issued → 200 `{ parcels }`
 *   in the requested order: a known number as `{ requested, unitno, status, statusDateTime, events }` (events newest
 *   first, times ISO 8601 in German time with an offset like `+0200`), an unknown one as `{ requested, errorCode:
 *   "E_404_01", errorMessage: "Resource Not Found" }`; more than 10 numbers is 400; a token it did not issue, or one
 *   `expireTokens` expired, is 401 `{ fault: { faultstring, detail: { errorcode } } }` (Apigee).
 * - `rateLimited` answers 429 with Apigee's quota fault and `Retry-After`.
 */
export interface FakeGlsEvent {
  code: string;
  description: string;
  at: Date;
  city?: string;
  postalCode?: string;
  country?: string;
}

export interface FakeGls extends FakeCarrier {
  clientId: string;
  clientSecret: string;
  /** Tokens issued, in order. */
  readonly tokens: string[];
  /** A parcel's current status (at `statusAt`, else its newest event's time) and its events, any order. */
  setParcel(number: string, parcel: { status: string; statusAt?: Date; events: FakeGlsEvent[] }): void;
  /** Every token issued so far is refused from now on as expired. */
  expireTokens(): void;
  /** Tracking requests received (also in `requests`). */
  trackingRequests(): FakeRequest[];
}

const TOKEN_PATH = '/oauth2/v2/token';
const TRACK = /^\/track-and-trace-v1\/tracking\/simple\/trackids\/([^/?]+)(?:\?.*)?$/;

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  timeZoneName: 'longOffset',
});
const wallFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `2024-10-07T10:46:14+0200`: German wall-clock time with its offset, as GLS writes it. */
export function glsTime(d: Date): string {
  const name = offsetFormat.formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name === 'GMT' ? '+0000' : name.replace('GMT', '').replace(':', '');
  return `${wallFormat.format(d).replace(' ', 'T')}${offset}`;
}

const problem = (status: number, title: string, detail: string, instance: string) =>
  json(status, { type: 'about:blank', title, status, detail, instance });
const apigee = (status: number, faultstring: string, errorcode: string) =>
  json(status, { fault: { faultstring, detail: { errorcode } } });

export async function startFakeGls(clientId = 'gls-client', clientSecret = 'gls-secret'): Promise<FakeGls> {
  const tokens: string[] = [];
  const expired = new Set<string>();
  const parcels = new Map<string, { status: string; statusAt?: Date; events: FakeGlsEvent[] }>();
  const fake = await startFakeCarrier(
    (req, f) => {
      const gls = f as FakeGls;
      if (req.method === 'POST' && req.path === TOKEN_PATH) {
        const basic = `Basic ${Buffer.from(`${gls.clientId}:${gls.clientSecret}`).toString('base64')}`;
        if (f.mode === 'badCredentials' || req.headers.authorization !== basic)
          return json(400, { errors: [{ message: 'Invalid client identifier', type: '400' }] });
        if (new URLSearchParams(req.body).get('grant_type') !== 'client_credentials')
          return json(400, { errors: [{ message: 'Unsupported grant type', type: '400' }] });
        const token = `gls-token-${tokens.length + 1}`;
        tokens.push(token);
        return json(200, { token_type: 'Bearer', access_token: token, expires_in: 14400 });
      }
      const m = TRACK.exec(req.path);
      if (req.method !== 'GET' || !m)
        return problem(404, 'Not Found', `No static resource ${req.path.slice(1)}.`, req.path);
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (expired.has(bearer))
        return apigee(401, 'The Token has expired: policy(Verify-JWT)', 'steps.jwt.TokenExpired');
      if (f.mode === 'badCredentials' || !tokens.includes(bearer))
        return apigee(401, 'Invalid token: policy(Verify-JWT)', 'steps.jwt.InvalidToken');
      const numbers = m[1].split(',').map(decodeURIComponent);
      if (numbers.length > 10)
        return problem(
          400,
          'Bad Request',
          `Provided references of size '${numbers.length}' is more than allowed limit of 10`,
          req.path,
        );
      return json(200, {
        parcels: numbers.map((number) => {
          const parcel = parcels.get(number);
          if (!parcel)
            return { requested: number, errorCode: 'E_404_01', errorMessage: 'Resource Not Found' };
          const events = [...parcel.events].sort((a, b) => b.at.getTime() - a.at.getTime());
          const statusAt = parcel.statusAt ?? events[0]?.at ?? new Date();
          return {
            requested: number,
            unitno: number,
            status: parcel.status,
            statusDateTime: glsTime(statusAt),
            events: events.map((e) => ({
              code: e.code,
              city: e.city ?? '',
              postalCode: e.postalCode ?? '',
              country: e.country ?? 'DE',
              description: e.description,
              eventDateTime: glsTime(e.at),
            })),
          };
        }),
      });
    },
    () => problem(500, 'Internal Server Error', 'Internal Server Error', '/track-and-trace-v1'),
    () =>
      apigee(
        429,
        'Rate limit quota violation. Quota limit  exceeded. Identifier : 14f8edf5-8954-45d8-986b-ee9db7cc68d3',
        'policies.ratelimit.QuotaViolation',
      ),
  );
  return Object.assign(fake, {
    clientId,
    clientSecret,
    tokens,
    setParcel(number: string, parcel: { status: string; statusAt?: Date; events: FakeGlsEvent[] }) {
      parcels.set(number, parcel);
    },
    expireTokens() {
      for (const t of tokens) expired.add(t);
    },
    trackingRequests: () => fake.requests.filter((r) => TRACK.test(r.path)),
  });
}
