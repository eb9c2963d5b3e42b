import { fakePng } from '../../sandbox/carriers/fake-gls';
import type { Fetch } from './carrier-http';
import type { ShipmentParcel } from './carrier-registration';
import {
  landmarkErrorField,
  landmarkLabelFormat,
  LandmarkRegistrationAdapter,
  landmarkShipRequestXml,
  landmarkWeight,
  readLandmarkShipment,
} from './landmark-registration';

const xml = (body: string, status = 200) => ({ status, body: `<?xml version="1.0"?>\n${body}` });
const pkg = (ltn: string, carrierNumber: string, images: string[] = []) =>
  '<Package>' +
  (images.length
    ? `<LabelImages>${images.map((i) => `<LabelImage>${i}</LabelImage>`).join('')}</LabelImages>`
    : '') +
  `<TrackingNumber>${carrierNumber}</TrackingNumber><LandmarkTrackingNumber>${ltn}</LandmarkTrackingNumber>` +
  `<PackageID>x1</PackageID><BarcodeData>420${carrierNumber}</BarcodeData><PackageReference>R</PackageReference></Package>`;
const shipped = (...packages: string[]) =>
  xml(
    '<ShipResponse><Result><Success>true</Success><ResultMessage>Shipment 1 successfully created and processed' +
      `</ResultMessage><ShippingCarrier>Canada Post</ShippingCarrier><Packages>${packages.join('')}</Packages>` +
      '</Result></ShipResponse>',
  );
const errors = (...list: [string, string][]) =>
  xml(
    '<ShipResponse><Result><Success>false</Success><ResultMessage>See Errors element for error details</ResultMessage>' +
      `</Result><Errors>${list.map(([c, m]) => `<Error><ErrorCode>${c}</ErrorCode><ErrorMessage>${m}</ErrorMessage></Error>`).join('')}` +
      '</Errors></ShipResponse>',
  );
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const PDF = '%PDF-1.3\n%fake\n%%EOF';
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
  email: 'erika@example.com',
});
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel => ({
  internalNumber: 'AB0000000042',
  referenceNumber: null,
  weightKg: '2.500',
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  packageCount: 1,
  value: '49.90',
  valueCurrency: 'EUR',
  content: 'Books & maps',
  sender: address('Depot', '65-001', 'pl'),
  receiver: address('Erika Mustermann', '10115', 'de'),
  cod: null,
  insurance: null,
  dropOffPoint: null,
  labelFormat: 'pdf',
  ...over,
});
const login = { username: 'demoapi', password: 'demo<123', clientId: '218', test: true };

describe('Landmark ShipRequest', () => {
  it('the ShipTo, the ship method, a PDF in base64, the sender as fulfilment address, one Item', () => {
    const body = landmarkShipRequestXml(parcel(), login, 'LGINTSTD');
    expect(body).toContain(
      '<ShipRequest><Login><Username>demoapi</Username><Password>demo&lt;123</Password></Login><Test>true</Test>' +
        '<ClientID>218</ClientID><Reference>AB0000000042</Reference><ShipTo><Name>Erika Mustermann</Name>' +
        '<Address1>Hauptstraße 12/3</Address1><City>Berlin</City><State></State><PostalCode>10115</PostalCode>' +
        '<Country>DE</Country><Phone>+4930123456</Phone><Email>erika@example.com</Email></ShipTo>' +
        '<ShipMethod>LGINTSTD</ShipMethod><OrderTotal>49.90</OrderTotal><ItemsCurrency>EUR</ItemsCurrency>' +
        '<LabelFormat>PDF</LabelFormat><LabelEncoding>BASE64</LabelEncoding><FulfillmentAddress><Name>Depot</Name>',
    );
    expect(body).toContain(
      '<Packages><Package><WeightUnit>KG</WeightUnit><Weight>2.5</Weight><DimensionsUnit>CM</DimensionsUnit>' +
        '<Length>30</Length><Width>20</Width><Height>10</Height><PackageReference>AB0000000042-1</PackageReference>' +
        '</Package></Packages><Items><Item><Sku>AB0000000042</Sku><Quantity>1</Quantity><UnitPrice>49.90</UnitPrice>' +
        '<Description>Books &amp; maps</Description><CountryOfOrigin>PL</CountryOfOrigin></Item></Items></ShipRequest>',
    );
  });

  it('several packages share the weight and ask PNG; ZPL asks no encoding; no client id, no value', () => {
    const two = landmarkShipRequestXml(parcel({ packageCount: 2, weightKg: '5' }), login, 'LGINTBPIU');
    expect(two.match(/<Weight>2.5<\/Weight>/g)).toHaveLength(2);
    expect(two).toContain('<PackageReference>AB0000000042-2</PackageReference>');
    expect(two).toContain('<LabelFormat>PNG</LabelFormat><LabelEncoding>BASE64</LabelEncoding>');
    const zpl = landmarkShipRequestXml(
      parcel({ labelFormat: 'zpl', value: null, valueCurrency: null }),
      { ...login, clientId: '', test: false },
      'LGINTSTD',
    );
    expect(zpl).toContain('<Test>false</Test><Reference>');
    expect(zpl).toContain(
      '<ItemsCurrency>EUR</ItemsCurrency><LabelFormat>ZPL</LabelFormat><FulfillmentAddress>',
    );
    expect(zpl).not.toMatch(/<ClientID>|<OrderTotal>|<LabelEncoding>/);
    expect(zpl).toContain('<UnitPrice>0</UnitPrice>');
    expect(landmarkLabelFormat(parcel({ packageCount: 3, labelFormat: 'zpl' }))).toBe('ZPL');
    expect([landmarkWeight('10', 3), landmarkWeight('0.004', 1)]).toEqual(['3.34', '0.01']);
  });
});

