import { send } from '../../src/integrations/carriers/carrier-http';
import type { ShipmentParcel } from '../../src/integrations/carriers/carrier-registration';
import { PacketaRegistrationAdapter } from '../../src/integrations/carriers/packeta-registration';
import { PacketaTrackingAdapter } from '../../src/integrations/carriers/packeta-tracking';
import { startFakePacketa, type FakePacketa } from '../../src/sandbox/carriers/fake-packeta';
import { shipmentAddress, shipmentParcel, useFakeCarrier } from './registration-contract';

/**
 * The Packeta registration adapter against the fake REST/XML API (createPacket, packetLabelPdf/Zpl): the packet's id
 * and barcode and a real label read, PacketAttributesFault put under our fields, and every way of not answering
 * named. No database.
 */

const receiver = (phone: string | null = '+420777123456') =>
  shipmentAddress({
    name: 'Jana Nováková',
    street: 'Národní',
    building: '10',
    city: 'Praha',
    zipCode: '110 00',
    country: 'CZ',
    phone,
    email: 'jana@example.cz',
  });
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel =>
  shipmentParcel({
    internalNumber: 'AB0000000043',
    weightKg: '1.500',
    value: '250.00',
    valueCurrency: 'CZK',
    sender: { ...receiver(), name: 'Depot' },
    receiver: receiver(),
    dropOffPoint: '4307',
    ...over,
  });

describe('Packeta registration against the fake REST/XML API', () => {
  let fake: FakePacketa;
  const config = (over: Record<string, unknown> = {}) => ({
    apiPassword: fake.apiPassword,
    senderLabel: 'depot',
    labelFormat: 'A6 on A4',
    ...over,
  });

  const carrier = useFakeCarrier({
    start: async () => (fake = await startFakePacketa()),
    adapter: (timeoutMs) => new PacketaRegistrationAdapter(timeoutMs),
    config,
    parcel,
  });

  it('creates the packet: its id, its barcode as the tracking number, a real PDF label in the account’s format', async () => {
    const heard: string[] = [];
    fake.onCreated = (s) => heard.push(s.trackingNumber);
    const result = await new PacketaRegistrationAdapter(2000).register(fake.url, config(), parcel());
    if (result.kind !== 'registered') throw new Error(JSON.stringify(result));
    expect(result.shipmentId).toMatch(/^\d+$/);
    expect(result.trackingNumber).toBe(`Z${result.shipmentId}`);
    expect(heard).toEqual([result.trackingNumber]);
    expect(result.label!.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const label = fake.requests.at(-1)!.body;
    expect(label).toContain('<format>A6 on A4</format>');
    const created = fake.requests.at(-2)!.body;
    expect(created).toContain('<addressId>4307</addressId>');
    expect(created).toContain('<eshop>depot</eshop>');
    expect(created).toContain('<name>Jana</name><surname>Nováková</surname>');
    // Its barcode is what tracking asks with.
    fake.setEvents(result.trackingNumber, [
      { statusCode: 2, codeText: 'arrived', statusText: 'Accepted', at: new Date() },
    ]);
    expect(
      await new PacketaTrackingAdapter(2000).track(fake.url, config(), [result.trackingNumber]),
    ).toMatchObject({
      kind: 'tracked',
    });
  });

  it('ZPL when the parcel wants ZPL: asked at 203 dpi, answered as escaped text, read as the ZPL itself', async () => {
    const result = await new PacketaRegistrationAdapter(2000).register(
      fake.url,
      config(),
      parcel({ labelFormat: 'zpl', receiver: { ...receiver(), name: 'Jana & Petr Nováková' } }),
    );
    if (result.kind !== 'registered') throw new Error(JSON.stringify(result));
    const zpl = result.label!.data.toString('utf8');
    expect(zpl).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
    expect(zpl).toContain(result.trackingNumber);
    expect(zpl).toContain('Jana & Petr Nováková');
    expect(fake.requests.at(-1)!.body).toContain(`<packetId>${result.shipmentId}</packetId><dpi>203</dpi>`);
    // On the wire the ZPL is the text itself, XML-escaped (not base64 as the PDF).
    const raw = await send(
      fetch,
      `${fake.url}/api/rest`,
      { method: 'POST', body: fake.requests.at(-1)!.body },
      2000,
    );
    expect(raw.body).toMatch(/<result>\^XA/);
    expect(raw.body).toContain('Jana &amp; Petr Nováková');
  });

  it('the packet is tracked by its id as well as by its barcode once it has events', async () => {
    const result = await new PacketaRegistrationAdapter(2000).register(fake.url, config(), parcel());
    if (result.kind !== 'registered') throw new Error(JSON.stringify(result));
    fake.setEvents(result.shipmentId, [
      { statusCode: 1, codeText: 'received data', statusText: 'Data received', at: new Date() },
    ]);
    const tracked = await new PacketaTrackingAdapter(2000).track(fake.url, config(), [
      result.shipmentId,
      result.trackingNumber,
    ]);
    if (tracked.kind !== 'tracked') throw new Error(JSON.stringify(tracked));
    expect(tracked.events.get(result.shipmentId)).toMatchObject([{ code: 'received data' }]);
    expect(tracked.events.get(result.trackingNumber)).toMatchObject([{ code: 'received data' }]);
  });

  it('PacketAttributesFault: each attribute under our field, in Packeta’s words', async () => {
    const result = await new PacketaRegistrationAdapter(2000).register(
      fake.url,
      config(),
      parcel({ receiver: receiver('12'), dropOffPoint: null, weightKg: '12.000' }),
    );
    expect(result).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.phone', message: 'phone: Invalid phone number.' },
        { field: 'dropOffPoint', message: 'addressId: Unknown pickup point or carrier.' },
        { field: 'weightKg', message: 'weight: Weight must be between 0 and 10 kg.' },
      ],
    });
  });

  carrier.itAnswersNothing();

  it('neither phone nor e-mail: the phone is named', async () => {
    const result = await new PacketaRegistrationAdapter(2000).register(
      fake.url,
      config(),
      parcel({ receiver: { ...receiver(null), email: null } }),
    );
    expect(result).toEqual({
      kind: 'rejected',
      errors: [{ field: 'destinationAddress.phone', message: 'phone: Phone or e-mail is required.' }],
    });
  });

  carrier.itRecovers('packet');

  carrier.itTimesOutAndAsksNothingWithout([{ senderLabel: '' }, { apiPassword: '' }]);
});
