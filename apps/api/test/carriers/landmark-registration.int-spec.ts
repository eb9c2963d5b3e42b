import type { ShipmentParcel } from '../../src/integrations/carriers/carrier-registration';
import { LandmarkRegistrationAdapter } from '../../src/integrations/carriers/landmark-registration';
import { LandmarkTrackingAdapter } from '../../src/integrations/carriers/landmark-tracking';
import { startFakeLandmark, type FakeLandmark } from '../../src/sandbox/carriers/fake-landmark';
import {
  expectZplLabels,
  pdfPages,
  shipmentAddress,
  shipmentParcel,
  useFakeCarrier,
} from './registration-contract';

/**
 * The Landmark Global registration adapter against the fake Ship API (ShipRequest / ShipResponse XML, errors as
 * Landmark sends them): Landmark's and the delivering carrier's numbers and real label files read, Landmark's errors
 * put under our fields, every way of not answering named. No database.
 */

const address = (name: string, zipCode: string, country: string, phone: string | null = '+4930123456') =>
  shipmentAddress({
    name,
    street: 'Hauptstraße',
    building: '12',
    city: 'Berlin',
    zipCode,
    country,
    phone,
    email: 'erika@example.com',
  });
let serial = 0;
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel =>
  shipmentParcel({
    internalNumber: `AB${String(++serial).padStart(10, '0')}`,
    value: '49.90',
    valueCurrency: 'EUR',
    sender: address('Depot Zielona Góra', '65-001', 'PL'),
    receiver: address('Erika Mustermann', '10115', 'DE'),
    ...over,
  });

