import { fakeGif } from '../../sandbox/carriers/fake-ups';
import type { Fetch } from './carrier-http';
import type { ShipmentParcel } from './carrier-registration';
import { decodeGif, greyPng } from './label-images';
import {
  packageWeight,
  readUpsShipment,
  upsErrorField,
  upsShipmentRequest,
  UpsRegistrationAdapter,
} from './ups-registration';

const reply = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const errors = (...list: [string, string][]) => ({
  response: { errors: list.map(([code, message]) => ({ code, message })) },
});
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

const ZPL = '^XA^FO50,50^FD1Z12345E0205271688^FS^XZ';
/** A 10 × 1 GIF of black pixels, its LZW codes (clear, 1, 6, 7, 8 on 4 bits, end) worked out by hand. */
const HAND_GIF = Buffer.from([
  ...Buffer.from('GIF89a', 'latin1'),
  10, 0, 1, 0, 0x81, 0, 0, // logical screen 10 × 1, a global table of 4
  255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0x2c, 0, 0, 0, 0, 10, 0, 1, 0, 0, // image descriptor
  2, 3, 0x8c, 0x8f, 0x05, 0, 0x3b,
]); // prettier-ignore

const pkg = (TrackingNumber: string, Code: string, GraphicImage: string) => ({
  TrackingNumber,
  ServiceOptionsCharges: { CurrencyCode: 'PLN', MonetaryValue: '0.00' },
  ShippingLabel: { ImageFormat: { Code, Description: Code }, GraphicImage },
});
const shipped = (packages: unknown) => ({
  ShipmentResponse: {
    Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
    ShipmentResults: { ShipmentIdentificationNumber: '1Z12345E0205271688', PackageResults: packages },
  },
});
const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

const address = (name: string, zipCode: string, country: string) => ({
  name,
  street: 'Długa',
  building: '5',
  apartment: '2',
  city: 'Kraków',
  zipCode,
  country,
  phone: '+48500100200',
  email: `${name.toLowerCase()}@example.com`,
});
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel => ({
  internalNumber: 'AB0000000042',
  referenceNumber: 'ORDER-7',
  weightKg: '3.000',
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  packageCount: 1,
  value: null,
  valueCurrency: null,
  content: 'Books',
  sender: address('Sender', '30-001', 'PL'),
  receiver: address('Receiver', '10115', 'DE'),
  cod: null,
  insurance: null,
  dropOffPoint: null,
  labelFormat: 'zpl',
  ...over,
});

