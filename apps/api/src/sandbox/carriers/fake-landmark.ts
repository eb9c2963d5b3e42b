import PDFDocument from 'pdfkit';
import { labelFonts } from '../../modules/labels/render/fonts';
import {
  startFakeCarrier,
  type FakeCarrier,
  type FakeRegistrations,
  type FakeReply,
  type FakeRequest,
  type FakeShipment,
} from './fake-carrier-server';
import { fakePng } from './fake-gls';

/**
 * A local stand-in for Landmark Global's Track and Ship APIs (shapes from Landmark's "Track API Request",
 * "ShipRequest API" and "API Errors" documentation and karrio's landmark connector, as named in
 * src/integrations/carriers/landmark-tracking.ts and landmark-registration.ts): `POST /Track.php` and `POST
 * /Ship.php`, the raw XML as body or in the form parameter `RQXML`.
 * - Track: a known number (its TrackingNumber or LandmarkTrackingNumber) answers `<TrackResponse><Test/><Result>
 *   <Success>true</Success><ShipmentDetails/><Packages><Package>…<Events><Event><Status/><DateTime/><Location/>
 *   <EventCode/></Event>…`, events newest first, DateTime `YYYY-MM-DD HH:MM:SS` Chicago time, EventCode only when
 *   RetrievalType is Historical (else the last event alone); an unknown number answers `Success false` with
 *   `<Errors><Error><ErrorCode>Invalid</ErrorCode><ErrorMessage>No shipment found</ErrorMessage>`.
 * - Ship: a `<ShipRequest>` is checked like Landmark documents (each fault an `<Error>`, ErrorCode the element's name,
 *   all of them at once): required elements ("Required element Reference not found"); a ShipMethod not in
 *   `shipMethods`; the ShipTo's country (two letters), postal code (its country's format for PL, DE, FR, IT, ES, NL,
 *   GB, US; else not empty: "Invalid address field: postal code") and phone (when given, digits: "Invalid address
 *   field: phone"); a package over 30 kg ("Pieces of this weight (…) are not supported when shipping to Germany") or
 *   over 120 cm; a LabelFormat Landmark does not know, a LabelEncoding with ZPL; ItemsCurrency; outside test mode a
 *   Reference already used ("The shipment reference … was already used by LTN… on …"). `refuse` answers "Client is not
 *   set up for delivery to [country]". A good request gets per package a LandmarkTrackingNumber (`LTN` + 8 digits +
 *   `N` + the package's number) and a delivering carrier's TrackingNumber (16 digits) and its label: with
 *   LabelEncoding BASE64 (or BASE64COMPRESSED, answered uncompressed) a real 4 × 6 in PDF (pdfkit) or a PNG (JPG, GIF
 *   and BMP are answered as PNG) in `<LabelImages><LabelImage>`, with ZPL the ZPL text itself, with LINKS (the
 *   default) a `<LabelLink>` only. Each shipment is tracked at once (code 50, Shipment Data Uploaded) and reported
 *   through `created` / `onCreated` (its LandmarkTrackingNumber as both numbers). Test mode does not randomise
 *   answers here.
 * - Both: a wrong username/password (or `badCredentials`) is `Login` "The username/password combination provided is
 *   invalid."; a ClientID of another client "User … does not have permissions to client: …"; all with HTTP 200, as
 *   Landmark does. `rateLimited` is the server-level throttle: 429 "You have exceed the rate limit. Please try again
 *   later."; `error500` an HTML 500.
 */
export interface FakeLandmarkEvent {
  code: string;
  status: string;
  at: Date;
  location?: string;
}

