import {
  registered,
  rejected,
  registrationUnavailable,
  registrationUnavailableStatus,
  type RegistrationAdapter,
  type RegistrationResult,
  type ShipmentField,
  type ShipmentParcel,
} from './carrier-registration';
import { text } from './carrier-cancellation';
import { NoReply, send, type Fetch, type HttpReply } from './carrier-http';
import { element, textOf } from './packeta-xml';

/**
 * Packeta registration, REST/XML `POST {base}/api/rest` (Packeta's API documentation "createPacket",
 * "packetLabelPdf", "packetLabelZpl"; its WooCommerce and PrestaShop modules send the same):
 * - `<createPacket><apiPassword/><packetAttributes><number/><name/><surname/><email/><phone/><addressId/><cod/>
 *   <value/><currency/><weight/><eshop/><street/><houseNumber/><city/><zip/><size><length/><width/><height/></size>
 *   </packetAttributes></createPacket>` → `<response><status>ok</status><result><id/><barcode/><barcodeText/>
 *   </result></response>`; a refusal is `<status>fault</status><fault>PacketAttributesFault</fault><string/>
 *   <detail><attributes><fault><name>phone</name><fault>…</fault></fault>…</attributes></detail>`, a wrong password
 *   IncorrectApiPasswordFault;
 * - `<packetLabelPdf><apiPassword/><packetId/><format>A6 on A6</format><offset>0</offset></packetLabelPdf>` → the PDF
 *   in base64 as `<result>`; `<packetLabelZpl><apiPassword/><packetId/><dpi>203</dpi></packetLabelZpl>` → the ZPL
 *   itself, XML-escaped, as `<result>` (Packeta's documentation warns it must be unescaped; the public clients —
 *   Salamek/zasilkovna, shop modules — unescape it). A base64 ZPL is read too.
 * `addressId` is the pickup point (the parcel's drop-off point) or, for home delivery, the carrier's id.
 * The packet id is the shipment id (cancellation and tracking name it); the barcode ("Z…") is the tracking number.
 * No reply (timeout, connection) is `unavailable` with its reason, as in the other registration adapters.
 */

/** Packeta's attribute names → ours (`number` is our internal number and `eshop` the account's: no form field). */
const ATTRIBUTES: Readonly<Record<string, ShipmentField>> = {
  name: 'destinationAddress.name',
  surname: 'destinationAddress.name',
  company: 'destinationAddress.name',
  email: 'destinationAddress.email',
  phone: 'destinationAddress.phone',
  street: 'destinationAddress.street',
  houseNumber: 'destinationAddress.building',
  city: 'destinationAddress.city',
  zip: 'destinationAddress.zipCode',
  addressId: 'dropOffPoint',
  cod: 'cod.amountCOD',
  value: 'value',
  currency: 'valueCurrency',
  weight: 'weightKg',
  'size.length': 'sizeCmL',
  'size.width': 'sizeCmW',
  'size.height': 'sizeCmD',
};

/** Our field of a Packeta attribute name, or null. */
export const packetaField = (attribute: string): ShipmentField | null => ATTRIBUTES[attribute] ?? null;

/** Every `<fault><name/><fault/></fault>` of a PacketAttributesFault's detail, its text unescaped. */
function attributeFaults(xml: string): { name: string; message: string }[] {
  const out: { name: string; message: string }[] = [];
  const re = /<fault>\s*(<name>[^<]*<\/name>)\s*(<fault>[^<]*<\/fault>)\s*<\/fault>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    out.push({ name: textOf(m[1], 'name') ?? '', message: textOf(m[2], 'fault') ?? '' });
  }
  return out;
}

/** createPacket's reply: the packet, a refusal under our fields, or no answer. */
export function readPacketaCreate(reply: HttpReply): { id: string; barcode: string } | RegistrationResult {
  if (reply.status !== 200) return registrationUnavailableStatus(reply.status);
  const status = textOf(reply.body, 'status');
  if (status === 'ok') {
    const id = textOf(reply.body, 'id');
    const barcode = textOf(reply.body, 'barcode');
    return id && barcode ? { id, barcode } : registrationUnavailable('BAD_REPLY');
  }
  if (status !== 'fault') return registrationUnavailable('BAD_REPLY');
  const fault = textOf(reply.body, 'fault') ?? '';
  if (fault === 'IncorrectApiPasswordFault') return registrationUnavailable('AUTH_FAILED');
  const faults = attributeFaults(reply.body);
  if (faults.length)
    return rejected(faults.map((f) => ({ field: packetaField(f.name), message: `${f.name}: ${f.message}` })));
  const message = textOf(reply.body, 'string');
  return rejected([{ field: null, message: message ? `${fault}: ${message}` : fault || 'fault' }]);
}

