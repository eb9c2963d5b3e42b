import { json, startFakeCarrier, type FakeCarrier, type FakeRequest } from './fake-carrier-server';

/**
 * A local stand-in for the UPS REST APIs: OAuth client credentials at `POST /security/v1/oauth/token` (Basic
 * clientId:clientSecret, form `grant_type=client_credentials`; `{ access_token, expires_in }` with expires_in as a
 * string of seconds, as UPS sends it) and Void Shipment at `DELETE /api/shipments/v2409/void/cancel/{id}` with the
 * Bearer token (`VoidShipmentResponse`; errors as `{ response: { errors: [{ code, message }] } }`). `refuse`
 * answers 190117 (past the void time); `badCredentials` refuses the client credentials.
 */
export interface FakeUps extends FakeCarrier {
  clientId: string;
  clientSecret: string;
  /** Tokens issued, in order. */
  readonly tokens: string[];
  /** Token requests received (also in `requests`). */
  tokenRequests(): FakeRequest[];
  /** Void requests received (also in `requests`). */
  voidRequests(): FakeRequest[];
}

const errors = (status: number, code: string, message: string) =>
  json(status, { response: { errors: [{ code, message }] } });

const TOKEN_PATH = '/security/v1/oauth/token';
const VOID = /^\/api\/shipments\/v2409\/void\/cancel\/([^/?]+)$/;

export async function startFakeUps(clientId = 'ups-client', clientSecret = 'ups-secret'): Promise<FakeUps> {
  const tokens: string[] = [];
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
      const m = VOID.exec(req.path);
      if (req.method !== 'DELETE' || !m) return errors(404, '10404', 'Not found');
      const bearer = req.headers.authorization?.replace(/^Bearer /, '');
      if (!bearer || !tokens.includes(bearer))
        return errors(401, '250002', 'Invalid Authentication Information.');
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
    tokenRequests: () => fake.requests.filter((r) => r.path === TOKEN_PATH),
    voidRequests: () => fake.requests.filter((r) => VOID.test(r.path)),
  });
}