export interface FakeLandmark extends FakeCarrier, FakeRegistrations {
  username: string;
  password: string;
  clientId: string;
  /** ShipMethods the client may use. */
  shipMethods: string[];
  /**
   * A number's events, any order: a shipment it registered (by either number) keeps its numbers and its upload
   * event (code 50) before them; otherwise
   * `landmarkNumber` is the number's LTN… (the number itself when not given).
   */
  setEvents(number: string, events: FakeLandmarkEvent[], landmarkNumber?: string): void;
  /** ShipRequests received (also in `requests`). */
  shipRequests(): FakeRequest[];
}

interface Shipment {
  trackingNumber: string;
  landmarkNumber: string;
  events: FakeLandmarkEvent[];
  /** The upload event of a shipment registered through Ship.php, kept whatever events are set later. */
  uploaded?: FakeLandmarkEvent;
}

/** What the fake keeps: shipments by LTN, references used outside test mode (with their LTN and day), a counter. */
interface Store {
  shipments: Map<string, Shipment>;
  used: Map<string, string>;
  issued: number;
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const decode = (v: string) =>
  v
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const field = (body: string, name: string) =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1]?.replace(/&[a-z]+;/g, decode) ?? null;
const blocks = (body: string, name: string) =>
  [...body.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1]);

const xml = (body: string): FakeReply => ({
  status: 200,
  type: 'text/xml; charset=UTF-8',
  body: `<?xml version="1.0"?>\n${body}`,
});
const errors = (root: string, list: [code: string, message: string][]) =>
  xml(
    `<${root}><Result><Success>false</Success><ResultMessage>See Errors element for error details</ResultMessage>` +
      `</Result><Errors>${list.map(([c, m]) => `<Error><ErrorCode>${esc(c)}</ErrorCode><ErrorMessage>${esc(m)}</ErrorMessage></Error>`).join('')}` +
      `</Errors></${root}>`,
  );

const chicago = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** `2019-01-01 13:21:45`: Chicago wall-clock time, as the Track API documentation gives it. */
export const landmarkTime = (d: Date): string => chicago.format(d);

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
};

const POSTAL: Readonly<Record<string, RegExp>> = {
  PL: /^\d{2}-?\d{3}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  US: /^\d{5}(-\d{4})?$/,
};
const LABEL_FORMATS = ['PDF', 'JPG', 'GIF', 'BMP', 'PNG', 'ZPL'];