describe('UPS ship replies', () => {
  it('one package: the shipment id, its tracking number and its ZPL label', async () => {
    expect(await readUpsShipment(reply(200, shipped([pkg('1Z12345E0205271688', 'ZPL', b64(ZPL))])))).toEqual({
      kind: 'registered',
      shipmentId: '1Z12345E0205271688',
      trackingNumber: '1Z12345E0205271688',
      lastMileNumber: null,
      label: { format: 'zpl', data: Buffer.from(ZPL) },
    });
  });

  it('PackageResults as a lone object (before v2403) is one package', async () => {
    const read = await readUpsShipment(reply(200, shipped(pkg('1Z12345E0205271688', 'ZPL', b64(ZPL)))));
    expect(read.kind === 'registered' && read.trackingNumber).toBe('1Z12345E0205271688');
  });

  it('several packages: the first one’s number, their ZPL labels one after another', async () => {
    const read = await readUpsShipment(
      reply(200, shipped([pkg('1Z1', 'ZPL', b64('^XA1^XZ')), pkg('1Z2', 'ZPL', b64('^XA2^XZ'))])),
    );
    expect(read).toMatchObject({ kind: 'registered', trackingNumber: '1Z1' });
    expect(read.kind === 'registered' && read.label?.data.toString()).toBe('^XA1^XZ^XA2^XZ');
  });

  it('GIF labels become the pages of one PDF; a GIF with ZPL (multi-piece COD) too, as PDF', async () => {
    const gif = b64(fakeGif(70, 40, (x, y) => (x + y) % 3 === 0));
    const read = await readUpsShipment(reply(200, shipped([pkg('1Z1', 'GIF', gif), pkg('1Z2', 'GIF', gif)])));
    const label = read.kind === 'registered' ? read.label : null;
    expect(label?.format).toBe('pdf');
    expect(label?.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(label!.data)).toBe(2);
    const mixed = await readUpsShipment(
      reply(200, shipped([pkg('1Z1', 'GIF', gif), pkg('1Z2', 'ZPL', b64(ZPL))])),
    );
    expect(mixed).toMatchObject({ kind: 'registered', shipmentId: '1Z12345E0205271688', label: null });
  });

  it('a label that cannot be read leaves the shipment registered, without its label', async () => {
    expect(await readUpsShipment(reply(200, shipped([pkg('1Z1', 'GIF', b64('not a gif'))])))).toMatchObject({
      kind: 'registered',
      trackingNumber: '1Z1',
      label: null,
    });
  });

  it('a 200 without status 1, numbers or JSON is BAD_REPLY', async () => {
    const bad = { kind: 'unavailable', reason: 'BAD_REPLY' };
    expect(
      await readUpsShipment(
        reply(200, { ShipmentResponse: { Response: { ResponseStatus: { Code: '0' } } } }),
      ),
    ).toEqual(bad);
    expect(await readUpsShipment(reply(200, shipped([])))).toEqual(bad);
    expect(await readUpsShipment({ status: 200, body: '<html>' })).toEqual(bad);
  });

  it('a 400 is UPS refusing the shipment, each error under our field or none', async () => {
    expect(
      await readUpsShipment(
        reply(
          400,
          errors(
            ['120802', 'Address Validation Error on ShipTo address'],
            ['120209', 'Missing/Invalid ShipTo PhoneNumber'],
            ['120107', 'Missing/Invalid Shipper PostalCode. (Description)'],
            [
              '111036',
              'The maximum per package weight for the selected service from the selected country is 70 kg.',
            ],
            ['120124', 'The requested service is unavailable between the selected locations'],
          ),
        ),
      ),
    ).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.zipCode', message: 'Address Validation Error on ShipTo address' },
        { field: 'destinationAddress.phone', message: 'Missing/Invalid ShipTo PhoneNumber' },
        { field: 'pickupAddress.zipCode', message: 'Missing/Invalid Shipper PostalCode. (Description)' },
        {
          field: 'weightKg',
          message:
            'The maximum per package weight for the selected service from the selected country is 70 kg.',
        },
        { field: null, message: 'The requested service is unavailable between the selected locations' },
      ],
    });
  });

  it.each([
    ['120207', 'Missing/Invalid ShipTo PostalCode.', 'destinationAddress.zipCode'],
    ['120202', 'Missing/Invalid ShipTo AddressLine1', 'destinationAddress.street'],
    ['120205', 'Missing/Invalid ShipTo/ City', 'destinationAddress.city'],
    ['120211', 'ShipTo EmailAddress is an invalid format', 'destinationAddress.email'],
    ['120208', 'Missing/Invalid/Unsupported ShipTo CountryCode', 'destinationAddress.country'],
    ['120200', 'Missing/Invalid ShipTo CompanyName', 'destinationAddress.name'],
    ['120313', 'ShipFrom PhoneNumber must be at least 10 alphanumeric characters', 'pickupAddress.phone'],
    ['120105', 'Missing/Invalid Shipper City', 'pickupAddress.city'],
    ['121031', 'Packages must weigh more than zero kg.', 'weightKg'],
    ['120602', 'Missing/Invalid Combination of package length, width, and height values.', 'sizeCmL'],
    [
      '120597',
      'Invalid COD currency code. Please use the destination country currency code.',
      'cod.codCurrency',
    ],
    ['120610', 'Invalid COD monetary value', 'cod.amountCOD'],
    ['120503', 'Shipment Description cannot exceed the length of 35 characters', 'content'],
    ['120100', 'Missing or Invalid shipper number', null],
    ['120206', 'Missing/Invalid ShipTo StateProvinceCode', null],
    ['999999', 'Something new', null],
  ])('%s %s → %s', (code, message, field) => {
    expect(upsErrorField(code, message)).toBe(field);
  });

  it.each([
    [401, 'AUTH_FAILED'],
    [403, 'AUTH_FAILED'],
    [429, 'RATE_LIMITED'],
    [500, 'HTTP_500'],
    [503, 'HTTP_503'],
  ])('%i is no answer, errors or not (%s)', async (status, reason) => {
    expect(await readUpsShipment(reply(status, errors(['120802', 'x'])))).toEqual({
      kind: 'unavailable',
      reason,
    });
  });

  it('a 400 without UPS errors, or with a transient one, is no answer', async () => {
    expect(await readUpsShipment({ status: 400, body: 'oops' })).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_400',
    });
    expect(
      await readUpsShipment(
        reply(400, errors(['120001', 'XML Shipping System is unavailable, please try again later.'])),
      ),
    ).toEqual({ kind: 'unavailable', reason: 'HTTP_400' });
  });
});

