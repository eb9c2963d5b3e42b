import { fakePng } from '../../sandbox/carriers/fake-gls';
import type { Fetch } from './carrier-http';
import type { ShipmentParcel } from './carrier-registration';
import {
  glsErrorField,
  glsShipmentRequest,
  GlsRegistrationAdapter,
  readGlsShipment,
  unitWeight,
  type GlsReply,
} from './gls-registration';

const reply = (status: number, body: unknown, headers: Record<string, string> = {}): GlsReply => ({
  status,
  headers,
  body: body === '' ? '' : JSON.stringify(body),
});
/** A ShipIT refusal: 400, an empty body, what it refused in the headers. */
const fault = (error: string, args: string, message: string) => reply(400, '', { error, args, message });
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const PDF = '%PDF-1.3\n%fake\n%%EOF';
const ZPL = '^XA^FO40,40^FD93840000001^FS^XZ';

const parcelData = (TrackID: string, ParcelNumber: string) => ({
  TrackID,
  ParcelNumber,
  Barcodes: { Primary1D: ParcelNumber, Primary1DPrint: true },
  RoutingInfo: { Tour: '1234', FinalLocationCode: 'DE 276', HubLocation: 'ND' },
});
const created = (parcels: unknown[], printData: unknown[]) => ({
  CreatedShipment: {
    ShipmentReference: ['AB0000000042'],
    ParcelData: parcels,
    PrintData: printData,
    CustomerID: '2760000000',
    PickupLocation: 'DE 276',
  },
});
const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

const address = (name: string, zipCode: string, country: string) => ({
  name,
  street: 'Hauptstraße',
  building: '12',
  apartment: '3',
  city: 'Berlin',
  zipCode,
  country,
  phone: '+4930123456',
  email: `${name.toLowerCase()}@example.com`,
});
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel => ({
  internalNumber: 'AB0000000042',
  referenceNumber: null,
  weightKg: '2.500',
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  packageCount: 1,
  value: null,
  valueCurrency: null,
  content: null,
  sender: address('Sender', '30-001', 'PL'),
  receiver: address('Receiver', '10115', 'DE'),
  cod: null,
  insurance: null,
  dropOffPoint: null,
  labelFormat: 'pdf',
  ...over,
});

