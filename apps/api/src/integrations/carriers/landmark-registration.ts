import { text } from './carrier-cancellation';
import { NoReply, send, type Fetch, type HttpReply } from './carrier-http';
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
import type { LandmarkLogin } from './landmark-tracking';
import { element, textOf } from './packeta-xml';
import { hasElement, xmlBlocks } from './tracking-xml';
import { imagePagesPdf } from './label-images';

/**
 * Landmark Global ("Mercury") ShipRequest API, XML over HTTP: `POST {base}/Ship.php` (production base
 * https://api.landmarkglobal.com/v2, as for Track.php in landmark-tracking.ts) with
 * `<ShipRequest><Login><Username/><Password/></Login><Test/><ClientID/><Reference/><ShipTo><Name/><Address1/><City/>
 * <State/><PostalCode/><Country/><Phone/><Email/></ShipTo><ShipMethod/><OrderTotal/><ItemsCurrency/><LabelFormat/>
 * <LabelEncoding/><FulfillmentAddress>…</FulfillmentAddress><Packages><Package><WeightUnit/><Weight/><DimensionsUnit/>
 * <Length/><Width/><Height/><PackageReference/></Package>…</Packages><Items><Item><Sku/><Quantity/><UnitPrice/>
 * <Description/><CountryOfOrigin/></Item></Items></ShipRequest>` (Reference, ShipMethod, the ShipTo lines, Package
 * Weight, Item Sku and Quantity required) answered by `<ShipResponse><Result><Success>true</Success><ResultMessage/>
 * <ShippingCarrier/><Packages><Package><LabelImages><LabelImage/>…</LabelImages><TrackingNumber/>
 * <LandmarkTrackingNumber/><PackageReference/><BarcodeData/></Package>…`. LabelFormat PDF, PNG, ZPL…; LabelEncoding
 * BASE64 puts each label in LabelImage (a label of several pages in several), and is left out for ZPL, whose
 * LabelImage is the ZPL itself. Errors come as `<Errors><Error><ErrorCode/><ErrorMessage/></Error></Errors>` with
 * Success false, as HTTP 200: the login's (ErrorCode Login: "The username/password combination provided is
 * invalid", "User … does not have permissions to client: …", "Client is inactive"), `rate_limit` ("Rate limit is
 * exceeded. Retry after X seconds"), and the shipment's, named by element ("Required element Reference not found",
 * "Invalid address field: [field]", "Possible resolutions - Suggested Cities: …; Suggested Postal Codes: …", "City,
 * State, Postal Code do not match", "Client is not set up for delivery to [country]", "Pieces of this weight … are not
 * supported when shipping to …", "Unsupported or invalid currency …", "The shipment reference … was already used by
 * [LTN] on [date]"); past 3000 requests in 5 minutes from one address the server answers 429.
 *
 * Sources: Landmark's "ShipRequest API" and "API Errors" pages (PDFs kept in karrioapi/karrio
 * modules/connectors/landmark/vendor/, with docs-metadata.txt: request and reply samples, the ShipMethods, the cURL
 * call to /v2/Ship.php), karrio's landmark connector (providers/landmark/shipment/create.py, mappers/landmark/proxy.py
 * sending the raw XML to {server_url}/Ship.php as application/xml, schemas/ship_request.xsd and ship_response.xsd,
 * tests/landmark/test_shipment.py).
 *
 * Landmark carries the parcel to its delivering carrier: the tracking number is the first package's
 * LandmarkTrackingNumber (what Track.php answers for, and what Cancel.php cancels by: also the shipment's id), the
 * last-mile number its TrackingNumber (the delivering carrier's) when that differs. The ship method is the operator's
 * `shipMethod` when set, else LGINTSTD (MaxiPak Scan DDP). Landmark carries no cash on delivery: a parcel with COD is
 * refused here, before asking. Labels: ZPL one after another; a PDF for one package as Landmark gives it; several
 * packages' labels are asked as PNG and put on 4 × 6 in pages of one PDF (Landmark's PDFs cannot be joined here).
 */
export const LANDMARK_SHIP_METHOD = 'LGINTSTD';
/** Landmark's label page, 4 × 6 in, in points. */
const LABEL_PAGE: [number, number] = [288, 432];

/** Errors that say our login is refused. */
const AUTH_ERROR =
  /username|password|permission|authenticat|login|inactive|deactivated|client ?id|desired client/i;
/** Errors that say Landmark could not work now. */
const TRANSIENT = /error adding shipment to batch|error loading shipping service validator/i;

const optional = (name: string, value: string | null | undefined) => (value ? element(name, value) : '');

const street = (a: ShipmentAddress) =>
  `${[a.street, a.building].filter(Boolean).join(' ')}${a.apartment ? `/${a.apartment}` : ''}`;

