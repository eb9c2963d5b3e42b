import { randomUUID } from 'node:crypto';
import { text } from './carrier-cancellation';
import { NoReply, parseJson, send, type Fetch, type HttpReply } from './carrier-http';
import {
  registered,
  rejected,
  registrationUnavailable,
  registrationUnavailableStatus,
  type CarrierLabel,
  type RegistrationAdapter,
  type RegistrationResult,
  type ShipmentAddress,
  type ShipmentField,
  type ShipmentParcel,
} from './carrier-registration';
import { decodeGif, greyPng, imagePagesPdf } from './label-images';
import { upsClient, UpsTokens, type UpsClient } from './ups-token';

/**
 * UPS Shipping API (REST, JSON), as UPS's OpenAPI document describes it (Shipping.yaml in
 * github.com/UPS-API/api-documentation; karrio's ups connector, providers/ups/shipment/create.py, builds and reads it
 * the same way):
 * - `POST {base}/api/shipments/v2409/ship` with the OAuth token of ups-token.ts and the headers `transId` and
 *   `transactionSrc`, body `{ ShipmentRequest: { Request, Shipment: { Description, Shipper (with ShipperNumber), ShipTo,
 *   ShipFrom, PaymentInformation: { ShipmentCharge: [{ Type: "01", BillShipper }] }, Service: { Code: "11" } (UPS
 *   Standard), Package: [one per package, CM and KGS], ReferenceNumber, ShipmentServiceOptions (COD, Saturday
 *   delivery) }, LabelSpecification } }`;
 * - 200 `{ ShipmentResponse: { Response: { ResponseStatus: { Code: "1" } }, ShipmentResults: {
 *   ShipmentIdentificationNumber, PackageResults: [{ TrackingNumber, ShippingLabel: { ImageFormat: { Code },
 *   GraphicImage } }] } } }` (PackageResults an array from v2403 on, a lone object before: both are read);
 * - errors `{ response: { errors: [{ code, message }] } }`: 400 the shipment's faults (codes 1201xx Shipper, 1202xx
 *   ShipTo, 1203xx ShipFrom, 1206xx packages, 120802 address validation; UPS Shipping developer guide's error list),
 *   401 a token UPS does not take, 403 a blocked merchant, 429, 500, 503.
 *
 * Labels: the OpenAPI document allows GIF, ZPL, EPL and SPL only (no PDF; PNG is named but "not currently
 * supported"), and gives the first label of a multi-piece COD shipment as GIF whatever was asked. So a ZPL label is
 * asked as ZPL (the packages' labels one after another), and a PDF one (or any multi-piece COD one) as GIF: each GIF
 * is decoded here, written as a PNG and put on a 4 × 6 in page of one PDF (pdfkit embeds PNG, not GIF), turned a
 * quarter clockwise when it lies on its side (UPS's GIF labels do; karrio turns them the same way).
 */

const TRANSACTION_SOURCE = 'depot';
/** Error codes that say UPS could not work now (the developer guide's "Transient" ones). */
const TRANSIENT = new Set(['120001', '20001', '250050']);

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

const addressLine = (a: ShipmentAddress) =>
  `${[a.street, a.building].filter(Boolean).join(' ')}${a.apartment ? `/${a.apartment}` : ''}`;

function party(a: ShipmentAddress) {
  return {
    Name: a.name,
    AttentionName: a.name,
    ...(a.phone ? { Phone: { Number: a.phone } } : {}),
    ...(a.email ? { EMailAddress: a.email } : {}),
    Address: { AddressLine: [addressLine(a)], City: a.city, PostalCode: a.zipCode, CountryCode: a.country },
  };
}

/** Each package's share of the parcel's weight in kg, to a tenth, rounded up (the parcel's weight is the total). */
export function packageWeight(weightKg: string, packages: number): string {
  const tenths = Math.ceil((Number(weightKg) * 10) / Math.max(1, packages) - 1e-9);
  return (Math.max(1, tenths) / 10).toFixed(1);
}

/** Whether UPS is asked for GIF labels (made into a PDF) rather than ZPL. */
const asksGif = (p: ShipmentParcel) => p.labelFormat === 'pdf' || (p.cod !== null && p.packageCount > 1);