/** Everything Landmark would refuse in a ShipRequest, in its words (ErrorCode, ErrorMessage). */
function shipFaults(body: string, lm: FakeLandmark, used: Store['used']): [string, string][] {
  const out: [string, string][] = [];
  const shipTo = blocks(body, 'ShipTo')[0];
  const packages = blocks(body, 'Package');
  const items = blocks(body, 'Item');
  const required: [string, string | null | undefined][] = [
    ['Reference', field(body, 'Reference')],
    ['ShipMethod', field(body, 'ShipMethod')],
    ['ShipTo', shipTo],
    ...(['Name', 'Address1', 'City', 'PostalCode', 'Country'] as const).map((n): [string, string | null] => [
      n,
      shipTo === undefined ? 'skip' : field(shipTo, n),
    ]),
    ['Package', packages[0]],
    ...packages.map((p): [string, string | null] => ['Weight', field(p, 'Weight')]),
    ...items.flatMap((i): [string, string | null][] => [
      ['Sku', field(i, 'Sku')],
      ['Quantity', field(i, 'Quantity')],
    ]),
  ];
  for (const [name, value] of required)
    if (!value?.trim()) out.push([name, `Required element ${name} not found`]);
  if (out.length > 0) return out;
  const country = (field(shipTo!, 'Country') ?? '').toUpperCase();
  const method = field(body, 'ShipMethod') ?? '';
  if (!lm.shipMethods.includes(method))
    out.push(['ShipMethod', `Invalid shipping service requested: ${method}`]);
  if (!/^[A-Z]{2}$/.test(country)) out.push(['Country', 'Invalid address field: country']);
  if (lm.mode === 'refuse')
    out.push(['Country', `Client is not set up for delivery to ${countryName(country)}`]);
  const postal = (field(shipTo!, 'PostalCode') ?? '').trim();
  if (!(POSTAL[country] ?? /./).test(postal)) out.push(['PostalCode', 'Invalid address field: postal code']);
  const phone = field(shipTo!, 'Phone');
  if (phone && !/^\+?[\d\s()-]{6,20}$/.test(phone)) out.push(['Phone', 'Invalid address field: phone']);
  for (const p of packages) {
    const kg = Number(field(p, 'Weight')) * ((field(p, 'WeightUnit') ?? 'LB') === 'KG' ? 1 : 0.4536);
    if (!(kg > 0) || kg > 30)
      out.push([
        'Weight',
        `Pieces of this weight (${field(p, 'Weight')} ${field(p, 'WeightUnit') ?? 'LB'}) are not supported when shipping to ${countryName(country)}`,
      ]);
    const dims = ['Length', 'Width', 'Height'].map((d) => Number(field(p, d) ?? 0));
    if (dims.some((d) => d * ((field(p, 'DimensionsUnit') ?? 'IN') === 'CM' ? 1 : 2.54) > 120))
      out.push([
        'Dimensions',
        `Pieces with these dimensions [${dims.join(' x ')}] are not support when shipping to ${countryName(country)}`,
      ]);
  }
  const format = (field(body, 'LabelFormat') ?? 'PDF').toUpperCase();
  if (!LABEL_FORMATS.includes(format))
    out.push([
      'LabelFormat',
      `Invalid label format ${format} requested. Support image types are pdf, jpg, gif, png, bmp, zpl.`,
    ]);
  const encoding = field(body, 'LabelEncoding');
  if (format === 'ZPL' && encoding && encoding !== 'ZPL')
    out.push([
      'LabelEncoding',
      `Invalid label encoding '${encoding}'. With LabelFormat ZPL, must use label format ZPL or omit the tag.`,
    ]);
  const currency = field(body, 'ItemsCurrency');
  if (currency !== null && !/^[A-Z]{3}$/.test(currency))
    out.push([
      'ItemsCurrency',
      `Unsupported or invalid currency ${currency} passed. Currencies expected using a three character, ISO 4217 code.`,
    ]);
  const reference = field(body, 'Reference') ?? '';
  const earlier = used.get(reference);
  if (earlier && field(body, 'Test') !== 'true')
    out.push(['Reference', `The shipment reference ${reference} was already used by ${earlier}`]);
  return out;
}

/** A package's label in the format asked: a real 4 × 6 in PDF, a PNG or ZPL. */
function shipLabel(format: string, ltn: string, carrierNumber: string, to: string[]): Buffer {
  const lines = ['LANDMARK GLOBAL', ltn, `Carrier: ${carrierNumber}`, ...to];
  const bar = (x: number) => (ltn.charCodeAt((x / 19) | 0) * (x + 3)) % 5 < 2;
  if (format === 'ZPL')
    return Buffer.from(
      `^XA^CI28^CF0,36${lines.map((l, i) => `^FO40,${40 + i * 45}^FD${l}^FS`).join('')}^BY3^FO40,420^BCN,180,Y,N,N^FD${ltn}^FS^XZ`,
    );
  if (format !== 'PDF')
    return fakePng(400, 600, (x, y) => x < 4 || y < 4 || (y > 320 && y < 520 && x > 40 && x < 360 && bar(x)));
  const fonts = labelFonts();
  const doc = new PDFDocument({ size: [288, 432], margin: 18 });
  doc.font(fonts.bold).fontSize(16).text(lines[0]);
  doc.font(fonts.regular).fontSize(13).text(lines.slice(1).join('\n'));
  for (let x = 0; x < 240; x += 3) if (bar(x)) doc.rect(24 + x, 280, 2, 100).fill('#000');
  doc.end();
  const pdf = doc.read() as Buffer | null; // pdfkit has written it all by the end of end()
  if (!pdf) throw new Error('pdfkit wrote nothing');
  return pdf;
}