describe('GLS ShipIT replies', () => {
  it('one parcel: its TrackID, its ParcelNumber and its PDF as GLS gave it', async () => {
    expect(
      await readGlsShipment(
        reply(
          200,
          created([parcelData('ZFGH6J3K', '93840000001')], [{ Data: b64(PDF), LabelFormat: 'PDF' }]),
        ),
      ),
    ).toEqual({
      kind: 'registered',
      shipmentId: 'ZFGH6J3K',
      trackingNumber: '93840000001',
      lastMileNumber: null,
      label: { format: 'pdf', data: Buffer.from(PDF) },
    });
  });

  it('several parcels: the first one’s numbers; ZPL one after another, PNG as the pages of one PDF', async () => {
    const two = [parcelData('ZAAAAAA1', '93840000001'), parcelData('ZAAAAAA2', '93840000002')];
    const zpl = await readGlsShipment(
      reply(
        200,
        created(
          two,
          [ZPL, '^XA2^XZ'].map((z) => ({ Data: b64(z), LabelFormat: 'ZEBRA' })),
        ),
      ),
    );
    expect(zpl).toMatchObject({ kind: 'registered', shipmentId: 'ZAAAAAA1', trackingNumber: '93840000001' });
    expect(zpl.kind === 'registered' && zpl.label).toEqual({
      format: 'zpl',
      data: Buffer.from(`${ZPL}^XA2^XZ`),
    });
    const png = b64(fakePng(40, 60, (x, y) => x === y));
    const pdf = await readGlsShipment(
      reply(
        200,
        created(
          two,
          [png, png].map((Data) => ({ Data, LabelFormat: 'PNG' })),
        ),
      ),
    );
    const label = pdf.kind === 'registered' ? pdf.label : null;
    expect(label?.format).toBe('pdf');
    expect(label?.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(label!.data)).toBe(2);
  });

  it('Data as an array of base64 parts is read too; PDFs that cannot be joined give no label', async () => {
    const one = [parcelData('Z1', '1')];
    const parts = await readGlsShipment(
      reply(200, created(one, [{ Data: [b64('^XA1'), b64('^XZ')], LabelFormat: 'ZEBRA' }])),
    );
    expect(parts.kind === 'registered' && parts.label?.data.toString()).toBe('^XA1^XZ');
    const two = [parcelData('Z1', '1'), parcelData('Z2', '2')];
    const pdfs = [
      { Data: b64(PDF), LabelFormat: 'PDF' },
      { Data: b64(PDF), LabelFormat: 'PDF' },
    ];
    expect(await readGlsShipment(reply(200, created(two, pdfs)))).toMatchObject({
      kind: 'registered',
      label: null,
    });
  });

  it('a label that cannot be read leaves the shipment registered, without its label', async () => {
    const bad = [{ Data: b64('not a png'), LabelFormat: 'PNG' }];
    expect(await readGlsShipment(reply(200, created([parcelData('Z1', '1')], bad)))).toMatchObject({
      kind: 'registered',
      shipmentId: 'Z1',
      label: null,
    });
  });

  it('a 200 without a TrackID and ParcelNumber, or without JSON, is BAD_REPLY', async () => {
    const bad = { kind: 'unavailable', reason: 'BAD_REPLY' };
    expect(await readGlsShipment(reply(200, created([{ TrackID: 'Z1' }], [])))).toEqual(bad);
    expect(await readGlsShipment(reply(200, {}))).toEqual(bad);
    expect(await readGlsShipment({ status: 200, headers: {}, body: '<html>' })).toEqual(bad);
  });

  it.each([
    ['MANDATORY_PARAMETER_NOT_SET', 'Shipment.Consignee.Address.ZIPCode', 'destinationAddress.zipCode'],
    ['INVALID_FIELD_VALUE', 'consignee.zip', 'destinationAddress.zipCode'],
    ['INVALID_FIELD_VALUE', 'consignee.email', 'destinationAddress.email'],
    ['INVALID_FIELD_VALUE', 'Shipment.Consignee.Address.StreetNumber', 'destinationAddress.building'],
    ['INVALID_FIELD_VALUE', 'Shipment.Consignee.Address.Street', 'destinationAddress.street'],
    ['INVALID_FIELD_VALUE', 'Shipment.Consignee.Address.MobilePhoneNumber', 'destinationAddress.phone'],
    ['INVALID_FIELD_VALUE', 'Shipment.Consignee.Address', 'destinationAddress.zipCode'],
    ['INVALID_FIELD_VALUE', 'Shipment.Shipper.AlternativeShipperAddress.City', 'pickupAddress.city'],
    ['INVALID_FIELD_VALUE', 'shipmentunit.weight.toohigh', 'weightKg'],
    ['INVALID_FIELD_VALUE', 'Shipment.ShipmentUnit.Service.Cash.Currency', 'cod.codCurrency'],
    ['INVALID_FIELD_VALUE', 'Shipment.ShipmentUnit.Service.Cash.Amount', 'cod.amountCOD'],
    ['INVALID_PARCELSHOP_ID', '2760123456', 'dropOffPoint'],
    ['MANDATORY_PARAMETER_NOT_SET', 'Shipment.Shipper.ContactID', null],
    ['NO_PRODUCT_OF_TYPE_AVAILABLE_FOR_SHIPMENT', 'PARCEL', null],
  ])('a 400 %s %s is refused under %s', async (error, args, field) => {
    const message = `Invalid field value: ${args}`;
    expect(glsErrorField(`${error} ${args} ${message}`)).toBe(field);
    expect(await readGlsShipment(fault(error, args, message))).toEqual({
      kind: 'rejected',
      errors: [{ field, message }],
    });
  });

  it('a refusal without a message header says its kind and field; a JSON body’s message is read too', async () => {
    expect(
      await readGlsShipment(reply(400, '', { error: 'INVALID_FIELD_VALUE', args: 'consignee.zip' })),
    ).toEqual({
      kind: 'rejected',
      errors: [{ field: 'destinationAddress.zipCode', message: 'INVALID_FIELD_VALUE consignee.zip' }],
    });
    expect(await readGlsShipment(reply(400, { errors: [{ message: 'Consignee ZIPCode invalid' }] }))).toEqual(
      {
        kind: 'rejected',
        errors: [{ field: 'destinationAddress.zipCode', message: 'Consignee ZIPCode invalid' }],
      },
    );
  });

  it.each([
    [401, 'AUTH_FAILED'],
    [403, 'AUTH_FAILED'],
    [429, 'RATE_LIMITED'],
    [500, 'HTTP_500'],
    [503, 'HTTP_503'],
  ])('%i is no answer, error headers or not (%s)', async (status, reason) => {
    expect(await readGlsShipment({ ...fault('INVALID_FIELD_VALUE', 'consignee.zip', 'x'), status })).toEqual({
      kind: 'unavailable',
      reason,
    });
  });

  it('a 4xx saying nothing (a wrong path, a media type) is no answer', async () => {
    expect(await readGlsShipment({ status: 404, headers: {}, body: '' })).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_404',
    });
    expect(await readGlsShipment({ status: 415, headers: {}, body: 'oops' })).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_415',
    });
  });
});

