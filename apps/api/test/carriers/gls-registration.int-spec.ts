import type { ShipmentParcel } from '../../src/integrations/carriers/carrier-registration';
import { GlsRegistrationAdapter } from '../../src/integrations/carriers/gls-registration';
import { GlsTrackingAdapter } from '../../src/integrations/carriers/gls-tracking';
import type { FakeShipment } from '../../src/sandbox/carriers/fake-carrier-server';
import { startFakeGls, type FakeGls } from '../../src/sandbox/carriers/fake-gls';

/**
 * The GLS registration adapter against the fake GLS Group API's ShipIT-Farm (the client-credentials token, the real
 * path, request body and the reply's CreatedShipment, refusals in headers): numbers and real label files read,
 * ShipIT's faults put under our fields, an expired token replaced once, and every way of not answering named. No
 * database.
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

describe('GLS registration against the fake ShipIT-Farm', () => {
  let fake: FakeGls;
  const config = () => ({
    customerNumber: fake.contactId,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
  });

  beforeAll(async () => {
    fake = await startFakeGls('depot-gls-client', 'depot-gls-secret', '2764299999');
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'answer';
    fake.delayMs = 0;
    fake.onCreated = null;
  });

  it('registers a parcel: the TrackID to cancel by, the ParcelNumber to track by, GLS’s PDF', async () => {
    const before = fake.shipmentRequests().length;
    const tokens = fake.tokens.length;
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
    expect(fake.tokens.length).toBe(tokens + 1);
    expect(req.path).toBe('/shipit-farm/v1/backend/rs/shipments');
    expect(req.headers.authorization).toBe(`Bearer ${fake.tokens.at(-1)}`);
    expect(req.headers['content-type']).toBe('application/glsVersion1+json');
    expect(JSON.parse(req.body).Shipment).toMatchObject({
      ShipmentReference: ['AB0000000042', 'ORDER-7'],
      Product: 'PARCEL',
      Shipper: { ContactID: '2764299999' },
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

  it('a client GLS refuses the token (wrong secret, bad credentials) is AUTH_FAILED, no shipment asked', async () => {
    const before = fake.shipmentRequests().length;
    expect(
      await new GlsRegistrationAdapter(5000).register(
        fake.url,
        { ...config(), clientSecret: 'wrong' },
        parcel(),
      ),
    ).toEqual({ kind: 'unavailable', reason: 'AUTH_FAILED' });
    fake.mode = 'badCredentials';
    expect(await new GlsRegistrationAdapter(5000).register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    expect(fake.shipmentRequests().length).toBe(before);
  });

  it('an expired token is dropped and the shipment asked once more with a new one; nothing twice', async () => {
    const gls = new GlsRegistrationAdapter(5000);
    expect((await gls.register(fake.url, config(), parcel())).kind).toBe('registered');
    fake.expireTokens();
    const [requests, tokens, created] = [
      fake.shipmentRequests().length,
      fake.tokens.length,
      fake.created.length,
    ];
    const result = await gls.register(fake.url, config(), parcel());
    expect(result.kind).toBe('registered');
    const asked = fake.shipmentRequests().slice(requests);
    expect(asked.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${fake.tokens[tokens - 1]}`,
      `Bearer ${fake.tokens[tokens]}`,
    ]);
    expect([fake.tokens.length, fake.created.length]).toEqual([tokens + 1, created + 1]);
  });

  it('429 (to the token or to the shipment) is RATE_LIMITED', async () => {
    fake.mode = 'rateLimited';
    const limited = { kind: 'unavailable', reason: 'RATE_LIMITED' };
    expect(await new GlsRegistrationAdapter(5000).register(fake.url, config(), parcel())).toEqual(limited);
    const gls = new GlsRegistrationAdapter(5000);
    fake.mode = 'answer';
    expect((await gls.register(fake.url, config(), parcel())).kind).toBe('registered');
    fake.mode = 'rateLimited';
    const before = fake.requests.length;
    expect(await gls.register(fake.url, config(), parcel())).toEqual(limited);
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/shipit-farm/v1/backend/rs/shipments']);
  });

  it('a 500 (to the token or to the shipment) is HTTP_500, and a carrier that recovers answers again', async () => {
    const gls = new GlsRegistrationAdapter(5000);
    fake.mode = 'error500';
    expect(await gls.register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    fake.mode = 'answer';
    expect((await gls.register(fake.url, config(), parcel())).kind).toBe('registered');
    // The token is cached now: the 500 is the shipment's.
    const before = fake.shipmentRequests().length;
    fake.failNext(1);
    expect(await gls.register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    expect(fake.shipmentRequests().length).toBe(before + 1);
    expect((await gls.register(fake.url, config(), parcel())).kind).toBe('registered');
  });

  it('a carrier that hangs or answers too slowly (the token or the shipment) is TIMEOUT', async () => {
    const timeout = { kind: 'unavailable', reason: 'TIMEOUT' };
    fake.mode = 'hang';
    expect(await new GlsRegistrationAdapter(300).register(fake.url, config(), parcel())).toEqual(timeout);
    fake.mode = 'answer';
    fake.delayMs = 600;
    expect(await new GlsRegistrationAdapter(300).register(fake.url, config(), parcel())).toEqual(timeout);
    fake.delayMs = 0;
    const gls = new GlsRegistrationAdapter(300);
    expect((await gls.register(fake.url, config(), parcel())).kind).toBe('registered');
    fake.mode = 'hang';
    expect(await gls.register(fake.url, config(), parcel())).toEqual(timeout);
  });
});