/** A ShipRequest answered: its faults, or the packages with their numbers and labels. */
function ship(body: string, lm: FakeLandmark, { shipments, used, issued }: Store) {
  const faults = shipFaults(body, lm, used);
  if (faults.length > 0) return errors('ShipResponse', faults);
  const test = field(body, 'Test') === 'true';
  const shipTo = blocks(body, 'ShipTo')[0];
  const to = [
    field(shipTo, 'Name') ?? '',
    field(shipTo, 'Address1') ?? '',
    `${field(shipTo, 'Country')} ${field(shipTo, 'PostalCode')} ${field(shipTo, 'City')}`,
  ];
  const format = (field(body, 'LabelFormat') ?? 'PDF').toUpperCase();
  const encoding = format === 'ZPL' ? 'ZPL' : (field(body, 'LabelEncoding') ?? 'LINKS');
  const reference = field(body, 'Reference') ?? '';
  const createdAt = new Date();
  const serial = String(38570000 + issued).slice(-8);
  const packages = blocks(body, 'Package').map((p, i) => {
    const ltn = `LTN${serial}N${i + 1}`;
    const carrierNumber = String(7237529100000000 + Number(serial) * 10 + i);
    shipments.set(ltn, {
      trackingNumber: carrierNumber,
      landmarkNumber: ltn,
      events: [],
      uploaded: { code: '50', status: 'Shipment Data Uploaded', at: createdAt },
    });
    const label = shipLabel(format, ltn, carrierNumber, to);
    const image =
      encoding === 'LINKS'
        ? `<LabelLink>${lm.url}/download/get-label.php?hid=${ltn}</LabelLink>`
        : `<LabelImages><LabelImage>${encoding === 'ZPL' ? esc(label.toString()) : label.toString('base64')}</LabelImage></LabelImages>`;
    return (
      `<Package>${image}<TrackingNumber>${carrierNumber}</TrackingNumber><LandmarkTrackingNumber>${ltn}` +
      `</LandmarkTrackingNumber><PackageID>${serial}${i + 1}</PackageID><BarcodeData>420${carrierNumber}</BarcodeData>` +
      `${field(p, 'PackageReference') ? `<PackageReference>${esc(field(p, 'PackageReference')!)}</PackageReference>` : ''}</Package>`
    );
  });
  const ltn = `LTN${serial}N1`;
  if (!test) used.set(reference, `${ltn} on ${createdAt.toISOString().slice(0, 10)}`);
  const shipment: FakeShipment = { shipmentId: ltn, trackingNumber: ltn, createdAt };
  lm.created.push(shipment);
  lm.onCreated?.(shipment);
  return xml(
    `<ShipResponse>${test ? '<Test>true</Test>' : ''}<Result><Success>true</Success><ResultMessage>Shipment ` +
      `${esc(reference)} successfully created and processed</ResultMessage><ShippingCarrier>DHL Parcel</ShippingCarrier>` +
      `<Packages>${packages.join('')}</Packages></Result></ShipResponse>`,
  );
}

