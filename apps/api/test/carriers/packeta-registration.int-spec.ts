import type { ShipmentParcel } from '../../src/integrations/carriers/carrier-registration';
import { PacketaRegistrationAdapter } from '../../src/integrations/carriers/packeta-registration';
import { PacketaTrackingAdapter } from '../../src/integrations/carriers/packeta-tracking';
import { startFakePacketa, type FakePacketa } from '../../src/sandbox/carriers/fake-packeta';

/**
 * The Packeta registration adapter against the fake REST/XML API (createPacket, packetLabelPdf/Zpl): the packet's id
 * and barcode and a real label read, PacketAttributesFault put under our fields, and every way of not answering
 * named. No database.
 */

const receiver = (phone: string | null = '+420777123456') => ({
  name: 'Jana Nováková',
  street: 'Národní',
  building: '10',
  apartment: null,
  city: 'Praha',
  zipCode: '110 00',
  country: 'CZ',
  phone,
  email: 'jana@example.cz',
});
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel => ({
  internalNumber: 'AB0000000043',
  referenceNumber: null,
  weightKg: '1.500',
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  packageCount: 1,
  value: '250.00',
  valueCurrency: 'CZK',
  content: 'Books',
  sender: { ...receiver(), name: 'Depot' },
  receiver: receiver(),
  cod: null,
  insurance: null,
  dropOffPoint: '4307',
  labelFormat: 'pdf',
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

  beforeAll(async () => {
    fake = await startFakePacketa();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'answer';
    fake.onCreated = null;
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

  it('ZPL when the account prints ZPL', async () => {
    const result = await new PacketaRegistrationAdapter(2000).register(
      fake.url,
      config(),
      parcel({ labelFormat: 'zpl' }),
    );
    if (result.kind !== 'registered') throw new Error(JSON.stringify(result));
    expect(result.label!.data.toString('latin1')).toMatch(/^\^XA/);
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

  it.each([
    ['badCredentials', 'AUTH_FAILED'],
    ['rateLimited', 'RATE_LIMITED'],
    ['error500', 'HTTP_500'],
  ] as const)('%s: no answer (%s), nothing created', async (mode, reason) => {
    fake.mode = mode;
    const before = fake.created.length;
    expect(await new PacketaRegistrationAdapter(2000).register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason,
    });
    expect(fake.created.length).toBe(before);
  });

  it('a carrier that hangs is a timeout; missing credentials ask nothing', async () => {
    fake.mode = 'hang';
    await expect(
      new PacketaRegistrationAdapter(300).register(fake.url, config(), parcel()),
    ).rejects.toMatchObject({
      reason: 'TIMEOUT',
    });
    fake.mode = 'answer';
    const before = fake.requests.length;
    expect(
      await new PacketaRegistrationAdapter(300).register(fake.url, config({ senderLabel: '' }), parcel()),
    ).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
    expect(fake.requests.length).toBe(before);
  });
});