describe('Landmark ShipResponse', () => {
  it('Landmark’s number to track and cancel by, the delivering carrier’s as last mile, its PDF', async () => {
    expect(await readLandmarkShipment(shipped(pkg('LTN123N1', '8543976432', [b64(PDF)])), 'pdf')).toEqual({
      kind: 'registered',
      shipmentId: 'LTN123N1',
      trackingNumber: 'LTN123N1',
      lastMileNumber: '8543976432',
      label: { format: 'pdf', data: Buffer.from(PDF) },
    });
  });

  it('several packages: the first one’s numbers; PNGs as the pages of one PDF; ZPL one after another', async () => {
    const png = b64(fakePng(40, 60, (x, y) => x === y));
    const pdf = await readLandmarkShipment(
      shipped(pkg('LTN1N1', '11', [png]), pkg('LTN1N2', '12', [png])),
      'pdf',
    );
    expect(pdf).toMatchObject({ kind: 'registered', shipmentId: 'LTN1N1', lastMileNumber: '11' });
    const label = pdf.kind === 'registered' ? pdf.label : null;
    expect([label?.format, label?.data.subarray(0, 5).toString(), pages(label!.data)]).toEqual([
      'pdf',
      '%PDF-',
      2,
    ]);
    const zpl = await readLandmarkShipment(
      shipped(pkg('LTN2N1', '21', ['^XA^FDone^FS^XZ']), pkg('LTN2N2', '22', [b64('^XA^FDtwo^FS^XZ')])),
      'zpl',
    );
    expect(zpl.kind === 'registered' && zpl.label).toEqual({
      format: 'zpl',
      data: Buffer.from('^XA^FDone^FS^XZ^XA^FDtwo^FS^XZ'),
    });
  });

  it('no delivering carrier’s own number: no last-mile number; labels it cannot read: no label', async () => {
    expect(await readLandmarkShipment(shipped(pkg('LTN3N1', 'LTN3N1')), 'pdf')).toEqual({
      kind: 'registered',
      shipmentId: 'LTN3N1',
      trackingNumber: 'LTN3N1',
      lastMileNumber: null,
      label: null,
    });
    const unreadable: [string[], 'pdf' | 'zpl'][] = [
      [[b64(PDF), b64(PDF)], 'pdf'],
      [[b64('GIF89a')], 'pdf'],
      [[b64(PDF)], 'zpl'],
    ];
    for (const [images, format] of unreadable)
      expect(await readLandmarkShipment(shipped(pkg('LTN4N1', '41', images)), format)).toMatchObject({
        kind: 'registered',
        label: null,
      });
  });

  it('each error under its field; one Landmark names nothing of ours under none', async () => {
    expect(
      await readLandmarkShipment(
        errors(
          ['PostalCode', 'Invalid address field: postal code'],
          ['Weight', 'Pieces of this weight (40 KG) are not supported when shipping to Germany'],
          ['ShipMethod', 'Invalid shipping service requested: LGX'],
        ),
        'pdf',
      ),
    ).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.zipCode', message: 'Invalid address field: postal code' },
        {
          field: 'weightKg',
          message: 'Pieces of this weight (40 KG) are not supported when shipping to Germany',
        },
        { field: null, message: 'Invalid shipping service requested: LGX' },
      ],
    });
  });

  it.each([
    ['Name', 'Invalid address field: name', 'destinationAddress.name'],
    ['Address1', 'Required element Address1 not found', 'destinationAddress.street'],
    [
      'City',
      'Possible resolutions - Suggested Cities: EDMONDS, WOODWAY; Suggested Postal Codes: 98004',
      'destinationAddress.zipCode',
    ],
    ['City', 'City, State, Postal Code do not match', 'destinationAddress.zipCode'],
    ['City', 'Invalid address field: city', 'destinationAddress.city'],
    ['Country', 'Client is not set up for delivery to Germany', 'destinationAddress.country'],
    ['Phone', 'Invalid address field: phone', 'destinationAddress.phone'],
    ['Email', 'Invalid address field: email', 'destinationAddress.email'],
    ['PostalCode', 'FulfillmentAddress: Invalid address field: postal code', 'pickupAddress.zipCode'],
    [
      'CountryOfOrigin',
      'Invalid country of origin provided for AB1 in Item element 1',
      'pickupAddress.country',
    ],
    [
      'Dimensions',
      'Pieces with these dimensions [130 x 20 x 10] are not support when shipping to Germany',
      'sizeCmL',
    ],
    ['WeightUnit', "Invalid or unsupported 'WeightUnit' provided on Package 1", 'weightKg'],
    ['ItemsCurrency', 'Unsupported or invalid currency XX passed.', 'valueCurrency'],
    ['UnitPrice', 'Invalid unit price provided for AB1 in Item element 1', 'value'],
    ['Items', 'This shipment has no items. One or more is required to process.', 'content'],
    ['Description', 'Invalid description provided for AB1 in Item element 1', 'content'],
    ['State', 'State-Province is invalid, must be 2 characters.', null],
    ['Reference', 'The shipment reference AB1 was already used by LTN1N1 on 2024-05-06', null],
    ['LabelFormat', 'Invalid label format XYZ requested.', null],
  ])('%s "%s" → %s', (code, message, field) => {
    expect(landmarkErrorField(code, message)).toBe(field);
  });

  it('a refused login is AUTH_FAILED; Landmark’s throttle RATE_LIMITED; its own failure not now', async () => {
    for (const [code, message] of [
      ['Login', 'The username/password combination provided is invalid.'],
      ['Login', 'User demoapi does not have permissions to client: 9'],
      ['User', 'User demoapi does not have permissions to this API'],
      ['ClientID', 'Client has been deactivated. Permission denied'],
    ])
      expect(await readLandmarkShipment(errors([code, message]), 'pdf')).toEqual({
        kind: 'unavailable',
        reason: 'AUTH_FAILED',
      });
    expect(
      await readLandmarkShipment(
        errors(['rate_limit', 'Rate limit is exceeded. Retry after 6 seconds']),
        'pdf',
      ),
    ).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
    expect(await readLandmarkShipment(errors(['Batch', 'Error adding shipment to batch']), 'pdf')).toEqual({
      kind: 'unavailable',
      reason: 'LANDMARK_ERROR',
    });
  });

  it('429 RATE_LIMITED, 5xx its status; an unreadable body or no Landmark number BAD_REPLY', async () => {
    expect(await readLandmarkShipment(xml('You have exceed the rate limit.', 429), 'pdf')).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
    expect(await readLandmarkShipment({ status: 502, body: '<html/>' }, 'pdf')).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_502',
    });
    for (const reply of [
      { status: 200, body: '<html><body>maintenance</body></html>' },
      { status: 200, body: '' },
      xml('<ShipResponse><Result><Success>false</Success></Result></ShipResponse>'),
      shipped(pkg('', '123')),
      shipped(),
    ])
      expect(await readLandmarkShipment(reply, 'pdf')).toEqual({ kind: 'unavailable', reason: 'BAD_REPLY' });
  });
});

