import type { ShipmentParcel } from '../../src/integrations/carriers/carrier-registration';
import { UpsRegistrationAdapter } from '../../src/integrations/carriers/ups-registration';
import { UpsTrackingAdapter } from '../../src/integrations/carriers/ups-tracking';
import type { FakeShipment } from '../../src/sandbox/carriers/fake-carrier-server';
import { startFakeUps, type FakeUps } from '../../src/sandbox/carriers/fake-ups';
import { pdfPages, shipmentAddress, shipmentParcel, useFakeCarrier } from './registration-contract';

/**
 * The UPS registration adapter against the fake UPS (OAuth token + Shipping API v2409, the real request and reply
 * shapes): numbers and real label files read, UPS's faults put under our fields, and every way of not answering
 * named. No database.
 */

const address = (name: string, zipCode: string, country: string, phone: string | null = '+48500100200') =>
  shipmentAddress({ name, zipCode, country, phone });
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel =>
  shipmentParcel({
    weightKg: '4.000',
    sizeCmL: 40,
    sizeCmW: 30,
    sizeCmD: 20,
    sender: address('Depot Sender', '30-001', 'PL'),
    receiver: address('Erika Mustermann', '10115', 'DE'),
    labelFormat: 'zpl',
    ...over,
  });

describe('UPS registration against the fake Shipping API', () => {
  let fake: FakeUps;
  const config = () => ({
    shipperNumber: 'A1B2C3',
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
  });

  const carrier = useFakeCarrier({
    start: async () => (fake = await startFakeUps()),
    adapter: (timeoutMs) => new UpsRegistrationAdapter(timeoutMs),
    config,
    parcel,
  });

  it('registers a parcel: its 1Z number for shipment and tracking, and UPS’s ZPL label', async () => {
    const before = fake.shipRequests().length;
    const result = await new UpsRegistrationAdapter(5000).register(fake.url, config(), parcel());
    expect(result).toMatchObject({ kind: 'registered', lastMileNumber: null, label: { format: 'zpl' } });
    if (result.kind !== 'registered') return;
    expect(result.shipmentId).toMatch(/^1ZA1B2C311\d{8}$/);
    expect(result.trackingNumber).toBe(result.shipmentId);
    const zpl = result.label!.data.toString();
    expect([
      zpl.startsWith('^XA'),
      zpl.trimEnd().endsWith('^XZ'),
      zpl.includes(result.trackingNumber),
    ]).toEqual([true, true, true]);
    const [req] = fake.shipRequests().slice(before);
    expect(req.headers.authorization).toMatch(/^Bearer ups-token-\d+$/);
    expect([req.headers.transid, req.headers.transactionsrc]).toEqual([
      expect.stringMatching(/^[0-9a-f]{32}$/),
      'depot',
    ]);
    expect(JSON.parse(req.body).ShipmentRequest.Shipment.ShipTo.Address).toEqual({
      AddressLine: ['Długa 5'],
      City: 'Kraków',
      PostalCode: '10115',
      CountryCode: 'DE',
    });
    expect(fake.created.at(-1)).toMatchObject({
      shipmentId: result.shipmentId,
      trackingNumber: result.trackingNumber,
    });
  });

  it('a PDF label: UPS’s GIFs decoded and put on one page per package', async () => {
    const result = await new UpsRegistrationAdapter(5000).register(
      fake.url,
      config(),
      parcel({ labelFormat: 'pdf', packageCount: 3 }),
    );
    const label = result.kind === 'registered' ? result.label : null;
    expect(label?.format).toBe('pdf');
    expect(label?.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(label!.data)).toBe(3);
    const request = JSON.parse(fake.shipRequests().at(-1)!.body).ShipmentRequest;
    expect(request.LabelSpecification.LabelImageFormat.Code).toBe('GIF');
    expect(request.Shipment.Package).toHaveLength(3);
  });

  it('multi-piece COD asks GIF (UPS would send the first label as GIF anyway) and gets one PDF', async () => {
    const result = await new UpsRegistrationAdapter(5000).register(
      fake.url,
      config(),
      parcel({ packageCount: 2, cod: { amount: '150.00', currency: 'EUR' } }),
    );
    expect(result.kind === 'registered' && result.label?.format).toBe('pdf');
    expect(
      JSON.parse(fake.shipRequests().at(-1)!.body).ShipmentRequest.Shipment.ShipmentServiceOptions,
    ).toEqual({
      COD: { CODFundsCode: '1', CODAmount: { CurrencyCode: 'EUR', MonetaryValue: '150.00' } },
    });
  });

  it('the shipment is tracked at once, and onCreated hears of it once', async () => {
    const heard: FakeShipment[] = [];
    fake.onCreated = (s) => heard.push(s);
    const result = await new UpsRegistrationAdapter(5000).register(fake.url, config(), parcel());
    const number = result.kind === 'registered' ? result.trackingNumber : '';
    expect(heard).toEqual([{ shipmentId: number, trackingNumber: number, createdAt: expect.any(Date) }]);
    const tracked = await new UpsTrackingAdapter(5000).track(fake.url, config(), [number]);
    expect(tracked.kind === 'tracked' && tracked.events.get(number)?.map((e) => e.code)).toEqual(['M']);
  });

  it('UPS’s faults come back together, each under our field; nothing is created', async () => {
    const before = fake.created.length;
    const result = await new UpsRegistrationAdapter(5000).register(
      fake.url,
      config(),
      parcel({ receiver: address('Erika', '', 'DE', null), weightKg: '150.000', packageCount: 2 }),
    );
    expect(result).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.zipCode', message: 'Missing/Invalid ShipTo PostalCode.' },
        { field: 'destinationAddress.phone', message: 'Missing/Invalid ShipTo PhoneNumber' },
        {
          field: 'weightKg',
          message:
            'The maximum per package weight for the selected service from the selected country is 70 kg.',
        },
      ],
    });
    expect(fake.created.length).toBe(before);
  });

  it('an address UPS’s validation refuses is under the postal code; a refused service under no field', async () => {
    const ups = new UpsRegistrationAdapter(5000);
    expect(
      await ups.register(fake.url, config(), parcel({ receiver: address('Erika', '00-000', 'DE') })),
    ).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.zipCode', message: 'Address Validation Error on ShipTo address' },
      ],
    });
    fake.mode = 'refuse';
    expect(await ups.register(fake.url, config(), parcel())).toEqual({
      kind: 'rejected',
      errors: [
        { field: null, message: 'The requested service is unavailable between the selected locations' },
      ],
    });
  });

  it('refused client credentials are AUTH_FAILED; an expired token is renewed once', async () => {
    expect(
      await new UpsRegistrationAdapter(5000).register(
        fake.url,
        { ...config(), clientSecret: 'wrong' },
        parcel(),
      ),
    ).toEqual({ kind: 'unavailable', reason: 'AUTH_FAILED' });
    const ups = new UpsRegistrationAdapter(5000);
    await ups.register(fake.url, config(), parcel());
    fake.expireTokens();
    const issued = fake.tokens.length;
    expect((await ups.register(fake.url, config(), parcel())).kind).toBe('registered');
    expect(fake.tokens.length - issued).toBe(1);
    fake.mode = 'badCredentials';
    expect(await new UpsRegistrationAdapter(5000).register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
  });

  it('429 is RATE_LIMITED', async () => {
    const ups = new UpsRegistrationAdapter(5000);
    await ups.register(fake.url, config(), parcel()); // a token in hand: the ship request itself is limited
    fake.mode = 'rateLimited';
    expect(await ups.register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
  });

  it('a 500 is HTTP_500, and a carrier that recovers answers again', async () => {
    const ups = new UpsRegistrationAdapter(5000);
    await ups.register(fake.url, config(), parcel());
    fake.mode = 'error500';
    expect(await ups.register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    fake.mode = 'answer';
    fake.failNext(1);
    expect(await ups.register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    expect((await ups.register(fake.url, config(), parcel())).kind).toBe('registered');
  });

  carrier.itTimesOutHangingOrSlow({ tokenFirst: true });
});