/** An address block's lines (Landmark's State is asked for by US, CA, AU and CL addresses only: sent empty). */
const lines = (a: ShipmentAddress) =>
  element('Name', a.name) +
  element('Address1', street(a)) +
  element('City', a.city) +
  element('State', '') +
  element('PostalCode', a.zipCode) +
  element('Country', a.country.toUpperCase());

/** Each package's share of the weight in kg, rounded up to 10 g (the parcel's weight is the packages' total). */
export function landmarkWeight(weightKg: string, packages: number): string {
  const hundredths = Math.ceil((Number(weightKg) * 100) / Math.max(1, packages) - 1e-9);
  return String(Math.max(1, hundredths) / 100);
}

/** The LabelFormat asked: ZPL, a PDF for one package, PNG for several (made one PDF here). */
export const landmarkLabelFormat = (p: ShipmentParcel): 'ZPL' | 'PDF' | 'PNG' =>
  p.labelFormat === 'zpl' ? 'ZPL' : p.packageCount > 1 ? 'PNG' : 'PDF';

/** The ShipRequest for a parcel: one Package per package, one Item (the content, the declared value). */
export function landmarkShipRequestXml(p: ShipmentParcel, login: LandmarkLogin, shipMethod: string): string {
  const count = Math.max(1, p.packageCount);
  const size = (name: string, cm: number) => (cm > 0 ? element(name, String(cm)) : '');
  const packages = Array.from(
    { length: count },
    (_, i) =>
      '<Package>' +
      element('WeightUnit', 'KG') +
      element('Weight', landmarkWeight(p.weightKg, count)) +
      element('DimensionsUnit', 'CM') +
      size('Length', p.sizeCmL) +
      size('Width', p.sizeCmW) +
      size('Height', p.sizeCmD) +
      element('PackageReference', `${p.internalNumber}-${i + 1}`) +
      '</Package>',
  ).join('');
  const format = landmarkLabelFormat(p);
  return (
    '<?xml version="1.0" encoding="UTF-8"?><ShipRequest>' +
    `<Login>${element('Username', login.username)}${element('Password', login.password)}</Login>` +
    element('Test', String(login.test)) +
    (login.clientId ? element('ClientID', login.clientId) : '') +
    element('Reference', p.internalNumber) +
    `<ShipTo>${lines(p.receiver)}${optional('Phone', p.receiver.phone)}${optional('Email', p.receiver.email)}</ShipTo>` +
    element('ShipMethod', shipMethod) +
    optional('OrderTotal', p.value) +
    element('ItemsCurrency', p.valueCurrency ?? 'EUR') +
    element('LabelFormat', format) +
    (format === 'ZPL' ? '' : element('LabelEncoding', 'BASE64')) +
    `<FulfillmentAddress>${lines(p.sender)}</FulfillmentAddress>` +
    `<Packages>${packages}</Packages>` +
    '<Items><Item>' +
    element('Sku', p.internalNumber.replace(/[^\w-]/g, '-').slice(0, 64)) +
    element('Quantity', '1') +
    element('UnitPrice', p.value ?? '0') +
    element('Description', p.content ?? '') +
    element('CountryOfOrigin', p.sender.country.toUpperCase()) +
    '</Item></Items></ShipRequest>'
  );
}

type AddressPart = Exclude<keyof ShipmentAddress, 'apartment' | 'building'>;
/** Fields Landmark names that are not an address line, tried first ("shipping to Germany" names no country). */
const FIRST: [RegExp, ShipmentField][] = [
  [/country ?of ?origin/i, 'pickupAddress.country'],
  [/weight/i, 'weightKg'],
  [/dimension|length|width|height/i, 'sizeCmL'],
];
const PARTS: [RegExp, AddressPart][] = [
  [/postal|zip|suggested|do not match/i, 'zipCode'],
  [/e-?mail/i, 'email'],
  [/phone/i, 'phone'],
  [/\bcity\b/i, 'city'],
  [/country|delivery to/i, 'country'],
  [/address ?1|address ?2|street/i, 'street'],
  [/\bname\b/i, 'name'],
];
const OTHERS: [RegExp, ShipmentField][] = [
  [/currency/i, 'valueCurrency'],
  [/unit ?price|order ?total|insured ?value/i, 'value'],
  [/description|has no items/i, 'content'],
];

/**
 * Our field a Landmark error is about, from its ErrorCode (the element's name) and message: weight or size; an
 * address part (the ShipTo's, our destination, unless it names the FulfillmentAddress: our pickup address; a city,
 * state and postal code that do not match, or Landmark's suggestions, under the postal code); else currency, value
 * or content; null when none fits (Reference, ShipMethod, LabelFormat…).
 */
export function landmarkErrorField(code: string, message: string): ShipmentField | null {
  const words = `${code} ${message}`;
  const first = FIRST.find(([re]) => re.test(words))?.[1];
  if (first) return first;
  const party = /fulfil+ment|ship ?from/i.test(words) ? 'pickupAddress' : 'destinationAddress';
  const part = PARTS.find(([re]) => re.test(words))?.[1];
  if (part) return `${party}.${part}`;
  return OTHERS.find(([re]) => re.test(words))?.[1] ?? null;
}

