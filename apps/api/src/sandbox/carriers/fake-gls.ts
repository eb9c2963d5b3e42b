import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
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
 * A local stand-in for the GLS Group APIs the tracking and registration adapters use (shapes from GLS's OpenAPI
 * documents authentification-service-v2.yaml, ecitrackandtrace.yaml 1.0.7 and shipit-farm.yaml, kept in
 * karrioapi/karrio modules/connectors/gls/vendor/):
 * - `POST /oauth2/v2/token`, Basic clientId:clientSecret, form `grant_type=client_credentials` →
 *   `{ token_type: "Bearer", access_token, expires_in: 14400 }`; a wrong client (or `badCredentials`) is 400
 *   `{ errors: [{ message: "Invalid client identifier", type: "400" }] }`;
 * - `GET /track-and-trace-v1/tracking/simple/trackids/{unitno,…}` with a Bearer token it issued → 200 `{ parcels }`
 *   in the requested order: a known number as `{ requested, unitno, status, statusDateTime, events }` (events newest
 *   first, times ISO 8601 in German time with an offset like `+0200`), an unknown one as `{ requested, errorCode:
 *   "E_404_01", errorMessage: "Resource Not Found" }`; more than 10 numbers is 400; a token it did not issue, or one
 *   `expireTokens` expired, is 401 `{ fault: { faultstring, detail: { errorcode } } }` (Apigee).
 * - `rateLimited` answers 429 with Apigee's quota fault and `Retry-After`.
 *
 * And ShipIT's shipment registration as the GLS Group API publishes it (shipit-farm.yaml's path and body, the headers
 * public ShipIT clients read): `POST /shipit-farm/v1/backend/rs/shipments` with a Bearer token it issued (else, an
 * expired one or `badCredentials`, the same Apigee 401 as tracking) and `Content-Type: application/glsVersion1+json`
 * (else 415). Faults are a 400 with an empty body and the headers
 * `error`, `message` and `args`, the first one found: MANDATORY_PARAMETER_NOT_SET for no `Shipment.Shipper.ContactID`,
 * no `Shipment.Consignee.Address.ZIPCode` or no unit; INVALID_FIELD_VALUE for a contact id other than `contactId`, the postal code
 * "00-000" / "00000" (`consignee.zip`), a unit under 0.01 kg (`shipmentunit.weight.toolow`) or over 31.5 kg
 * (`shipmentunit.weight.toohigh`), or a label format other than PDF, ZEBRA or PNG; `refuse` answers
 * NO_PRODUCT_OF_TYPE_AVAILABLE_FOR_SHIPMENT. A shipment gets per unit an 8-character TrackID, an 11-digit
 * ParcelNumber (tracked at once as PREADVICE) and a label: a real PDF (pdfkit), a PNG or ZPL text. `created` /
 * `onCreated` report each shipment (its first TrackID and ParcelNumber).
 */
export interface FakeGlsEvent {
  code: string;
  description: string;
  at: Date;
  city?: string;
  postalCode?: string;
  country?: string;
}

export interface FakeGls extends FakeCarrier, FakeRegistrations {
  clientId: string;
  clientSecret: string;
  /** The ShipIT contact id shipments must be sent for (`Shipment.Shipper.ContactID`). */
  contactId: string;
  /** Tokens issued, in order. */
  readonly tokens: string[];
  /** A parcel's current status (at `statusAt`, else its newest event's time) and its events, any order. */
  setParcel(number: string, parcel: { status: string; statusAt?: Date; events: FakeGlsEvent[] }): void;
  /** Every token issued so far is refused from now on as expired. */
  expireTokens(): void;
  /** Tracking requests received (also in `requests`). */
  trackingRequests(): FakeRequest[];
  /** ShipIT shipment requests received (also in `requests`). */
  shipmentRequests(): FakeRequest[];
}

const TOKEN_PATH = '/oauth2/v2/token';
const TRACK = /^\/track-and-trace-v1\/tracking\/simple\/trackids\/([^/?]+)(?:\?.*)?$/;
const SHIPMENTS = '/shipit-farm/v1/backend/rs/shipments';

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

