import {
  json,
  startFakeCarrier,
  type FakeCarrier,
  type FakeRegistrations,
  type FakeReply,
  type FakeRequest,
  type FakeShipment,
} from './fake-carrier-server';

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
 *
 * Ship (registration, Shipping.yaml v2409) at `POST /api/shipments/v2409/ship` with the Bearer token: the
 * ShipmentRequest is checked as UPS does and its faults answered together in a 400 (developer guide's codes: 120100
 * no shipper number, 120207 no ShipTo postal code, 120802 an address UPS's validation refuses (postal code "00-000"
 * or "00000"), 120209 no ShipTo phone, 121031 / 111036 a package weighing nothing or over 70 kg, 120702 a label
 * format other than GIF or ZPL); `refuse` answers 120124 (service unavailable between the locations). A shipment
 * gets one `1Z` number per package (the first is the shipment's id), a manifest activity (M) for tracking, and its
 * labels: ZPL text (`^XA…^XZ`) or a real GIF (LZW-compressed, on its side as UPS's are), the first one a GIF for a
 * multi-piece COD shipment whatever was asked (as UPS does). `created` / `onCreated` report each shipment.
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

export interface FakeUps extends FakeCarrier, FakeRegistrations {
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
  /** Ship requests received (also in `requests`). */
  shipRequests(): FakeRequest[];
}

const errors = (status: number, code: string, message: string) =>
  json(status, { response: { errors: [{ code, message }] } });

const TOKEN_PATH = '/security/v1/oauth/token';
const VOID = /^\/api\/shipments\/v2409\/void\/cancel\/([^/?]+)$/;
const TRACK = /^\/api\/track\/v1\/details\/([^/?]+)(?:\?.*)?$/;
const SHIP = /^\/api\/shipments\/v2409\/ship(?:\?.*)?$/;

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

/** A black-and-white GIF89a, LZW-compressed as encoders do (codes growing from 3 to 12 bits, a clear when full). */
export function fakeGif(width: number, height: number, black: (x: number, y: number) => boolean): Buffer {
  const bytes: number[] = [];
  let [acc, bits, size, next] = [0, 0, 3, 6];
  const put = (code: number) => {
    acc |= code << bits;
    for (bits += size; bits >= 8; bits -= 8, acc >>>= 8) bytes.push(acc & 255);
  };
  let codes = new Map<number, number>();
  const pixel = (i: number) => (black(i % width, Math.floor(i / width)) ? 1 : 0);
  put(4); // clear
  let w = pixel(0);
  for (let i = 1; i < width * height; i++) {
    const k = pixel(i);
    const known = codes.get(w * 2 + k);
    if (known !== undefined) {
      w = known;
      continue;
    }
    put(w);
    codes.set(w * 2 + k, next);
    if (next === 1 << size && size < 12) size++;
    if (++next === 4096) {
      put(4);
      [codes, size, next] = [new Map(), 3, 6];
    }
    w = k;
  }
  put(w);
  put(5); // end of information
  if (bits > 0) bytes.push(acc & 255);
  const data = Buffer.from(bytes);
  const blocks: Buffer[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const part = data.subarray(i, i + 255);
    blocks.push(Buffer.from([part.length]), part);
  }
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x81; // a global colour table of 4: white, black, black, black
  const image = Buffer.alloc(10);
  image[0] = 0x2c;
  image.writeUInt16LE(width, 5);
  image.writeUInt16LE(height, 7);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.from([0x21, 0xfe, 3, 0x55, 0x50, 0x53, 0]), // a comment extension ("UPS")
    image,
    Buffer.from([2]),
    ...blocks,
    Buffer.from([0, 0x3b]),
  ]);
}

/** A package's label as UPS's GIFs are: landscape (the label turned on its side), a frame and bars from its number. */
const gifLabel = (number: string) =>
  fakeGif(700, 400, (x, y) => {
    const frame = x < 6 || y < 6 || x >= 694 || y >= 394;
    const bar =
      x >= 120 && x < 580 && y >= 60 && y < 340 && (number.charCodeAt(((x - 120) / 26) | 0) * x) % 7 < 3;
    return frame || bar;
  });

const zplLabel = (
  number: string,
  to: { PostalCode?: string; City?: string; CountryCode?: string },
  name: string,
) =>
  [
    '^XA',
    '^CF0,40^FO50,40^FDUPS STANDARD^FS',
    `^CF0,30^FO50,110^FD${name}^FS^FO50,150^FD${to.PostalCode ?? ''} ${to.City ?? ''} ${to.CountryCode ?? ''}^FS`,
    `^BY3^FO50,240^BCN,160,Y,N,N^FD${number}^FS`,
    '^XZ',
  ].join('\n');

interface ShipBody {
  Request?: { TransactionReference?: { CustomerContext?: string } };
  Shipment?: {
    Shipper?: { ShipperNumber?: string };
    ShipTo?: { Name?: string; Phone?: { Number?: string }; Address?: { PostalCode?: string; City?: string } };
    Package?: { PackageWeight?: { Weight?: string } }[] | { PackageWeight?: { Weight?: string } };
    ShipmentServiceOptions?: { COD?: unknown };
  };
  LabelSpecification?: { LabelImageFormat?: { Code?: string } };
}