describe('UPS labels', () => {
  it('decodes a GIF whose LZW codes were worked out by hand (growing code size, KwKwK codes)', () => {
    expect(decodeGif(HAND_GIF)).toEqual({ width: 10, height: 1, pixels: new Uint8Array(10) });
  });

  it('decodes what a GIF encoder writes, the code table cleared when full', () => {
    const black = (x: number, y: number) => ((x * 73856093) ^ (y * 19349663)) % 5 < 2; // noise: 4096 codes fill up
    const gif = fakeGif(400, 300, black);
    expect(gif.length).toBeGreaterThan(9000); // more than 4096 codes of 12 bits
    const image = decodeGif(gif);
    expect([image.width, image.height]).toEqual([400, 300]);
    const expected = Uint8Array.from({ length: 400 * 300 }, (_, i) =>
      black(i % 400, Math.floor(i / 400)) ? 0 : 255,
    );
    expect(Buffer.from(image.pixels).equals(Buffer.from(expected))).toBe(true);
  });

  it('writes an 8-bit grey PNG', () => {
    const png = greyPng({ width: 3, height: 2, pixels: Uint8Array.from([0, 255, 0, 255, 0, 255]) });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([3, 2, 8, 0]);
  });
});

describe('UPS ship request', () => {
  it('bills the shipper, one package per piece (its share of the weight), references, COD and Saturday', () => {
    const { ShipmentRequest: r } = upsShipmentRequest(
      parcel({ packageCount: 2, weightKg: '3.001', cod: { amount: '120.50', currency: 'PLN' } }),
      'A1B2C3',
      true,
    );
    expect(r.Shipment.Shipper).toMatchObject({
      Name: 'Sender',
      ShipperNumber: 'A1B2C3',
      Phone: { Number: '+48500100200' },
    });
    expect(r.Shipment.ShipTo.Address).toEqual({
      AddressLine: ['Długa 5/2'],
      City: 'Kraków',
      PostalCode: '10115',
      CountryCode: 'DE',
    });
    expect(r.Shipment.PaymentInformation).toEqual({
      ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: 'A1B2C3' } }],
    });
    expect(r.Shipment.Package).toHaveLength(2);
    expect(r.Shipment.Package[0]).toMatchObject({
      Dimensions: { UnitOfMeasurement: { Code: 'CM' }, Length: '30', Width: '20', Height: '10' },
      PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: '1.6' },
    });
    expect(r.Shipment.ReferenceNumber).toEqual([{ Value: 'AB0000000042' }, { Value: 'ORDER-7' }]);
    expect(r.Shipment.ShipmentServiceOptions).toEqual({
      COD: { CODFundsCode: '1', CODAmount: { CurrencyCode: 'PLN', MonetaryValue: '120.50' } },
      SaturdayDeliveryIndicator: '',
    });
    expect(r.LabelSpecification.LabelImageFormat.Code).toBe('GIF'); // multi-piece COD: UPS sends a GIF anyway
  });

  it('asks ZPL for a ZPL label and GIF for a PDF one', () => {
    const code = (p: ShipmentParcel) => upsShipmentRequest(p, 'A1', false).ShipmentRequest.LabelSpecification;
    expect(code(parcel())).toEqual({
      LabelImageFormat: { Code: 'ZPL' },
      LabelStockSize: { Height: '6', Width: '4' },
    });
    expect(code(parcel({ labelFormat: 'pdf' })).LabelImageFormat.Code).toBe('GIF');
  });

  it('shares the weight out rounding up to a tenth', () => {
    expect([packageWeight('1.500', 1), packageWeight('3.001', 2), packageWeight('0.010', 1)]).toEqual([
      '1.5',
      '1.6',
      '0.1',
    ]);
  });
});