/** A TrackRequest answered. */
function track(body: string, { shipments }: Store) {
  const number = field(body, 'TrackingNumber')?.trim() ?? '';
  if (!number)
    return errors('TrackResponse', [
      ['Reference', 'Either Reference, Package Reference or TrackingNumber is required, none were found.'],
    ]);
  const shipment = [...shipments.values()].find(
    (s) => s.trackingNumber === number || s.landmarkNumber === number,
  );
  const all = shipment ? [...(shipment.uploaded ? [shipment.uploaded] : []), ...shipment.events] : [];
  if (!shipment || all.length === 0) return errors('TrackResponse', [['Invalid', 'No shipment found']]);
  const historical = field(body, 'RetrievalType') === 'Historical';
  const newestFirst = all.sort((a, b) => b.at.getTime() - a.at.getTime());
  const events = (historical ? newestFirst : newestFirst.slice(0, 1)).map(
    (e) =>
      `<Event><Status>${esc(e.status)}</Status><DateTime>${landmarkTime(e.at)}</DateTime>` +
      `<Location>${esc(e.location ?? 'Columbus, OH')}</Location>` +
      (historical ? `<EventCode>${esc(e.code)}</EventCode>` : '') +
      '</Event>',
  );
  return xml(
    `<TrackResponse><Test>${field(body, 'Test') === 'true'}</Test><Result><Success>true</Success>` +
      '<ShipmentDetails><EndDeliveryCarrier>Sample Carrier</EndDeliveryCarrier></ShipmentDetails><Packages>' +
      `<Package><TrackingNumber>${esc(shipment.trackingNumber)}</TrackingNumber>` +
      `<LandmarkTrackingNumber>${esc(shipment.landmarkNumber)}</LandmarkTrackingNumber>` +
      `<PackageReference></PackageReference><Events>${events.join('')}</Events></Package>` +
      '</Packages></Result></TrackResponse>',
  );
}

export async function startFakeLandmark(
  username = 'landmark-user',
  password = 'landmark-password',
  clientId = '218',
): Promise<FakeLandmark> {
  const store: Store = { shipments: new Map(), used: new Map(), issued: 0 };
  const { shipments } = store;
  const fake = await startFakeCarrier(
    (req, f) => {
      const lm = f as FakeLandmark;
      const path = req.path.replace(/\?.*$/, '');
      if (req.method !== 'POST' || (path !== '/Track.php' && path !== '/Ship.php'))
        return { status: 404, type: 'text/html', body: '<html><body><h1>404 Not Found</h1></body></html>' };
      const root = path === '/Ship.php' ? 'ShipResponse' : 'TrackResponse';
      const body = req.body.trimStart().startsWith('<')
        ? req.body
        : (new URLSearchParams(req.body).get('RQXML') ?? '');
      if (!body.includes(path === '/Ship.php' ? '<ShipRequest' : '<TrackRequest'))
        return errors(root, [['Login', 'Required element Login not found']]);
      if (
        f.mode === 'badCredentials' ||
        field(body, 'Username') !== lm.username ||
        field(body, 'Password') !== lm.password
      )
        return errors(root, [['Login', 'The username/password combination provided is invalid.']]);
      const client = field(body, 'ClientID');
      if (client && client !== lm.clientId)
        return errors(root, [
          ['Login', `User ${lm.username} does not have permissions to client: ${client}`],
        ]);
      if (path === '/Track.php') return track(body, store);
      store.issued++;
      return ship(body, lm, store);
    },
    () => ({
      status: 500,
      type: 'text/html',
      body: '<html><body><h1>500 Internal Server Error</h1></body></html>',
    }),
    () => ({
      status: 429,
      type: 'text/html',
      body: 'You have exceed the rate limit. Please try again later.',
      headers: { 'Retry-After': '60' },
    }),
  );
  return Object.assign(fake, {
    username,
    password,
    clientId,
    shipMethods: ['LGINTSTD', 'LGINTSTDU', 'LGINTBPIP', 'LGINTBPIU'],
    created: [] as FakeShipment[],
    onCreated: null as FakeLandmark['onCreated'],
    shipRequests: () => fake.requests.filter((r) => r.path.startsWith('/Ship.php')),
    setEvents(number: string, events: FakeLandmarkEvent[], landmarkNumber?: string) {
      const known = [...shipments.values()].find(
        (s) => s.trackingNumber === number || s.landmarkNumber === number,
      );
      if (known && landmarkNumber === undefined) known.events = events;
      else
        shipments.set(landmarkNumber ?? number, {
          trackingNumber: number,
          landmarkNumber: landmarkNumber ?? number,
          events,
        });
    },
  });
}