const shipit = (status: number, body: unknown): FakeReply => ({
  status,
  type: 'application/glsVersion1+json',
  body: JSON.stringify(body),
});
/** A ShipIT refusal: 400, no body, the error's kind, words and field in headers. */
const FAULT_WORDS: Readonly<Record<string, string>> = {
  MANDATORY_PARAMETER_NOT_SET: 'Mandatory parameter not set: ',
  INVALID_FIELD_VALUE: 'Invalid field value: ',
  NO_PRODUCT_OF_TYPE_AVAILABLE_FOR_SHIPMENT: 'No product available for the shipment: ',
};
const fault = (error: string, args: string): FakeReply => ({
  status: 400,
  body: '',
  headers: { error, message: `${FAULT_WORDS[error] ?? ''}${args}`, args },
});

/** A grey PNG (8-bit) of black and white pixels. */
export function fakePng(width: number, height: number, black: (x: number, y: number) => boolean): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = black(x, y) ? 0 : 255;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface ShipitAddress {
  Name1?: string;
  ZIPCode?: string;
  City?: string;
  CountryCode?: string;
}
interface ShipitRequest {
  Shipment?: {
    ShipmentReference?: string[];
    Consignee?: { Address?: ShipitAddress };
    Shipper?: { ContactID?: string };
    ShipmentUnit?: { Weight?: number }[];
  };
  PrintingOptions?: { ReturnLabels?: { LabelFormat?: string } };
}

/** A unit's label in the format asked: a real A6 PDF, a PNG, or ZPL. */
function shipitLabel(format: string, parcelNumber: string, to: ShipitAddress): Buffer {
  const lines = [
    'GLS',
    parcelNumber,
    to.Name1 ?? '',
    `${to.CountryCode ?? ''} ${to.ZIPCode ?? ''} ${to.City ?? ''}`,
  ];
  const bar = (x: number) => (parcelNumber.charCodeAt((x / 24) | 0) * x) % 5 < 2;
  if (format === 'ZEBRA')
    return Buffer.from(
      `^XA^CF0,40${lines.map((l, i) => `^FO40,${40 + i * 50}^FD${l}^FS`).join('')}^BY3^FO40,260^BCN,160,Y,N,N^FD${parcelNumber}^FS^XZ`,
    );
  if (format === 'PNG')
    return fakePng(
      400,
      600,
      (x, y) => x < 4 || y < 4 || (y > 300 && y < 500 && x > 60 && x < 340 && bar(x - 60)),
    );
  const doc = new PDFDocument({ size: [297.64, 419.53], margin: 20 });
  doc.fontSize(14).text(lines.join('\n'));
  for (let x = 0; x < 240; x += 3) if (bar(x)) doc.rect(28 + x, 200, 2, 80).fill('#000');
  doc.end();
  const pdf = doc.read() as Buffer | null; // pdfkit has written it all by the end of end()
  if (!pdf) throw new Error('pdfkit wrote nothing');
  return pdf;
}

/** The first fault ShipIT finds in a request, or null. */
function shipitFault(r: ShipitRequest, contactId: string): FakeReply | null {
  const s = r.Shipment ?? {};
  const zip = s.Consignee?.Address?.ZIPCode ?? '';
  const weights = (s.ShipmentUnit ?? []).map((u) => Number(u.Weight));
  if (!s.Shipper?.ContactID) return fault('MANDATORY_PARAMETER_NOT_SET', 'Shipment.Shipper.ContactID');
  if (s.Shipper.ContactID !== contactId) return fault('INVALID_FIELD_VALUE', 'Shipment.Shipper.ContactID');
  if (!zip.trim()) return fault('MANDATORY_PARAMETER_NOT_SET', 'Shipment.Consignee.Address.ZIPCode');
  if (/^0+-?0+$/.test(zip)) return fault('INVALID_FIELD_VALUE', 'consignee.zip');
  if (weights.length === 0) return fault('MANDATORY_PARAMETER_NOT_SET', 'Shipment.ShipmentUnit');
  if (weights.some((w) => !(w >= 0.01))) return fault('INVALID_FIELD_VALUE', 'shipmentunit.weight.toolow');
  if (weights.some((w) => w > 31.5)) return fault('INVALID_FIELD_VALUE', 'shipmentunit.weight.toohigh');
  if (!['PDF', 'ZEBRA', 'PNG'].includes(r.PrintingOptions?.ReturnLabels?.LabelFormat ?? ''))
    return fault('INVALID_FIELD_VALUE', 'PrintingOptions.ReturnLabels.LabelFormat');
  return null;
}