describe('UpsRegistrationAdapter', () => {
  function stub(...shipStatuses: number[]) {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetchStub = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/security/v1/oauth/token'))
        return new Response(JSON.stringify({ access_token: `tok${calls.length}`, expires_in: '3600' }));
      const status = shipStatuses.shift() ?? 200;
      const body = status === 200 ? shipped([pkg('1Z1', 'ZPL', b64(ZPL))]) : errors(['250002', 'Invalid']);
      return new Response(JSON.stringify(body), { status });
    }) as Fetch;
    return { calls, fetchStub };
  }
  const config = { shipperNumber: 'A1B2C3', clientId: 'id', clientSecret: 's3cret' };

  it('posts the shipment with the token, transId and transactionSrc, reusing the token', async () => {
    const { calls, fetchStub } = stub();
    const ups = new UpsRegistrationAdapter(1000, fetchStub);
    expect((await ups.register('http://u', config, parcel())).kind).toBe('registered');
    expect((await ups.register('http://u', config, parcel())).kind).toBe('registered');
    expect(calls.map((c) => c.url)).toEqual([
      'http://u/security/v1/oauth/token',
      'http://u/api/shipments/v2409/ship',
      'http://u/api/shipments/v2409/ship',
    ]);
    const headers = calls[1].init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok1');
    expect(headers.transId).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(String(calls[1].init?.body)).ShipmentRequest.Shipment.Shipper.ShipperNumber).toBe(
      'A1B2C3',
    );
  });

  it('a cached token UPS refuses is replaced once; a fresh one refused is AUTH_FAILED', async () => {
    const { calls, fetchStub } = stub(200, 401, 200);
    const ups = new UpsRegistrationAdapter(1000, fetchStub);
    await ups.register('http://u', config, parcel());
    expect((await ups.register('http://u', config, parcel())).kind).toBe('registered');
    expect(calls.filter((c) => c.url.endsWith('/token'))).toHaveLength(2);
    const refused = stub(401);
    expect(
      await new UpsRegistrationAdapter(1000, refused.fetchStub).register('http://u', config, parcel()),
    ).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
  });

  it('without the shipper number or client credentials nothing is asked (MISSING_CREDENTIALS)', async () => {
    const { calls, fetchStub } = stub();
    const ups = new UpsRegistrationAdapter(1000, fetchStub);
    for (const c of [{ ...config, shipperNumber: '' }, { shipperNumber: 'A1B2C3' }])
      expect(await ups.register('http://u', c, parcel())).toEqual({
        kind: 'unavailable',
        reason: 'MISSING_CREDENTIALS',
      });
    expect(calls).toHaveLength(0);
  });

  it('a network failure is CONNECTION_FAILED', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as Fetch;
    expect(await new UpsRegistrationAdapter(1000, failing).register('http://u', config, parcel())).toEqual({
      kind: 'unavailable',
      reason: 'CONNECTION_FAILED',
    });
  });
});