/** The ShipmentRequest for a parcel, billed to the shipper's account. */
export function upsShipmentRequest(p: ShipmentParcel, shipperNumber: string, saturdayDelivery: boolean) {
  const count = Math.max(1, p.packageCount);
  const sized = p.sizeCmL > 0 && p.sizeCmW > 0 && p.sizeCmD > 0;
  const pkg = {
    Packaging: { Code: '02', Description: 'Package' },
    ...(sized
      ? {
          Dimensions: {
            UnitOfMeasurement: { Code: 'CM' },
            Length: String(p.sizeCmL),
            Width: String(p.sizeCmW),
            Height: String(p.sizeCmD),
          },
        }
      : {}),
    PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: packageWeight(p.weightKg, count) },
  };
  const options = {
    ...(p.cod
      ? {
          // Shipment-level COD (EU origins); funds code 1 is cash, as EU integrations send it.
          COD: {
            CODFundsCode: '1',
            CODAmount: { CurrencyCode: p.cod.currency, MonetaryValue: p.cod.amount },
          },
        }
      : {}),
    ...(saturdayDelivery ? { SaturdayDeliveryIndicator: '' } : {}),
  };
  const gif = asksGif(p);
  return {
    ShipmentRequest: {
      Request: { RequestOption: 'nonvalidate', TransactionReference: { CustomerContext: p.internalNumber } },
      Shipment: {
        ...(p.content ? { Description: p.content } : {}),
        Shipper: { ...party(p.sender), ShipperNumber: shipperNumber },
        ShipTo: party(p.receiver),
        ShipFrom: party(p.sender),
        PaymentInformation: {
          ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: shipperNumber } }],
        },
        Service: { Code: '11', Description: 'UPS Standard' },
        Package: Array.from({ length: count }, () => pkg),
        ReferenceNumber: [p.internalNumber, p.referenceNumber].filter(isText).map((Value) => ({ Value })),
        ...(Object.keys(options).length ? { ShipmentServiceOptions: options } : {}),
      },
      LabelSpecification: {
        LabelImageFormat: { Code: gif ? 'GIF' : 'ZPL' },
        ...(gif ? { HTTPUserAgent: 'Mozilla/4.5' } : {}),
        LabelStockSize: { Height: '6', Width: '4' },
      },
    },
  };
}

type AddressPart = Exclude<keyof ShipmentAddress, 'apartment'>;
const PARTS: [RegExp, AddressPart][] = [
  [/postal|address validation/i, 'zipCode'],
  [/phone/i, 'phone'],
  [/e-?mail/i, 'email'],
  [/city/i, 'city'],
  [/address ?line/i, 'street'],
  [/country/i, 'country'],
  [/name/i, 'name'],
];
const OTHERS: [RegExp, ShipmentField][] = [
  [/\bCOD\b.*currency/i, 'cod.codCurrency'],
  [/\bCOD\b/i, 'cod.amountCOD'],
  [/weigh/i, 'weightKg'],
  [/description/i, 'content'],
  [/length|width|height|dimension|size/i, 'sizeCmL'],
  [/reference ?number/i, 'referenceNumber'],
];

/**
 * Our field a UPS error is about: the party from the message (ShipTo; Shipper or ShipFrom, both our pickup address)
 * or the code's range, the part from the message's words (an address validation error is put under the postal code:
 * UPS checks it against the city); else weight, size, COD, description or reference; null when none fits.
 */
export function upsErrorField(code: string, message: string): ShipmentField | null {
  const party =
    /ship ?to/i.test(message) || code.startsWith('1202')
      ? 'destinationAddress'
      : /shipper|ship ?from/i.test(message) || /^120[13]/.test(code)
        ? 'pickupAddress'
        : null;
  const part = party && PARTS.find(([re]) => re.test(message))?.[1];
  if (party && part) return `${party}.${part}`;
  return OTHERS.find(([re]) => re.test(message))?.[1] ?? null;
}

/** A reply that is not a shipment: UPS's refusal (each error under its field) or why there is no answer. */
export function readUpsRefusal(reply: HttpReply): RegistrationResult {
  const { status } = reply;
  if (status === 401 || status === 403 || status === 429 || status >= 500 || status < 400)
    return registrationUnavailableStatus(status);
  const list = (parseJson(reply.body) as { response?: { errors?: unknown } } | undefined)?.response?.errors;
  const errors = (Array.isArray(list) ? (list as { code?: unknown; message?: unknown }[]) : [])
    .map((e) => ({ code: isText(e?.code) ? e.code : '', message: isText(e?.message) ? e.message : '' }))
    .filter((e) => e.code || e.message);
  if (errors.length === 0 || errors.some((e) => TRANSIENT.has(e.code)))
    return registrationUnavailableStatus(status);
  return rejected(
    errors.map((e) => ({ field: upsErrorField(e.code, e.message), message: e.message || e.code })),
  );
}