describe('LandmarkRegistrationAdapter', () => {
  const config = { login: 'demoapi', password: 'demo123', clientId: '218', environment: 'production' };
  const fetchOf = (reply: { status: number; body: string } | Error) => {
    const calls: { url: string; init: RequestInit }[] = [];
    const impl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (reply instanceof Error) throw reply;
      return new Response(reply.body, { status: reply.status });
    }) as Fetch;
    return { impl, calls };
  };

  it('posts the ShipRequest to Ship.php as XML, live unless the operator is a sandbox one, its ship method', async () => {
    const { impl, calls } = fetchOf(shipped(pkg('LTN5N1', '51', [b64(PDF)])));
    const result = await new LandmarkRegistrationAdapter(1000, impl).register(
      'https://api.landmarkglobal.com/v2',
      { ...config, shipMethod: 'LGINTBPIU' },
      parcel(),
    );
    expect(result).toMatchObject({ kind: 'registered', trackingNumber: 'LTN5N1', lastMileNumber: '51' });
    expect(calls[0].url).toBe('https://api.landmarkglobal.com/v2/Ship.php');
    expect(calls[0].init.headers).toMatchObject({ 'Content-Type': 'application/xml' });
    expect(String(calls[0].init.body)).toContain('<Test>false</Test>');
    expect(String(calls[0].init.body)).toContain('<ShipMethod>LGINTBPIU</ShipMethod>');
  });

  it('no username or password: MISSING_CREDENTIALS; a COD: refused under it; neither asks Landmark', async () => {
    const { impl, calls } = fetchOf(new Error('not to be called'));
    const adapter = new LandmarkRegistrationAdapter(1000, impl);
    expect(await adapter.register('http://lm', { ...config, password: '' }, parcel())).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
    expect(
      await adapter.register('http://lm', config, parcel({ cod: { amount: '5.00', currency: 'EUR' } })),
    ).toEqual({
      kind: 'rejected',
      errors: [{ field: 'cod.amountCOD', message: expect.any(String) }],
    });
    expect(calls).toHaveLength(0);
  });

  it('no connection is CONNECTION_FAILED', async () => {
    const { impl } = fetchOf(new TypeError('fetch failed'));
    expect(await new LandmarkRegistrationAdapter(1000, impl).register('http://lm', config, parcel())).toEqual(
      {
        kind: 'unavailable',
        reason: 'CONNECTION_FAILED',
      },
    );
  });
});