describe('GLS ShipIT request', () => {
  it('the consignee, the shipper’s contact and address, one unit per package with its share, COD on the first', () => {
    const r = glsShipmentRequest(
      parcel({
        packageCount: 3,
        weightKg: '10.000',
        referenceNumber: 'ORDER-7',
        cod: { amount: '99.90', currency: 'EUR' },
        dropOffPoint: '2760123456',
      }),
      '2764200001',
    );
    expect(r.Shipment.ShipmentReference).toEqual(['AB0000000042', 'ORDER-7']);
    expect(r.Shipment.Consignee.Address).toEqual({
      Name1: 'Receiver',
      CountryCode: 'DE',
      ZIPCode: '10115',
      City: 'Berlin',
      Street: 'Hauptstraße',
      StreetNumber: '12/3',
      eMail: 'receiver@example.com',
      MobilePhoneNumber: '+4930123456',
    });
    expect(r.Shipment.Shipper).toMatchObject({
      ContactID: '2764200001',
      AlternativeShipperAddress: { ZIPCode: '30-001' },
    });
    expect(r.Shipment.ShipmentUnit).toEqual([
      {
        Weight: 3.34,
        Service: [
          { Cash: { ServiceName: 'service_cash', Reason: 'AB0000000042', Amount: 99.9, Currency: 'EUR' } },
        ],
      },
      { Weight: 3.34 },
      { Weight: 3.34 },
    ]);
    expect(r.Shipment.Service).toEqual([
      { ShopDelivery: { ServiceName: 'service_shopdelivery', ParcelShopID: '2760123456' } },
    ]);
    expect(r.PrintingOptions.ReturnLabels).toEqual({ TemplateSet: 'NONE', LabelFormat: 'PNG' });
  });

  it('asks a PDF for one package and ZPL (ZEBRA) when ZPL is wanted', () => {
    const labels = (p: ShipmentParcel) => glsShipmentRequest(p, 'C').PrintingOptions.ReturnLabels;
    expect(labels(parcel())).toEqual({ TemplateSet: 'NONE', LabelFormat: 'PDF' });
    expect(labels(parcel({ labelFormat: 'zpl', packageCount: 2 }))).toEqual({
      TemplateSet: 'ZPL_200',
      LabelFormat: 'ZEBRA',
    });
    expect([unitWeight('2.500', 1), unitWeight('0.001', 1)]).toEqual([2.5, 0.01]);
  });
});

