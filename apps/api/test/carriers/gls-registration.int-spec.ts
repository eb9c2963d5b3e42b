import type { ShipmentParcel } from '../../src/integrations/carriers/carrier-registration';
import { GlsRegistrationAdapter } from '../../src/integrations/carriers/gls-registration';
import { GlsTrackingAdapter } from '../../src/integrations/carriers/gls-tracking';
import type { FakeShipment } from '../../src/sandbox/carriers/fake-carrier-server';
import { startFakeGls, type FakeGls } from '../../src/sandbox/carriers/fake-gls';

/**
 * The GLS registration adapter against the fake GLS ShipIT (Basic auth, the real request body and the reply's
 * CreatedShipment, refusals in headers): numbers and real label files read, ShipIT's faults put under our fields, and
 * every way of not answering named. No database.
 */

const address = (name: string, zipCode: string, country: string) => ({
  name,
  street: 'Hauptstraße',
  building: '12',
  apartment: null,
  city: 'Berlin',
  zipCode,
  country,
  phone: '+4930123456',
  email: 'erika@example.com',
});
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel => ({
  internalNumber: 'AB0000000042',
  referenceNumber: 'ORDER-7',
  weightKg: '2.500',
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  packageCount: 1,
  value: null,
  valueCurrency: null,
  content: null,
  sender: address('Depot Sender', '30-001', 'PL'),
  receiver: address('Erika Mustermann', '10115', 'DE'),
  cod: null,
  insurance: null,
  dropOffPoint: null,
  labelFormat: 'pdf',
  ...over,
});
const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

describe('GLS registration against the fake ShipIT', () => {
  let fake: FakeGls;
  const config = () => ({
    login: fake.shipit.login,
    password: fake.shipit.password,
    customerNumber: fake.shipit.contactId,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
  });

  beforeAll(async () => {
    fake = await startFakeGls();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'answer';
    fake.delayMs = 0;
    fake.onCreated = null;
  });

  it('registers a parcel: the TrackID to cancel by, the ParcelNumber to track by, GLS’s PDF', async () => {
    const before = fake.shipmentRequests().length;
    const result = await new GlsRegistrationAdapter(5000).register(fake.url, config(), parcel());
    expect(result).toMatchObject({
      kind: 'registered',
      shipmentId: expect.stringMatching(/^Z[0-9A-Z]{7}$/),
      trackingNumber: expect.stringMatching(/^\d{11}$/),
      lastMileNumber: null,
      label: { format: 'pdf' },
    });
    expect(result.kind === 'registered' && result.label!.data.subarray(0, 5).toString()).toBe('%PDF-');
    const [req] = fake.shipmentRequests().slice(before);
    expect(req.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.shipit.login}:${fake.shipit.password}`).toString('base64')}`,
    );
    expect(req.headers['content-type']).toBe('application/glsVersion1+json');
    expect(JSON.parse(req.body).Shipment).toMatchObject({
      ShipmentReference: ['AB0000000042', 'ORDER-7'],
      Product: 'PARCEL',
      Consignee: { Address: { Name1: 'Erika Mustermann', ZIPCode: '10115', StreetNumber: '12' } },
    });
  });

  it('a ZPL label as ZPL; several packages’ labels (PNG) as the pages of one PDF', async () => {
    const gls = new GlsRegistrationAdapter(5000);
    const zpl = await gls.register(fake.url, config(), parcel({ labelFormat: 'zpl', packageCount: 2 }));
    const text = zpl.kind === 'registered' ? zpl.label!.data.toString() : '';
    expect([
      zpl.kind === 'registered' && zpl.label!.format,
      text.startsWith('^XA'),
      text.split('^XZ').length,
    ]).toEqual(['zpl', true, 3]);
    const pdf = await gls.register(fake.url, config(), parcel({ packageCount: 3 }));
    const label = pdf.kind === 'registered' ? pdf.label : null;
    expect(label?.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(label!.data)).toBe(3);
  });

  it('the parcel is tracked at once (PREADVICE), and onCreated hears of the shipment once', async () => {
    const heard: FakeShipment[] = [];
    fake.onCreated = (s) => heard.push(s);
    const result = await new GlsRegistrationAdapter(5000).register(fake.url, config(), parcel());
    if (result.kind !== 'registered') throw new Error(result.kind);
    expect(heard).toEqual([
      { shipmentId: result.shipmentId, trackingNumber: result.trackingNumber, createdAt: expect.any(Date) },
    ]);
    expect(fake.created.at(-1)).toBe(heard[0]);
    const tracked = await new GlsTrackingAdapter(5000).track(fake.url, config(), [result.trackingNumber]);
    expect(tracked.kind === 'tracked' && tracked.events.get(result.trackingNumber)?.[0].code).toBe(
      'PREADVICE',
    );
  });

  it.each([
    ['no postal code', { receiver: address('Erika', '', 'DE') }, 'destinationAddress.zipCode'],
    [
      'a postal code GLS does not route',
      { receiver: address('Erika', '00-000', 'DE') },
      'destinationAddress.zipCode',
    ],
    ['a unit over 31.5 kg', { weightKg: '40.000' }, 'weightKg'],
  ])('%s is refused under its field, nothing created', async (_, over, field) => {
    const before = fake.created.length;
    const result = await new GlsRegistrationAdapter(5000).register(fake.url, config(), parcel(over));
    expect(result).toEqual({ kind: 'rejected', errors: [{ field, message: expect.any(String) }] });
    expect(fake.created.length).toBe(before);
  });

  it('another contact id, or no product for the shipment, is refused under no field', async () => {
    const gls = new GlsRegistrationAdapter(5000);
    expect(await gls.register(fake.url, { ...config(), customerNumber: '2760000000' }, parcel())).toEqual({
      kind: 'rejected',
      errors: [{ field: null, message: 'Invalid field value: Shipment.Shipper.ContactID' }],
    });
    fake.mode = 'refuse';
    expect(await gls.register(fake.url, config(), parcel())).toEqual({
      kind: 'rejected',
      errors: [{ field: null, message: 'No product available for the shipment: PARCEL' }],
    });
  });

  it('a wrong login or password is AUTH_FAILED', async () => {
    expect(
      await new GlsRegistrationAdapter(5000).register(fake.url, { ...config(), password: 'wrong' }, parcel()),
    ).toEqual({ kind: 'unavailable', reason: 'AUTH_FAILED' });
    fake.mode = 'badCredentials';
    expect(await new GlsRegistrationAdapter(5000).register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
  });

  it('429 is RATE_LIMITED', async () => {
    fake.mode = 'rateLimited';
    expect(await new GlsRegistrationAdapter(5000).register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
  });

  it('a 500 is HTTP_500, and a carrier that recovers answers again', async () => {
    const gls = new GlsRegistrationAdapter(5000);
    fake.mode = 'error500';
    expect(await gls.register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    fake.mode = 'answer';
    fake.failNext(1);
    expect(await gls.register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    expect((await gls.register(fake.url, config(), parcel())).kind).toBe('registered');
  });

  it('a carrier that hangs or answers too slowly is TIMEOUT', async () => {
    fake.mode = 'hang';
    expect(await new GlsRegistrationAdapter(300).register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
    fake.mode = 'answer';
    fake.delayMs = 600;
    expect(await new GlsRegistrationAdapter(300).register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
  });
});