/** A LabelImage's content as bytes: ZPL as it came, anything else base64. */
const labelBytes = (image: string, zpl: boolean) =>
  zpl && image.includes('^XA')
    ? Buffer.from(image, 'utf8')
    : Buffer.from(image.replace(/\s+/g, ''), 'base64');

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** The packages' labels as one file in the format asked, or null when they cannot be made one. */
async function landmarkLabel(packages: string[], format: 'pdf' | 'zpl'): Promise<CarrierLabel | null> {
  const images = packages.flatMap((p) =>
    xmlBlocks(p, 'LabelImage').map((inner) => textOf(`<i>${inner}</i>`, 'i') ?? ''),
  );
  if (images.length === 0 || images.some((i) => !i)) return null;
  const bytes = images.map((i) => labelBytes(i, format === 'zpl'));
  if (format === 'zpl')
    return bytes.every((b) => b.toString('latin1').includes('^XA'))
      ? { format, data: Buffer.concat(bytes) }
      : null;
  if (bytes.length === 1 && bytes[0].subarray(0, 5).toString('latin1') === '%PDF-')
    return { format, data: bytes[0] };
  if (bytes.every((b) => b.subarray(0, 4).equals(PNG)))
    return { format, data: await imagePagesPdf(bytes, LABEL_PAGE) };
  return null;
}

/**
 * A ShipResponse: the first package's numbers and the labels (null when they cannot be read), Landmark's refusal
 * (each error under its field), or why there is no answer.
 */
export async function readLandmarkShipment(
  reply: HttpReply,
  format: 'pdf' | 'zpl',
): Promise<RegistrationResult> {
  if (reply.status !== 200) return registrationUnavailableStatus(reply.status);
  const errors = xmlBlocks(reply.body, 'Error').map((e) => ({
    code: textOf(e, 'ErrorCode') ?? '',
    message: textOf(e, 'ErrorMessage') ?? '',
  }));
  if (errors.some((e) => e.code === 'rate_limit')) return registrationUnavailable('RATE_LIMITED');
  if (errors.some((e) => e.code === 'Login' || AUTH_ERROR.test(e.message)))
    return registrationUnavailable('AUTH_FAILED');
  if (errors.some((e) => TRANSIENT.test(e.message))) return registrationUnavailable('LANDMARK_ERROR');
  if (errors.length > 0)
    return rejected(
      errors.map((e) => ({ field: landmarkErrorField(e.code, e.message), message: e.message || e.code })),
    );
  if (!hasElement(reply.body, 'ShipResponse')) return registrationUnavailable('BAD_REPLY');
  const result = xmlBlocks(reply.body, 'Result')[0];
  if (result === undefined || textOf(result, 'Success') !== 'true')
    return registrationUnavailable('BAD_REPLY');
  const packages = xmlBlocks(result, 'Package');
  const first = packages[0] ?? '';
  const landmarkNumber = textOf(first, 'LandmarkTrackingNumber');
  if (!landmarkNumber) return registrationUnavailable('BAD_REPLY');
  const carrierNumber = textOf(first, 'TrackingNumber');
  // The shipment exists at Landmark all the same: a label that cannot be read only costs the label.
  const label = await landmarkLabel(packages, format).catch(() => null);
  return registered(
    landmarkNumber,
    landmarkNumber,
    label,
    carrierNumber && carrierNumber !== landmarkNumber ? carrierNumber : null,
  );
}

/** Landmark Global registration: one ShipRequest signed with the operator's login, for its client id. */
export class LandmarkRegistrationAdapter implements RegistrationAdapter {
  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  async register(
    base: string,
    config: Readonly<Record<string, unknown>>,
    parcel: ShipmentParcel,
  ): Promise<RegistrationResult> {
    const login: LandmarkLogin = {
      username: text(config, 'login'),
      password: text(config, 'password'),
      clientId: text(config, 'clientId'),
      test: text(config, 'environment') === 'sandbox',
    };
    if (!login.username || !login.password) return registrationUnavailable('MISSING_CREDENTIALS');
    if (parcel.cod)
      return rejected([
        { field: 'cod.amountCOD', message: 'Landmark Global does not carry cash on delivery' },
      ]);
    const shipMethod = text(config, 'shipMethod') || LANDMARK_SHIP_METHOD;
    try {
      const reply = await send(
        this.fetchImpl,
        `${base}/Ship.php`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/xml', Accept: 'application/xml' },
          body: landmarkShipRequestXml(parcel, login, shipMethod),
        },
        this.timeoutMs,
      );
      return await readLandmarkShipment(reply, parcel.labelFormat);
    } catch (err) {
      return registrationUnavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
    }
  }
}
