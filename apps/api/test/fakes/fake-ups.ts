import { json, startFakeCarrier, type FakeCarrier, type FakeRequest } from './fake-carrier-server';

/**
 * A local stand-in for the UPS REST APIs: OAuth client credentials at `POST /security/v1/oauth/token` (Basic
 * clientId:clientSecret, form `grant_type=client_credentials`; `{ access_token, expires_in }` with expires_in as a
 * string of seconds, as UPS sends it), Void Shipment at `DELETE /api/shipments/v2409/void/cancel/{id}` and Tracking
 * at `GET /api/track/v1/details/{inquiryNumber}` (UPS's Tracking.yaml also requires the headers `transId` and
 * `transactionSrc`: `trackingRequests()` shows them), both with the Bearer token; errors as `{ response: { errors:
 * [{ code, message }] } }`. Tracking answers `{ trackResponse: { shipment: [{ inquiryNumber, package: [{
 * trackingNumber, activity }] }] } }` with the activities newest first, each with its local `date`/`time`,
 * `gmtDate`/`gmtTime`/`gmtOffset` and `status { type, description, code, statusCode }`; a number without events is a
 * shipment with no package and the warning TW0001 "Tracking Information Not Found" in a 200, as UPS's servers
 * answer it (UPS-API/api-documentation issues 102, 166). `refuse` answers 190117 (past the void time);
 * `badCredentials` refuses the client credentials; `expireTokens` makes UPS refuse the tokens it issued (401).
 */
export interface FakeUpsActivity {
  /** The status type (D, I, M, MV, X, P, U). */
  type: string;
  description: string;
  /** The two-letter activity code (e.g. OR, AR, OT, KB). */
  code?: string;
  at: Date;
  /** The local time's offset from GMT, as UPS writes it ("-05:00"; default "+01:00"). */
  offset?: string;
  /** Whether the activity carries gmtDate/gmtTime/gmtOffset (default true); without, only its local time. */
  gmt?: boolean;
}

export interface FakeUps extends FakeCarrier {
  clientId: string;
  clientSecret: string;
  /** Tokens issued, in order. */
  readonly tokens: string[];
  /** A package's tracking history (any order; answered newest first). */
  setEvents(number: string, activities: FakeUpsActivity[]): void;
  /** Every token issued so far is refused from now on (401), as UPS does with an expired one. */
  expireTokens(): void;
  /** Token requests received (also in `requests`). */
  tokenRequests(): FakeRequest[];
  /** Void requests received (also in `requests`). */
  voidRequests(): FakeRequest[];
  /** Tracking requests received (also in `requests`). */
  trackingRequests(): FakeRequest[];
}

const errors = (status: number, code: string, message: string) =>
  json(status, { response: { errors: [{ code, message }] } });

const TOKEN_PATH = '/security/v1/oauth/token';
const VOID = /^\/api\/shipments\/v2409\/void\/cancel\/([^/?]+)$/;
const TRACK = /^\/api\/track\/v1\/details\/([^/?]+)(?:\?.*)?$/;

const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
const hms = (d: Date) => d.toISOString().slice(11, 19).replace(/:/g, '');

/** An activity as UPS writes it: local date and time at the offset, and (unless left out) the GMT ones. */
function upsActivity(a: FakeUpsActivity) {
  const offset = a.offset ?? '+01:00';
  const sign = offset.startsWith('-') ? -1 : 1;
  const local = new Date(a.at.getTime() + sign * (+offset.slice(1, 3) * 60 + +offset.slice(4, 6)) * 60_000);
  return {
    date: ymd(local),
    time: hms(local),
    // UPS's example writes gmtTime without the hour's leading zero ("74700").
    ...(a.gmt === false
      ? {}
      : { gmtDate: ymd(a.at), gmtTime: hms(a.at).replace(/^0/, ''), gmtOffset: offset }),
    location: {
      address: { city: 'Wayne', stateProvince: 'NJ', countryCode: 'US', country: 'US' },
      slic: '8566',
    },
    status: { type: a.type, description: a.description, code: a.code ?? '', statusCode: '003' },
  };
}

export async function startFakeUps(clientId = 'ups-client', clientSecret = 'ups-secret'): Promise<FakeUps> {
  const tokens: string[] = [];
  const expired = new Set<string>();
  const histories = new Map<string, FakeUpsActivity[]>();
  const fake = await startFakeCarrier(
    (req, f) => {
      const ups = f as FakeUps;
      if (req.method === 'POST' && req.path === TOKEN_PATH) {
        const basic = `Basic ${Buffer.from(`${ups.clientId}:${ups.clientSecret}`).toString('base64')}`;
        if (f.mode === 'badCredentials' || req.headers.authorization !== basic)
          return errors(401, '10401', 'ClientId is Invalid');
        if (new URLSearchParams(req.body).get('grant_type') !== 'client_credentials')
          return errors(400, '10400', 'Invalid/Missing grant_type');
        const token = `ups-token-${tokens.length + 1}`;
        tokens.push(token);
        return json(200, {
          token_type: 'Bearer',
          issued_at: String(Date.now()),
          client_id: ups.clientId,
          access_token: token,
          expires_in: '14399',
          status: 'approved',
        });
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, '');
      const signed = !!bearer && tokens.includes(bearer) && !expired.has(bearer);
      const track = TRACK.exec(req.path);
      if (req.method === 'GET' && track) {
        if (!signed) return errors(401, '250002', 'Invalid Authentication Information.');
        const number = decodeURIComponent(track[1]);
        const history = histories.get(number);
        if (!history)
          return json(200, {
            trackResponse: {
              shipment: [
                {
                  inquiryNumber: number,
                  warnings: [{ code: 'TW0001', message: 'Tracking Information Not Found' }],
                },
              ],
            },
          });
        const newestFirst = [...history].sort((a, b) => b.at.getTime() - a.at.getTime());
        return json(200, {
          trackResponse: {
            shipment: [
              {
                inquiryNumber: number,
                package: [
                  {
                    trackingNumber: number,
                    activity: newestFirst.map(upsActivity),
                    currentStatus: newestFirst[0] && upsActivity(newestFirst[0]).status,
                    packageCount: 1,
                  },
                ],
              },
            ],
          },
        });
      }
      const m = VOID.exec(req.path);
      if (req.method !== 'DELETE' || !m) return errors(404, '10404', 'Not found');
      if (!signed) return errors(401, '250002', 'Invalid Authentication Information.');
      if (f.mode === 'refuse')
        return errors(400, '190117', 'The shipment cannot be voided because it is past the void time limit.');
      return json(200, {
        VoidShipmentResponse: {
          Response: {
            ResponseStatus: { Code: '1', Description: 'Success' },
            TransactionReference: { CustomerContext: '' },
          },
          SummaryResult: { Status: { Code: '1', Description: 'Voided' } },
        },
      });
    },
    () => errors(500, '10500', 'Service unavailable'),
  );
  return Object.assign(fake, {
    clientId,
    clientSecret,
    tokens,
    setEvents: (number: string, activities: FakeUpsActivity[]) => {
      histories.set(number, activities);
    },
    expireTokens: () => {
      for (const t of tokens) expired.add(t);
    },
    tokenRequests: () => fake.requests.filter((r) => r.path === TOKEN_PATH),
    voidRequests: () => fake.requests.filter((r) => VOID.test(r.path)),
    trackingRequests: () => fake.requests.filter((r) => TRACK.test(r.path)),
  });
}
