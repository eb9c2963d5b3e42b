import { text } from './carrier-cancellation';
import { NoReply, parseJson, type Fetch } from './carrier-http';
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
import { glsClient, GlsTokens, type GlsClient } from './gls-token';
import { imagePagesPdf } from './label-images';

/**
 * GLS ShipIT (GLS Germany / GLS Group's shipment web service, REST with JSON) as the GLS Group API publishes it
 * ("ShipIT-Farm"): GLS's OpenAPI document shipit-farm.yaml ("GLS ShipIT API v1", kept in karrioapi/karrio
 * modules/connectors/gls/vendor/; servers `https://api.gls-group.net/shipit-farm/v1/backend` and the sandbox's
 * `https://api-sandbox.gls-group.net/shipit-farm/v1/backend`, OAuth 2 client credentials from `/oauth2/v2/token`),
 * called as karrio's gls connector calls it (mappers/gls/proxy.py `create_shipment`, providers/gls/utils.py); the
 * body as the public integrations also send it to the on-premise ShipIT (GLS's doc at
 * shipit.gls-group.eu/webservices/…/WS-REST-API, cited by vendidero's Germanized; Nukium's PrestaShop module;
 * ShippingProAPICollection's ShipIT client). It lives on the same host as Track And Trace (CARRIER_GLS_URL):
 * - token: the GLS Group API's client-credentials token of the operator's `clientId` and `clientSecret`, cached and
 *   shared in shape with the tracking (gls-token.ts: `POST {base}/oauth2/v2/token`, Basic clientId:clientSecret); a
 *   refused client is AUTH_FAILED;
 * - `POST {base}/shipit-farm/v1/backend/rs/shipments` with `Authorization: Bearer <token>`, `Content-Type` and
 *   `Accept` `application/glsVersion1+json`, body `{ Shipment: { ShipmentReference: [...], Product: "PARCEL",
 *   Consignee: { Address: { Name1, CountryCode, ZIPCode, City, Street, StreetNumber, eMail, MobilePhoneNumber } },
 *   Shipper: { ContactID (the operator's `customerNumber`), AlternativeShipperAddress }, ShipmentUnit: [{ Weight (kg),
 *   Service: [{ Cash }] }] (one per package, COD on the first: Cash is a unit service in the OpenAPI document),
 *   Service: [{ ShopDelivery }] }, PrintingOptions: { ReturnLabels: { TemplateSet, LabelFormat } } }`;
 * - 200 `{ CreatedShipment: { ShipmentReference, ParcelData: [{ TrackID, ParcelNumber, Barcodes, RoutingInfo }],
 *   PrintData: [{ Data: base64, LabelFormat }], CustomerID, PickupLocation } }`, one ParcelData and one PrintData per
 *   unit;
 * - a refusal is a 400 with an empty body and the headers `error` (its kind: MANDATORY_PARAMETER_NOT_SET,
 *   INVALID_FIELD_VALUE, INVALID_PARCELSHOP_ID, NO_PRODUCT_OF_TYPE_AVAILABLE_FOR_SHIPMENT…), `message` and `args` (the
 *   field: `Shipment.Consignee.Address.ZIPCode`, `consignee.zip`, `shipmentunit.weight.toohigh`…); a token the
 *   gateway does not take (expired, unknown) is a 401 (Apigee `{ fault: { faultstring, detail: { errorcode } } }`):
 *   a cached token is then dropped and the request made once more with a new one (a refused request created
 *   nothing); 429 is the gateway's quota.
 *
 * The shipment's id is the first parcel's TrackID (ShipIT cancels `POST …/backend/rs/shipments/cancel/{TrackID}`),
 * its tracking number the first ParcelNumber (Track And Trace's `unitno`, what gls-tracking.ts asks with). Labels: ZPL
 * (`ZEBRA`, template ZPL_200) one after another; a PDF for one package as GLS gives it; for several packages GLS gives
 * one PDF per parcel, which cannot be joined here, so their labels are asked as PNG and put on A6 pages of one PDF.
 * This is the ShipIT of GLS Germany and the GLS Group countries, not GLS Poland's ADE-Plus (SOAP).
 */

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const CONTENT_TYPE = 'application/glsVersion1+json';
/** A6 in points, GLS's label size. */
const A6: [number, number] = [297.64, 419.53];