/** Splits "Jan Kowalski" into Packeta's name and surname. */
const nameParts = (full: string) => {
  const parts = full.trim().split(/\s+/);
  return parts.length > 1
    ? { name: parts.slice(0, -1).join(' '), surname: parts.at(-1)! }
    : { name: full, surname: full };
};

/** The createPacket call of a parcel. */
export function createPacketXml(p: ShipmentParcel, apiPassword: string, eshop: string): string {
  const r = p.receiver;
  const { name, surname } = nameParts(r.name);
  const attributes = [
    element('number', p.internalNumber),
    element('name', name),
    element('surname', surname),
    r.email ? element('email', r.email) : '',
    r.phone ? element('phone', r.phone.replace(/[^\d+]/g, '')) : '',
    element('addressId', p.dropOffPoint ?? ''),
    p.cod ? element('cod', p.cod.amount) : '',
    element('value', p.value ?? '0'),
    element('currency', p.valueCurrency ?? p.cod?.currency ?? 'CZK'),
    element('weight', String(Number(p.weightKg))),
    element('eshop', eshop),
    element('street', r.street),
    element('houseNumber', r.apartment ? `${r.building}/${r.apartment}` : r.building),
    element('city', r.city),
    element('zip', r.zipCode),
    `<size>${element('length', String(p.sizeCmL * 10))}${element('width', String(p.sizeCmW * 10))}${element('height', String(p.sizeCmD * 10))}</size>`,
  ].join('');
  return `<createPacket>${element('apiPassword', apiPassword)}<packetAttributes>${attributes}</packetAttributes></createPacket>`;
}

/** The label call of a packet: PDF in the account's paper format, or ZPL at 203 dpi. */
export function packetLabelXml(
  apiPassword: string,
  packetId: string,
  zpl: boolean,
  pdfFormat: string,
): string {
  return zpl
    ? `<packetLabelZpl>${element('apiPassword', apiPassword)}${element('packetId', packetId)}${element('dpi', '203')}</packetLabelZpl>`
    : `<packetLabelPdf>${element('apiPassword', apiPassword)}${element('packetId', packetId)}${element('format', pdfFormat)}${element('offset', '0')}</packetLabelPdf>`;
}

/** ZPL starts with a command: `^XA`, or a `~` command before it. */
const isZpl = (text: string) => /^\s*[~^]/.test(text);

/**
 * A label call's reply: the PDF (base64 in `<result>`) or the ZPL (its text in `<result>`, escaped; base64 read
 * too), or null when Packeta gave none (a fault, an empty or foreign result).
 */
export function readPacketaLabel(reply: HttpReply, zpl: boolean): Buffer | null {
  if (reply.status !== 200 || textOf(reply.body, 'status') !== 'ok') return null;
  const result = textOf(reply.body, 'result') ?? '';
  if (zpl) {
    if (isZpl(result)) return Buffer.from(result, 'utf8');
    const decoded = Buffer.from(result, 'base64');
    return isZpl(decoded.toString('latin1')) ? decoded : null;
  }
  const pdf = Buffer.from(result, 'base64');
  return pdf.subarray(0, 5).toString('latin1') === '%PDF-' ? pdf : null;
}

export class PacketaRegistrationAdapter implements RegistrationAdapter {
  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  private call(base: string, xml: string) {
    return send(
      this.fetchImpl,
      `${base}/api/rest`,
      { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=utf-8' }, body: xml },
      this.timeoutMs,
    );
  }

  async register(
    base: string,
    config: Readonly<Record<string, unknown>>,
    p: ShipmentParcel,
  ): Promise<RegistrationResult> {
    const password = text(config, 'apiPassword');
    const eshop = text(config, 'senderLabel');
    if (!password || !eshop) return registrationUnavailable('MISSING_CREDENTIALS');
    let created: ReturnType<typeof readPacketaCreate>;
    try {
      created = readPacketaCreate(await this.call(base, createPacketXml(p, password, eshop)));
    } catch (err) {
      return registrationUnavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
    }
    if ('kind' in created) return created;
    // The packet exists at Packeta now: a label that does not come only costs the label.
    const zpl = p.labelFormat === 'zpl';
    const format = text(config, 'labelFormat') || 'A6 on A6';
    const data = await this.call(base, packetLabelXml(password, created.id, zpl, format))
      .then((reply) => readPacketaLabel(reply, zpl))
      .catch(() => null);
    return registered(created.id, created.barcode, data ? { format: p.labelFormat, data } : null);
  }
}