interface UpsPackageResult {
  TrackingNumber?: unknown;
  ShippingLabel?: { ImageFormat?: { Code?: unknown }; GraphicImage?: unknown };
}
interface UpsShipReply {
  ShipmentResponse?: {
    Response?: { ResponseStatus?: { Code?: unknown } };
    ShipmentResults?: { ShipmentIdentificationNumber?: unknown; PackageResults?: unknown } | null;
  };
}

/** The ship reply: the shipment's numbers and its label (null when its images cannot be read), or why not. */
export async function readUpsShipment(reply: HttpReply): Promise<RegistrationResult> {
  if (reply.status !== 200) return readUpsRefusal(reply);
  const response = (parseJson(reply.body) as UpsShipReply | undefined)?.ShipmentResponse;
  const results = response?.ShipmentResults;
  if (response?.Response?.ResponseStatus?.Code !== '1' || typeof results !== 'object' || results === null)
    return registrationUnavailable('BAD_REPLY');
  const raw = results.PackageResults;
  const packages = (Array.isArray(raw) ? raw : raw ? [raw] : []) as UpsPackageResult[];
  const trackingNumber = packages[0]?.TrackingNumber;
  if (!isText(results.ShipmentIdentificationNumber) || !isText(trackingNumber))
    return registrationUnavailable('BAD_REPLY');
  // The shipment exists at UPS all the same: a label that cannot be read only costs the label.
  const label = await upsLabel(packages).catch(() => null);
  return registered(results.ShipmentIdentificationNumber, trackingNumber, label);
}

/** The packages' labels as one file: ZPL ones one after another, images (GIF, PNG) as the pages of one PDF. */
async function upsLabel(packages: UpsPackageResult[]): Promise<CarrierLabel | null> {
  const labels = packages.map((p) => ({
    code: String(p?.ShippingLabel?.ImageFormat?.Code ?? '').toUpperCase(),
    data: p?.ShippingLabel?.GraphicImage,
  }));
  if (labels.length === 0 || !labels.every((l) => isText(l.data))) return null;
  const bytes = labels.map((l) => Buffer.from(l.data as string, 'base64'));
  if (labels.every((l) => l.code === 'ZPL')) return { format: 'zpl', data: Buffer.concat(bytes) };
  if (!labels.every((l) => l.code === 'GIF' || l.code === 'PNG')) return null;
  const pngs = bytes.map((b, i) => (labels[i].code === 'GIF' ? greyPng(decodeGif(b)) : b));
  return { format: 'pdf', data: await imagePagesPdf(pngs, [288, 432]) };
}

/**
 * UPS registration: the client's cached OAuth token (ups-token.ts), then the ship request. A 401 drops the token; a
 * cached one UPS refused is replaced once and the request made again (a refused token created nothing).
 */
export class UpsRegistrationAdapter implements RegistrationAdapter {
  private readonly tokens: UpsTokens;

  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
    now: () => number = Date.now,
  ) {
    this.tokens = new UpsTokens(timeoutMs, fetchImpl, now);
  }

  async register(
    base: string,
    config: Readonly<Record<string, unknown>>,
    parcel: ShipmentParcel,
  ): Promise<RegistrationResult> {
    const client = upsClient(config);
    const shipperNumber = text(config, 'shipperNumber');
    if (!client || !shipperNumber) return registrationUnavailable('MISSING_CREDENTIALS');
    const saturday = config.saturdayDelivery === true || config.saturdayDelivery === 'true';
    const body = JSON.stringify(upsShipmentRequest(parcel, shipperNumber, saturday));
    try {
      return await this.ship(base, client, body);
    } catch (err) {
      return registrationUnavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
    }
  }

  private async ship(base: string, client: UpsClient, body: string): Promise<RegistrationResult> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get(base, client);
      if ('kind' in token) return registrationUnavailable(token.reason);
      const reply = await send(
        this.fetchImpl,
        `${base}/api/shipments/v2409/ship`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token.token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
            transId: randomUUID().replace(/-/g, ''),
            transactionSrc: TRANSACTION_SOURCE,
          },
          body,
        },
        this.timeoutMs,
      );
      if (reply.status === 401) {
        this.tokens.drop(base, client, token.token);
        if (attempt === 0 && !token.fresh) continue;
      }
      return readUpsShipment(reply);
    }
  }
}