/** The faults UPS finds in a ShipmentRequest, as [code, message]. */
function shipFaults(request: ShipBody): [string, string][] {
  const s = request.Shipment ?? {};
  const faults: [string, string][] = [];
  const postal = s.ShipTo?.Address?.PostalCode ?? '';
  const packages = [s.Package ?? []].flat();
  const weights = packages.map((p) => Number(p.PackageWeight?.Weight));
  if (!s.Shipper?.ShipperNumber) faults.push(['120100', 'Missing or Invalid shipper number']);
  if (!postal.trim()) faults.push(['120207', 'Missing/Invalid ShipTo PostalCode.']);
  else if (/^0+-?0+$/.test(postal)) faults.push(['120802', 'Address Validation Error on ShipTo address']);
  if (!s.ShipTo?.Phone?.Number) faults.push(['120209', 'Missing/Invalid ShipTo PhoneNumber']);
  if (packages.length === 0 || weights.some((w) => !(w > 0)))
    faults.push(['121031', 'Packages must weigh more than zero kg.']);
  if (weights.some((w) => w > 70))
    faults.push([
      '111036',
      'The maximum per package weight for the selected service from the selected country is 70 kg.',
    ]);
  if (!['GIF', 'ZPL'].includes(request.LabelSpecification?.LabelImageFormat?.Code ?? ''))
    faults.push(['120702', 'Missing/Invalid LabelSpecification/ LabelImageFormat/Code']);
  return faults;
}

/** A ShipmentRequest answered: its faults, or the shipment with one 1Z number and label per package. */
function ship(
  ups: FakeUps,
  body: string,
  issue: (shipperNumber: string) => string,
  histories: Map<string, FakeUpsActivity[]>,
): FakeReply {
  let request: ShipBody | undefined;
  try {
    request = (JSON.parse(body) as { ShipmentRequest?: ShipBody }).ShipmentRequest;
  } catch {
    request = undefined;
  }
  if (!request?.Shipment)
    return errors(400, '10002', 'The request is not valid. Review for errors before re-submitting.');
  if (ups.mode === 'refuse')
    return errors(400, '120124', 'The requested service is unavailable between the selected locations');
  const faults = shipFaults(request);
  if (faults.length)
    return json(400, { response: { errors: faults.map(([code, message]) => ({ code, message })) } });
  const s = request.Shipment;
  const packages = [s.Package ?? []].flat();
  const asked = request.LabelSpecification?.LabelImageFormat?.Code ?? 'GIF';
  const multiCod = !!s.ShipmentServiceOptions?.COD && packages.length > 1;
  const numbers = packages.map(() => issue(s.Shipper?.ShipperNumber ?? ''));
  const createdAt = new Date();
  for (const n of numbers)
    histories.set(n, [
      {
        type: 'M',
        code: 'MP',
        description: 'Shipper created a label, UPS has not received the package yet.',
        at: createdAt,
      },
    ]);
  const shipment: FakeShipment = { shipmentId: numbers[0], trackingNumber: numbers[0], createdAt };
  ups.created.push(shipment);
  ups.onCreated?.(shipment);
  const money = (value: string) => ({ CurrencyCode: 'PLN', MonetaryValue: value });
  return json(200, {
    ShipmentResponse: {
      Response: {
        ResponseStatus: { Code: '1', Description: 'Success' },
        TransactionReference: {
          CustomerContext: request.Request?.TransactionReference?.CustomerContext ?? '',
        },
      },
      ShipmentResults: {
        ShipmentCharges: {
          TransportationCharges: money('24.50'),
          ServiceOptionsCharges: money('0.00'),
          TotalCharges: money('24.50'),
        },
        BillingWeight: { UnitOfMeasurement: { Code: 'KGS', Description: 'Kilograms' }, Weight: '1.0' },
        ShipmentIdentificationNumber: numbers[0],
        PackageResults: numbers.map((number, i) => {
          const code = i === 0 && multiCod ? 'GIF' : asked;
          const image =
            code === 'ZPL'
              ? Buffer.from(zplLabel(number, s.ShipTo?.Address ?? {}, s.ShipTo?.Name ?? ''))
              : gifLabel(number);
          return {
            TrackingNumber: number,
            ServiceOptionsCharges: money('0.00'),
            ShippingLabel: {
              ImageFormat: { Code: code, Description: code },
              GraphicImage: image.toString('base64'),
            },
          };
        }),
      },
    },
  });
}

export async function startFakeUps(clientId = 'ups-client', clientSecret = 'ups-secret'): Promise<FakeUps> {
  const tokens: string[] = [];
  const expired = new Set<string>();
  const histories = new Map<string, FakeUpsActivity[]>();
  let issued = 0;
  /** A package's number: 1Z, the shipper's six characters, 11 (the service) and eight digits. */
  const issue = (shipperNumber: string) =>
    `1Z${shipperNumber
      .toUpperCase()
      .replace(/[^0-9A-Z]/g, '')
      .padEnd(6, '0')
      .slice(0, 6)}11${String(++issued).padStart(8, '0')}`;
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
      if (req.method === 'POST' && SHIP.test(req.path)) {
        if (!signed) return errors(401, '250002', 'Invalid Authentication Information.');
        return ship(ups, req.body, issue, histories);
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
    shipRequests: () => fake.requests.filter((r) => SHIP.test(r.path)),
    created: [] as FakeShipment[],
    onCreated: null as FakeUps['onCreated'],
  });
}