/** A reply with its headers (ShipIT says what it refused in them). */
export interface GlsReply {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

const glsAddress = (a: ShipmentAddress) => ({
  Name1: a.name,
  CountryCode: a.country,
  ZIPCode: a.zipCode,
  City: a.city,
  Street: a.street,
  StreetNumber: `${a.building}${a.apartment ? `/${a.apartment}` : ''}`,
  ...(a.email ? { eMail: a.email } : {}),
  ...(a.phone ? { MobilePhoneNumber: a.phone } : {}),
});

/** Each unit's weight in kg: the parcel's (its total) shared out, rounded up to 10 g. */
export function unitWeight(weightKg: string, units: number): number {
  return Math.max(1, Math.ceil((Number(weightKg) * 100) / Math.max(1, units) - 1e-9)) / 100;
}

/** The ShipmentRequestData for a parcel, sent for the ShipIT contact `contactId`. */
export function glsShipmentRequest(p: ShipmentParcel, contactId: string) {
  const count = Math.max(1, p.packageCount);
  const cash = p.cod && {
    Service: [
      {
        Cash: {
          ServiceName: 'service_cash',
          Reason: p.internalNumber,
          Amount: Number(p.cod.amount),
          Currency: p.cod.currency,
        },
      },
    ],
  };
  return {
    Shipment: {
      ShipmentReference: [p.internalNumber, p.referenceNumber].filter(isText),
      Product: 'PARCEL',
      Consignee: { Address: glsAddress(p.receiver) },
      Shipper: { ContactID: contactId, AlternativeShipperAddress: glsAddress(p.sender) },
      ShipmentUnit: Array.from({ length: count }, (_, i) => ({
        Weight: unitWeight(p.weightKg, count),
        ...(i === 0 && cash ? cash : {}),
      })),
      ...(p.dropOffPoint
        ? {
            Service: [
              { ShopDelivery: { ServiceName: 'service_shopdelivery', ParcelShopID: p.dropOffPoint } },
            ],
          }
        : {}),
    },
    PrintingOptions: {
      ReturnLabels:
        p.labelFormat === 'zpl'
          ? { TemplateSet: 'ZPL_200', LabelFormat: 'ZEBRA' }
          : { TemplateSet: 'NONE', LabelFormat: count > 1 ? 'PNG' : 'PDF' },
    },
  };
}

type AddressPart = Exclude<keyof ShipmentAddress, 'apartment'>;
const PARTS: [RegExp, AddressPart][] = [
  [/zip|postal/i, 'zipCode'],
  [/e-?mail/i, 'email'],
  [/phone/i, 'phone'],
  [/street_?number/i, 'building'],
  [/street/i, 'street'],
  [/city/i, 'city'],
  [/country/i, 'country'],
  [/name/i, 'name'],
  [/address/i, 'zipCode'],
];
const OTHERS: [RegExp, ShipmentField][] = [
  [/parcel_?shop/i, 'dropOffPoint'],
  [/weight/i, 'weightKg'],
  [/(cash|\bcod\b).*currency/i, 'cod.codCurrency'],
  [/cash|\bcod\b/i, 'cod.amountCOD'],
];

/**
 * Our field a ShipIT error names (its `error`, `args` and `message` together): the consignee's (our destination) or
 * the shipper's (our pickup) address part, a whole address under its postal code (GLS routes by it); else weight,
 * parcel shop or COD; null when none fits (the contact id, the product…).
 */
export function glsErrorField(words: string): ShipmentField | null {
  const party = /consignee/i.test(words)
    ? 'destinationAddress'
    : /shipper/i.test(words)
      ? 'pickupAddress'
      : null;
  const part = party && PARTS.find(([re]) => re.test(words))?.[1];
  if (party && part) return `${party}.${part}`;
  return OTHERS.find(([re]) => re.test(words))?.[1] ?? null;
}

/** A reply that is not a shipment: ShipIT's refusal (headers, or a JSON body's message) or why there is no answer. */
export function readGlsRefusal({ status, headers, body }: GlsReply): RegistrationResult {
  if (status === 401 || status === 403 || status === 429 || status >= 500 || status < 400)
    return registrationUnavailableStatus(status);
  const json = parseJson(body) as { message?: unknown; errors?: { message?: unknown }[] } | undefined;
  const fromBody = [json?.message, Array.isArray(json?.errors) ? json.errors[0]?.message : undefined].find(
    isText,
  );
  const [error, args] = [headers.error?.trim() ?? '', headers.args?.trim() ?? ''];
  const message = headers.message?.trim() || fromBody || [error, args].filter(Boolean).join(' ');
  if (!message) return registrationUnavailableStatus(status);
  return rejected([{ field: glsErrorField(`${error} ${args} ${message}`), message }]);
}

/** The labels of PrintData as one file, or null when there are none or they cannot be made one. */
async function glsLabel(printData: unknown): Promise<CarrierLabel | null> {
  const docs = (
    Array.isArray(printData) ? (printData as { Data?: unknown; LabelFormat?: unknown }[]) : []
  ).map((d) => ({
    format: String(d?.LabelFormat ?? '').toUpperCase(),
    // Data is a base64 string (the OpenAPI document calls it an array of them: both are read)
    data: Buffer.concat(
      [d?.Data]
        .flat()
        .filter(isText)
        .map((s) => Buffer.from(s, 'base64')),
    ),
  }));
  if (docs.length === 0 || docs.some((d) => d.data.length === 0)) return null;
  if (docs.every((d) => d.format === 'ZEBRA'))
    return { format: 'zpl', data: Buffer.concat(docs.map((d) => d.data)) };
  if (docs.length === 1 && docs[0].format === 'PDF') return { format: 'pdf', data: docs[0].data };
  if (docs.every((d) => d.format === 'PNG'))
    return {
      format: 'pdf',
      data: await imagePagesPdf(
        docs.map((d) => d.data),
        A6,
      ),
    };
  return null;
}

/** The shipments reply: the first parcel's TrackID and ParcelNumber and the labels, or why not. */
export async function readGlsShipment(reply: GlsReply): Promise<RegistrationResult> {
  if (reply.status !== 200 && reply.status !== 201) return readGlsRefusal(reply);
  const created = (
    parseJson(reply.body) as { CreatedShipment?: { ParcelData?: unknown; PrintData?: unknown } }
  )?.CreatedShipment;
  const first = (Array.isArray(created?.ParcelData) ? created.ParcelData[0] : undefined) as
    { TrackID?: unknown; ParcelNumber?: unknown } | undefined;
  if (!isText(first?.TrackID) || !isText(first?.ParcelNumber)) return registrationUnavailable('BAD_REPLY');
  // The shipment exists at GLS all the same: a label that cannot be read only costs the label.
  const label = await glsLabel(created?.PrintData).catch(() => null);
  return registered(first.TrackID, first.ParcelNumber, label);
}

/** One request with a deadline, its headers kept (carrier-http's `send` keeps status and body only). */
async function post(fetchImpl: Fetch, url: string, init: RequestInit, timeoutMs: number): Promise<GlsReply> {
  try {
    const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  } catch (err) {
    const { name } = (err ?? {}) as { name?: unknown };
    throw new NoReply(
      name === 'TimeoutError' || name === 'AbortError' ? 'TIMEOUT' : 'CONNECTION_FAILED',
      err,
    );
  }
}

/**
 * GLS registration: the client's cached GLS Group API token (gls-token.ts), then one ShipIT-Farm request for the
 * operator's contact id (`customerNumber`). A 401 drops the token; a cached one GLS refused is replaced once and the
 * request made again.
 */
export class GlsRegistrationAdapter implements RegistrationAdapter {
  private readonly tokens: GlsTokens;

  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
    now: () => number = Date.now,
  ) {
    this.tokens = new GlsTokens(timeoutMs, fetchImpl, now);
  }

  async register(
    base: string,
    config: Readonly<Record<string, unknown>>,
    parcel: ShipmentParcel,
  ): Promise<RegistrationResult> {
    const client = glsClient(config);
    const contactId = text(config, 'customerNumber');
    if (!client || !contactId) return registrationUnavailable('MISSING_CREDENTIALS');
    const body = JSON.stringify(glsShipmentRequest(parcel, contactId));
    try {
      return await this.ship(base, client, body);
    } catch (err) {
      return registrationUnavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
    }
  }

  private async ship(base: string, client: GlsClient, body: string): Promise<RegistrationResult> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get(base, client);
      if (!('token' in token)) return registrationUnavailable(token.unavailable);
      const reply = await post(
        this.fetchImpl,
        `${base}/shipit-farm/v1/backend/rs/shipments`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token.token}`,
            'Content-Type': CONTENT_TYPE,
            Accept: `${CONTENT_TYPE}, application/json`,
          },
          body,
        },
        this.timeoutMs,
      );
      if (reply.status === 401) {
        this.tokens.drop(base, client, token.token);
        if (attempt === 0 && !token.fresh) continue;
      }
      return await readGlsShipment(reply);
    }
  }
}