/** A ShipIT shipments request answered: its fault, or the parcels with their numbers and labels. */
function createParcels(gls: FakeGls, req: FakeRequest, issue: () => [string, string]): FakeReply {
  if (!String(req.headers['content-type']).includes('application/glsVersion1+json'))
    return { status: 415, body: '' };
  let r: ShipitRequest;
  try {
    r = JSON.parse(req.body) as ShipitRequest;
  } catch {
    return fault('INVALID_FIELD_VALUE', 'ShipmentRequestData');
  }
  if (gls.mode === 'refuse') return fault('NO_PRODUCT_OF_TYPE_AVAILABLE_FOR_SHIPMENT', 'PARCEL');
  const problem = shipitFault(r, gls.contactId);
  if (problem) return problem;
  const units = r.Shipment?.ShipmentUnit ?? [];
  const format = r.PrintingOptions?.ReturnLabels?.LabelFormat ?? 'PDF';
  const to = r.Shipment?.Consignee?.Address ?? {};
  const parcels = units.map(() => issue());
  const createdAt = new Date();
  for (const [, parcelNumber] of parcels)
    gls.setParcel(parcelNumber, {
      status: 'PREADVICE',
      events: [
        {
          code: 'INTIAL.PREADVICE',
          description:
            'The parcel data was entered into the GLS IT system; the parcel was not yet handed over to GLS.',
          at: createdAt,
        },
      ],
    });
  const shipment: FakeShipment = { shipmentId: parcels[0][0], trackingNumber: parcels[0][1], createdAt };
  gls.created.push(shipment);
  gls.onCreated?.(shipment);
  return shipit(200, {
    CreatedShipment: {
      ShipmentReference: r.Shipment?.ShipmentReference ?? [],
      ParcelData: parcels.map(([TrackID, ParcelNumber]) => ({
        TrackID,
        ShipmentUnitReference: [],
        ParcelNumber,
        Barcodes: { Primary2D: `${ParcelNumber}2762760000`, Primary1D: ParcelNumber, Primary1DPrint: true },
        RoutingInfo: {
          Tour: '1234',
          InboundSortingFlag: '0',
          FinalLocationCode: 'DE 276',
          HubLocation: 'ND',
          LastRoutingDate: createdAt.toISOString().slice(0, 10),
        },
      })),
      PrintData: parcels.map(([, parcelNumber]) => ({
        Data: shipitLabel(format, parcelNumber, to).toString('base64'),
        LabelFormat: format,
      })),
      CustomerID: '2760000000',
      PickupLocation: 'DE 276',
      GDPR: [],
    },
  });
}

export async function startFakeGls(
  clientId = 'gls-client',
  clientSecret = 'gls-secret',
  contactId = '2764200001',
): Promise<FakeGls> {
  const tokens: string[] = [];
  let issued = 0;
  /** A parcel's TrackID (8 characters) and ParcelNumber (11 digits). */
  const issue = (): [string, string] => {
    issued++;
    return [
      `Z${issued.toString(36).toUpperCase().padStart(7, '0')}`,
      `9384${String(issued).padStart(7, '0')}`,
    ];
  };
  const expired = new Set<string>();
  const parcels = new Map<string, { status: string; statusAt?: Date; events: FakeGlsEvent[] }>();
  /** The gateway's 401 for a request without a token it issued (or one expired), else null. */
  const refusedToken = (req: FakeRequest, f: FakeCarrier): FakeReply | null => {
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (expired.has(bearer))
      return apigee(401, 'The Token has expired: policy(Verify-JWT)', 'steps.jwt.TokenExpired');
    if (f.mode === 'badCredentials' || !tokens.includes(bearer))
      return apigee(401, 'Invalid token: policy(Verify-JWT)', 'steps.jwt.InvalidToken');
    return null;
  };
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
      if (req.method === 'POST' && req.path === SHIPMENTS)
        return refusedToken(req, f) ?? createParcels(gls, req, issue);
      const m = TRACK.exec(req.path);
      if (req.method !== 'GET' || !m)
        return problem(404, 'Not Found', `No static resource ${req.path.slice(1)}.`, req.path);
      const refused = refusedToken(req, f);
      if (refused) return refused;
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
    shipmentRequests: () => fake.requests.filter((r) => r.path === SHIPMENTS),
    contactId,
    created: [] as FakeShipment[],
    onCreated: null as FakeGls['onCreated'],
  });
}
