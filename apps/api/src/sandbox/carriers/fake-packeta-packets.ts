import type { FakeReply, FakeShipment } from './fake-carrier-server';
import { escapeXml } from '../../integrations/carriers/packeta-xml';
import { fakeLabelPdf, fakeLabelZpl } from './fake-label';

/**
 * Packeta's packets in the fake (shapes in src/integrations/carriers/packeta-registration.ts): `createPacket` checks
 * what Packeta checks — a number, name and surname, a phone (9 to 15 digits, a + allowed) or an e-mail, a numeric
 * `addressId` (the pickup point or home-delivery carrier), a weight up to 10 kg, a value, an `eshop` — and answers
 * PacketAttributesFault listing each bad attribute, else the packet's id and barcode ("Z" + its 10 digits);
 * `packetLabelPdf` answers a real PDF in base64, `packetLabelZpl` the ZPL as XML-escaped text, as Packeta does
 * (PacketIdFault for an unknown packet).
 */
export interface PacketaPackets {
  readonly created: FakeShipment[];
  onCreated: ((shipment: FakeShipment) => void) | null;
}

type Xml = (body: string) => FakeReply;
type Field = (body: string, name: string) => string | null;

export function packetaPackets(xml: Xml, fault: (name: string, message: string) => FakeReply, field: Field) {
  const state: PacketaPackets = { created: [], onCreated: null };
  const packets = new Map<string, { barcode: string; name: string; addressId: string }>();
  let next = 4_100_000_000 + Math.floor(Math.random() * 1000) * 1000;

  const create = (body: string): FakeReply => {
    const bad: [string, string][] = [];
    const need = (name: string, message = 'Value is required.') => {
      if (!field(body, name)?.trim()) bad.push([name, message]);
    };
    need('number');
    need('name');
    need('surname');
    need('eshop');
    need('value');
    const phone = field(body, 'phone');
    if (!phone && !field(body, 'email')) bad.push(['phone', 'Phone or e-mail is required.']);
    if (phone && !/^\+?\d{9,15}$/.test(phone)) bad.push(['phone', 'Invalid phone number.']);
    if (!/^\d+$/.test(field(body, 'addressId') ?? ''))
      bad.push(['addressId', 'Unknown pickup point or carrier.']);
    const weight = Number(field(body, 'weight'));
    if (!(weight > 0) || weight > 10) bad.push(['weight', 'Weight must be between 0 and 10 kg.']);
    if (bad.length) {
      const detail = bad.map(([n, m]) => `<fault><name>${n}</name><fault>${m}</fault></fault>`).join('');
      return xml(
        '<response><status>fault</status><fault>PacketAttributesFault</fault><string>Packet attributes are not ' +
          `valid.</string><detail><attributes>${detail}</attributes></detail></response>`,
      );
    }
    const id = String(next++);
    const barcode = `Z${id}`;
    packets.set(id, {
      barcode,
      name: `${field(body, 'name')} ${field(body, 'surname')}`,
      addressId: field(body, 'addressId')!,
    });
    const shipment: FakeShipment = { shipmentId: id, trackingNumber: barcode, createdAt: new Date() };
    state.created.push(shipment);
    state.onCreated?.(shipment);
    return xml(
      `<response><status>ok</status><result><id>${id}</id><barcode>${barcode}</barcode>` +
        `<barcodeText>${barcode.replace(/^(Z\d{3})(\d{4})(\d+)$/, '$1 $2 $3')}</barcodeText></result></response>`,
    );
  };

  const label = (body: string, zpl: boolean): FakeReply => {
    const packet = packets.get(field(body, 'packetId') ?? '');
    if (!packet) return fault('PacketIdFault', 'Packet id is not valid.');
    const pages = [
      { carrier: 'Packeta', number: packet.barcode, lines: [packet.name, `Point ${packet.addressId}`] },
    ];
    const result = zpl
      ? escapeXml(fakeLabelZpl(pages).toString('utf8'))
      : fakeLabelPdf(pages).toString('base64');
    return xml(`<response><status>ok</status><result>${result}</result></response>`);
  };

  return { state, create, label };
}