describe('GlsRegistrationAdapter', () => {
  const config = { clientId: 'id', clientSecret: 's3cret', customerNumber: '2764200001' };
  const shipped = () =>
    new Response(
      JSON.stringify(
        created([parcelData('ZFGH6J3K', '93840000001')], [{ Data: b64(PDF), LabelFormat: 'PDF' }]),
      ),
      { headers: { 'Content-Type': 'application/glsVersion1+json' } },
    );
  const refusedToken = () =>
    new Response(
      JSON.stringify({ fault: { faultstring: 'The Token has expired', detail: { errorcode: 'x' } } }),
      { status: 401 },
    );

  /** A GLS stub: tokens `tok1`, `tok2`… (or `tokenReply`), then each shipments request the next of `shipments`. */
  function stub(shipments: (() => Response)[] = [], tokenReply?: () => Response) {
    const calls: { url: string; init?: RequestInit }[] = [];
    let issued = 0;
    const fetchStub = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/oauth2/v2/token'))
        return (
          tokenReply?.() ?? new Response(JSON.stringify({ access_token: `tok${++issued}`, expires_in: 3600 }))
        );
      return (shipments.shift() ?? shipped)();
    }) as Fetch;
    const urls = () => calls.map((c) => c.url);
    const auth = (i: number) => new Headers(calls[i].init?.headers).get('authorization');
    return { calls, urls, auth, fetchStub };
  }
  const SHIP = 'http://g/shipit-farm/v1/backend/rs/shipments';
  const TOKEN = 'http://g/oauth2/v2/token';

  it('posts ShipIT JSON to ShipIT-Farm with the client-credentials Bearer token and reads the error headers', async () => {
    const { calls, urls, auth, fetchStub } = stub([
      () =>
        new Response(null, {
          status: 400,
          headers: {
            error: 'INVALID_FIELD_VALUE',
            args: 'consignee.zip',
            message: 'Invalid field value: consignee.zip',
          },
        }),
    ]);
    expect(await new GlsRegistrationAdapter(1000, fetchStub).register('http://g', config, parcel())).toEqual({
      kind: 'rejected',
      errors: [{ field: 'destinationAddress.zipCode', message: 'Invalid field value: consignee.zip' }],
    });
    expect(urls()).toEqual([TOKEN, SHIP]);
    expect(auth(0)).toBe(`Basic ${b64('id:s3cret')}`);
    expect(String(calls[0].init?.body)).toBe('grant_type=client_credentials');
    expect(auth(1)).toBe('Bearer tok1');
    const headers = new Headers(calls[1].init?.headers);
    expect(headers.get('content-type')).toBe('application/glsVersion1+json');
    expect(JSON.parse(String(calls[1].init?.body)).Shipment.Shipper.ContactID).toBe('2764200001');
  });

  it('registers with the token cached until shortly before it expires', async () => {
    let now = 1_000_000;
    const { urls, auth, fetchStub } = stub();
    const gls = new GlsRegistrationAdapter(1000, fetchStub, () => now);
    expect(await gls.register('http://g', config, parcel())).toEqual({
      kind: 'registered',
      shipmentId: 'ZFGH6J3K',
      trackingNumber: '93840000001',
      lastMileNumber: null,
      label: { format: 'pdf', data: Buffer.from(PDF) },
    });
    expect((await gls.register('http://g', config, parcel())).kind).toBe('registered');
    expect(urls()).toEqual([TOKEN, SHIP, SHIP]);
    expect(auth(2)).toBe('Bearer tok1');
    now += 3600_000 - 30_000;
    await gls.register('http://g', config, parcel());
    expect(urls().slice(3)).toEqual([TOKEN, SHIP]);
    expect(auth(4)).toBe('Bearer tok2');
  });

  it('without client id, client secret or contact id (customerNumber) nothing is asked (MISSING_CREDENTIALS)', async () => {
    const { calls, fetchStub } = stub();
    const gls = new GlsRegistrationAdapter(1000, fetchStub);
    for (const key of ['clientId', 'clientSecret', 'customerNumber'])
      expect(
        await gls.register('http://g', { ...config, login: 'user', password: 'pass', [key]: '' }, parcel()),
      ).toEqual({ kind: 'unavailable', reason: 'MISSING_CREDENTIALS' });
    expect(calls).toEqual([]);
  });

  it.each([
    [400, 'AUTH_FAILED'],
    [401, 'AUTH_FAILED'],
    [429, 'RATE_LIMITED'],
    [503, 'HTTP_503'],
  ])('a token reply %i is %s, and no shipment is asked', async (status, reason) => {
    const { urls, fetchStub } = stub([], () =>
      Response.json({ errors: [{ message: 'Invalid client identifier', type: String(status) }] }, { status }),
    );
    expect(await new GlsRegistrationAdapter(1000, fetchStub).register('http://g', config, parcel())).toEqual({
      kind: 'unavailable',
      reason,
    });
    expect(urls()).toEqual([TOKEN]);
  });

  it('a 401 on a cached token drops it and asks once more with a new one', async () => {
    const { urls, auth, fetchStub } = stub([shipped, refusedToken, shipped]);
    const gls = new GlsRegistrationAdapter(1000, fetchStub);
    expect((await gls.register('http://g', config, parcel())).kind).toBe('registered');
    expect(await gls.register('http://g', config, parcel())).toMatchObject({
      kind: 'registered',
      shipmentId: 'ZFGH6J3K',
    });
    expect(urls()).toEqual([TOKEN, SHIP, SHIP, TOKEN, SHIP]);
    expect([auth(2), auth(4)]).toEqual(['Bearer tok1', 'Bearer tok2']);
  });

  it('a 401 on a new token, or again after the retry, is AUTH_FAILED; the token is not kept', async () => {
    const { urls, fetchStub } = stub([refusedToken, shipped, refusedToken, refusedToken]);
    const gls = new GlsRegistrationAdapter(1000, fetchStub);
    const failed = { kind: 'unavailable', reason: 'AUTH_FAILED' };
    expect(await gls.register('http://g', config, parcel())).toEqual(failed);
    expect(urls()).toEqual([TOKEN, SHIP]);
    expect((await gls.register('http://g', config, parcel())).kind).toBe('registered');
    expect(await gls.register('http://g', config, parcel())).toEqual(failed);
    expect(urls()).toEqual([TOKEN, SHIP, TOKEN, SHIP, SHIP, TOKEN, SHIP]);
  });

  it('no reply is CONNECTION_FAILED or TIMEOUT, never a throw', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as Fetch;
    expect(await new GlsRegistrationAdapter(1000, failing).register('http://g', config, parcel())).toEqual({
      kind: 'unavailable',
      reason: 'CONNECTION_FAILED',
    });
    const slowShipments = ((url: string, init?: RequestInit) =>
      url.endsWith('/oauth2/v2/token')
        ? Promise.resolve(Response.json({ access_token: 'tok', expires_in: 3600 }))
        : new Promise((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
          )) as Fetch;
    expect(
      await new GlsRegistrationAdapter(50, slowShipments).register('http://g', config, parcel()),
    ).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
  });
});