describe('Landmark registration against the fake Ship API', () => {
  let fake: FakeLandmark;
  const config = (environment = 'sandbox') => ({
    login: fake.username,
    password: fake.password,
    clientId: fake.clientId,
    environment,
  });

  const carrier = useFakeCarrier({
    start: async () => (fake = await startFakeLandmark()),
    adapter: (timeoutMs) => new LandmarkRegistrationAdapter(timeoutMs),
    config,
    parcel,
  });

  it('registers a parcel: Landmark’s number to track and cancel by, the delivering carrier’s, Landmark’s PDF', async () => {
    const before = fake.shipRequests().length;
    const p = parcel();
    const result = await new LandmarkRegistrationAdapter(5000).register(fake.url, config(), p);
    expect(result).toMatchObject({
      kind: 'registered',
      shipmentId: expect.stringMatching(/^LTN\d{8}N1$/),
      lastMileNumber: expect.stringMatching(/^\d{16}$/),
      label: { format: 'pdf' },
    });
    if (result.kind !== 'registered') throw new Error(result.kind);
    expect(result.trackingNumber).toBe(result.shipmentId);
    expect(result.label!.data.subarray(0, 5).toString()).toBe('%PDF-');
    const [req] = fake.shipRequests().slice(before);
    expect(req.headers['content-type']).toBe('application/xml');
    expect(req.body).toContain(`<Reference>${p.internalNumber}</Reference>`);
    expect(req.body).toContain('<Test>true</Test><ClientID>218</ClientID>');
    expect(req.body).toContain('<ShipMethod>LGINTSTD</ShipMethod>');
    expect(req.body).toContain(
      '<WeightUnit>KG</WeightUnit><Weight>2.5</Weight><DimensionsUnit>CM</DimensionsUnit><Length>30</Length>',
    );
  });

  it('several packages: their labels (PNG) as the pages of one PDF; ZPL as ZPL', async () => {
    const landmark = new LandmarkRegistrationAdapter(5000);
    const three = await landmark.register(fake.url, config(), parcel({ packageCount: 3, weightKg: '6.000' }));
    if (three.kind !== 'registered') throw new Error(three.kind);
    expect(three.label?.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(three.label!.data)).toBe(3);
    expect(fake.shipRequests().at(-1)!.body).toContain('<LabelFormat>PNG</LabelFormat><LabelEncoding>BASE64');
    const zpl = await landmark.register(fake.url, config(), parcel({ labelFormat: 'zpl', packageCount: 2 }));
    expectZplLabels(zpl, 2);
    expect(fake.shipRequests().at(-1)!.body).not.toContain('<LabelEncoding>');
  });

  it('the shipment is tracked at once by Landmark’s number (code 50), and onCreated hears of it once', async () => {
    const result = await carrier.registersHeardOnce();
    const tracking = new LandmarkTrackingAdapter(5000);
    const tracked = await tracking.track(fake.url, config(), [result.trackingNumber]);
    expect(
      tracked.kind === 'tracked' && tracked.events.get(result.trackingNumber)?.map((e) => e.code),
    ).toEqual(['50']);
    // The sandbox's journey sets the shipment's events by its number: both numbers and the upload stay.
    fake.setEvents(result.trackingNumber, [
      {
        code: '225',
        status: 'Item grouped at Landmark or partner facility',
        at: new Date(Date.now() + 60_000),
      },
    ]);
    const later = await tracking.track(fake.url, config(), [result.lastMileNumber!]);
    expect(later.kind === 'tracked' && later.events.get(result.lastMileNumber!)?.map((e) => e.code)).toEqual([
      '50',
      '225',
    ]);
  });

  carrier.itRefusesUnderTheirFields([
    [
      'a German postal code of 4 digits',
      { receiver: address('Erika', '1011', 'DE') },
      ['destinationAddress.zipCode'],
    ],
    [
      'a phone of letters',
      { receiver: address('Erika', '10115', 'DE', 'call me') },
      ['destinationAddress.phone'],
    ],
    ['a package over 30 kg', { weightKg: '31.000' }, ['weightKg']],
    [
      'two packages over 30 kg and a bad postal code',
      { weightKg: '70.000', packageCount: 2, receiver: address('Erika', 'X', 'DE') },
      ['destinationAddress.zipCode', 'weightKg', 'weightKg'],
    ],
    ['no currency code', { valueCurrency: 'euro' }, ['valueCurrency']],
  ]);

  it('a country Landmark does not serve is refused under the country; a COD before asking Landmark', async () => {
    const landmark = new LandmarkRegistrationAdapter(5000);
    fake.mode = 'refuse';
    expect(await landmark.register(fake.url, config(), parcel())).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.country', message: 'Client is not set up for delivery to Germany' },
      ],
    });
    const before = fake.shipRequests().length;
    expect(
      await landmark.register(fake.url, config(), parcel({ cod: { amount: '10.00', currency: 'EUR' } })),
    ).toEqual({
      kind: 'rejected',
      errors: [{ field: 'cod.amountCOD', message: expect.any(String) }],
    });
    expect(fake.shipRequests().length).toBe(before);
  });

  it('live, a reference already used is refused under no field; a ship method the client lacks too', async () => {
    const landmark = new LandmarkRegistrationAdapter(5000);
    const p = parcel();
    expect((await landmark.register(fake.url, config('production'), p)).kind).toBe('registered');
    expect(fake.shipRequests().at(-1)!.body).toContain('<Test>false</Test>');
    const again = await landmark.register(fake.url, config('production'), p);
    expect(again).toEqual({
      kind: 'rejected',
      errors: [
        { field: null, message: expect.stringMatching(/^The shipment reference .* was already used by LTN/) },
      ],
    });
    expect(await landmark.register(fake.url, { ...config(), shipMethod: 'LGEXPRESS' }, parcel())).toEqual({
      kind: 'rejected',
      errors: [{ field: null, message: 'Invalid shipping service requested: LGEXPRESS' }],
    });
  });

  carrier.itRefusesWrongCredentials('a wrong username, password or client is AUTH_FAILED', [
    { password: 'wrong' },
    { login: 'other' },
    { clientId: '9999' },
  ]);

  carrier.itIsRateLimitedFailsAndRecovers();

  carrier.itTimesOutHangingOrSlow();
});
