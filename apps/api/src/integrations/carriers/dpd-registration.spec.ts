import type { Fetch } from './carrier-http';
import type { ShipmentParcel } from './carrier-registration';
import {
  DPD_SERVICES_PATH,
  dpdErrorField,
  dpdLabelsXml,
  dpdPackagesXml,
  dpdPostalCode,
  DpdRegistrationAdapter,
  dpdServicesBase,
  parcelWeight,
  readDpdLabel,
  readDpdPackages,
} from './dpd-registration';

const NS = 'http://dpdservices.dpd.com.pl/';
const soap = (body: string, status = 200) => ({
  status,
  body: `<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>${body}</S:Body></S:Envelope>`,
});
const numbers = (inner: string) =>
  soap(
    `<ns2:generatePackagesNumbersV4Response xmlns:ns2="${NS}"><return>${inner}</return></ns2:generatePackagesNumbersV4Response>`,
  );
const parcelOk = (id: number, waybill: string) =>
  `<Parcel><Status>OK</Status><ParcelId>${id}</ParcelId><Reference/><Waybill>${waybill}</Waybill></Parcel>`;
const info = (code: string, fields: string, text: string) =>
  `<ValidationInfo><ErrorId>1</ErrorId><ErrorCode>${code}</ErrorCode><FieldNames>${fields}</FieldNames><Info>${text}</Info></ValidationInfo>`;
const pkg = (status: string, id: number, parcels: string, details = '') =>
  `<Package><Status>${status}</Status><PackageId>${id}</PackageId><Reference/>${details}<Parcels>${parcels}</Parcels></Package>`;
const fault = (message: string, status = 500) =>
  soap(
    `<S:Fault xmlns:ns4="http://www.w3.org/2003/05/soap-envelope"><faultcode>S:Server</faultcode>` +
      `<faultstring>${message}</faultstring><detail><ns2:DPDServiceException xmlns:ns2="${NS}"><message>${message}</message>` +
      `</ns2:DPDServiceException></detail></S:Fault>`,
    status,
  );
const labels = (documentData: string, status = 'OK') =>
  soap(
    `<ns2:generateSpedLabelsV4Response xmlns:ns2="${NS}"><return>${documentData ? `<documentData>${documentData}</documentData>` : ''}` +
      `<session><statusInfo><status>${status}</status></statusInfo></session></return></ns2:generateSpedLabelsV4Response>`,
  );
const b64 = (s: string) => Buffer.from(s).toString('base64');
const PDF = '%PDF-1.4\n%fake\n%%EOF';

const address = (name: string, zipCode: string, country: string) => ({
  name,
  street: 'Marszałkowska',
  building: '10',
  apartment: '4',
  city: 'Warszawa',
  zipCode,
  country,
  phone: '+48500100200',
  email: 'anna@example.com',
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
  content: 'Książki & płyty',
  sender: address('Magazyn', '65-001', 'PL'),
  receiver: address('Anna Kowalska', '00-950', 'pl'),
  cod: null,
  insurance: null,
  dropOffPoint: null,
  labelFormat: 'pdf',
  ...over,
});
const auth = { login: 'dpd-login', password: 'p<ss', masterFid: '1495' };

describe('DPD Polska DPDServices requests', () => {
  it('one package of as many parcels as packages, digits-only postal codes, paid by the sender FID', () => {
    const xml = dpdPackagesXml(parcel({ packageCount: 2 }), auth, '1496');
    expect(xml).toContain(`<dpd:generatePackagesNumbersV4><openUMLFeV3><packages>`);
    expect(xml.match(/<parcels>/g)).toHaveLength(2);
    expect(xml).toContain(
      '<parcels><content>Książki &amp; płyty</content><customerData1>ORDER-7</customerData1><sizeX>30</sizeX>' +
        '<sizeY>20</sizeY><sizeZ>10</sizeZ><weight>1.25</weight></parcels>',
    );
    expect(xml).toContain(
      '<receiver><address>Marszałkowska 10/4</address><city>Warszawa</city><countryCode>PL</countryCode>' +
        '<email>anna@example.com</email><name>Anna Kowalska</name><phone>+48500100200</phone><postalCode>00950</postalCode></receiver>',
    );
    expect(xml).toMatch(/<sender>.*<fid>1496<\/fid>.*<postalCode>65001<\/postalCode><\/sender>/);
    expect(xml).toContain('<payerType>SENDER</payerType>');
    expect(xml).toContain('<ref1>AB0000000042</ref1>');
    expect(xml).not.toContain('<services>');
    expect(xml).toContain(
      '<pkgNumsGenerationPolicyV1>STOP_ON_FIRST_ERROR</pkgNumsGenerationPolicyV1><langCode>PL</langCode>' +
        '<authDataV1><login>dpd-login</login><masterFid>1495</masterFid><password>p&lt;ss</password></authDataV1>',
    );
  });

  it('COD, declared value and a DPD Pickup point as services; no size when unknown', () => {
    const xml = dpdPackagesXml(
      parcel({
        cod: { amount: '120.50', currency: 'PLN' },
        insurance: { amount: '500.00', currency: 'PLN' },
        dropOffPoint: 'PL11033',
        sizeCmL: 0,
      }),
      auth,
      '1495',
    );
    expect(xml).toContain(
      '<services><cod><amount>120.50</amount><currency>PLN</currency></cod><declaredValue><amount>500.00</amount>' +
        '<currency>PLN</currency></declaredValue><dpdPickup><pudo>PL11033</pudo></dpdPickup></services>',
    );
    expect(xml).not.toContain('<sizeX>');
  });

  it('the labels of the waybills, on label-printer pages, in the session their countries need', () => {
    const xml = dpdLabelsXml(['0000190000001U', '0000190000002U'], 'zpl', true, auth);
    expect(xml).toContain(
      '<dpd:generateSpedLabelsV4><dpdServicesParamsV1><policy>STOP_ON_FIRST_ERROR</policy><session><packages>' +
        '<parcels><waybill>0000190000001U</waybill></parcels><parcels><waybill>0000190000002U</waybill></parcels>' +
        '</packages><sessionType>INTERNATIONAL</sessionType></session></dpdServicesParamsV1>' +
        '<outputDocFormatV1>ZPL</outputDocFormatV1><outputDocPageFormatV1>LBL_PRINTER</outputDocPageFormatV1>' +
        '<outputLabelType>BIC3</outputLabelType>',
    );
    expect(dpdLabelsXml(['W'], 'pdf', false, auth)).toContain('<sessionType>DOMESTIC</sessionType>');
  });

  it('weights shared out and rounded up to 10 g; postal codes as letters and digits', () => {
    expect([parcelWeight('2.500', 1), parcelWeight('10', 3), parcelWeight('0', 1)]).toEqual([
      '2.5',
      '3.34',
      '0.01',
    ]);
    expect([dpdPostalCode('01-612'), dpdPostalCode('sw1a 1aa')]).toEqual(['01612', 'SW1A1AA']);
  });

  it('DPDInfoServices’ production host is sent to DPDServices’; any other base stays', () => {
    expect(dpdServicesBase('https://dpdinfoservices.dpd.com.pl')).toBe('https://dpdservices.dpd.com.pl');
    expect(dpdServicesBase('https://dpdinfoservices.dpd.com.pl:443/x')).toBe(
      'https://dpdservices.dpd.com.pl:443/x',
    );
    expect(dpdServicesBase('https://dpdservicesdemo.dpd.com.pl')).toBe('https://dpdservicesdemo.dpd.com.pl');
    expect(dpdServicesBase('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
  });
});

describe('DPD Polska DPDServices replies', () => {
  it('a package of several parcels: its PackageId and every waybill, in order', () => {
    expect(
      readDpdPackages(
        numbers(
          '<Status>OK</Status><SessionId>77</SessionId><BeginTime>2024-05-06T10:00:00</BeginTime><Packages>' +
            pkg('OK', 12345, parcelOk(1, '0000190000001U') + parcelOk(2, '0000190000002U')) +
            '</Packages>',
        ),
      ),
    ).toEqual({ packageId: '12345', waybills: ['0000190000001U', '0000190000002U'] });
  });

  it('INCORRECT_DATA: the package’s and the parcels’ ValidationInfo, each under its field', () => {
    const reply = numbers(
      '<Status>INCORRECT_DATA</Status><SessionId>78</SessionId><Packages>' +
        pkg(
          'INCORRECT_DATA',
          0,
          '<Parcel><Status>INCORRECT_DATA</Status><ParcelId>0</ParcelId><ValidationDetails>' +
            info('INCORRECT_WEIGHT', 'weight', 'Niepoprawna waga') +
            info('SIZE_X_OUT_OF_RANGE', '', 'Za długa') +
            '</ValidationDetails></Parcel>',
          '<ValidationDetails>' +
            info(
              'INCORRECT_RECEIVER_POSTAL_CODE',
              'receiver.postalCode',
              'Niepoprawny kod pocztowy odbiorcy',
            ) +
            info('VALUE_EMPTY', 'sender.phone', 'Brak telefonu nadawcy') +
            info('COD_CURRENCY_NOT_AVAILABLE_FOR_COUNTRY', 'services.cod.currency', 'Waluta') +
            info('NO_SUCH_RULE', 'foo.bar', '') +
            '</ValidationDetails>',
        ) +
        '</Packages>',
    );
    expect(readDpdPackages(reply)).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.zipCode', message: 'Niepoprawny kod pocztowy odbiorcy' },
        { field: 'pickupAddress.phone', message: 'Brak telefonu nadawcy' },
        { field: 'cod.codCurrency', message: 'Waluta' },
        { field: null, message: 'NO_SUCH_RULE' },
        { field: 'weightKg', message: 'Niepoprawna waga' },
        { field: 'sizeCmL', message: 'Za długa' },
      ],
    });
  });

  it.each([
    ['receiver.postalCode', '', 'destinationAddress.zipCode'],
    ['receiver.countryCode', '', 'destinationAddress.country'],
    ['receiver.address', '', 'destinationAddress.street'],
    ['receiver.company', '', 'destinationAddress.name'],
    ['receiver.email', '', 'destinationAddress.email'],
    ['sender.city', '', 'pickupAddress.city'],
    ['sender.postalCode', '', 'pickupAddress.zipCode'],
    ['sizeY', '', 'sizeCmW'],
    ['parcels.sizeZ', '', 'sizeCmD'],
    ['services.cod.amount', '', 'cod.amountCOD'],
    ['services.declaredValue.amount', '', 'insurance.amount'],
    ['services.dpdPickup.pudo', '', 'dropOffPoint'],
    ['content', '', 'content'],
    ['customerData1', '', 'referenceNumber'],
    ['payerType, receiver.phone', '', 'destinationAddress.phone'],
    ['', 'INCORRECT_SENDER_POSTAL_CODE', 'pickupAddress.zipCode'],
    ['', 'INCORRECT_RECEIVER_CITY', 'destinationAddress.city'],
    ['', 'COD_IS_NOT_AVAILABLE_FOR_POSTAL_CODE', 'cod.amountCOD'],
    ['thirdPartyFID', 'INCORRECT_PAYER_FID', null],
    ['', 'UNKNOWN_ERROR', null],
  ])('FieldNames "%s", ErrorCode "%s" → %s', (fields, code, field) => {
    expect(dpdErrorField(fields, code)).toBe(field);
  });

  it('a status without ValidationInfo: refused under no field, or not now when DPD failed', () => {
    expect(readDpdPackages(numbers('<Status>DISALLOWED_FID</Status><SessionId>1</SessionId>'))).toEqual({
      kind: 'rejected',
      errors: [{ field: null, message: 'DISALLOWED_FID' }],
    });
    expect(readDpdPackages(numbers('<Status>DB_ERROR</Status>'))).toEqual({
      kind: 'unavailable',
      reason: 'DPD_DB_ERROR',
    });
  });

  it('refused credentials are AUTH_FAILED; 429 RATE_LIMITED; another fault or 5xx its status', () => {
    for (const words of [
      'Login failed',
      'AuthData is null',
      'You have no privileges to execute this method',
      'pl.com.dpd.exceptions.DisabledAccountException',
      'INCORRECT_LOGIN_OR_PASSWORD',
      'ACCOUNT_IS_LOCKED',
    ])
      expect(readDpdPackages(fault(words))).toEqual({ kind: 'unavailable', reason: 'AUTH_FAILED' });
    expect(readDpdPackages({ status: 429, body: 'Too Many Requests' })).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
    expect(readDpdPackages(fault('java.lang.NullPointerException'))).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    expect(readDpdPackages({ status: 503, body: '<html>Service Unavailable</html>' })).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_503',
    });
  });

  it('an unreadable body, a fault with 200, or OK without a waybill is BAD_REPLY', () => {
    for (const reply of [
      { status: 200, body: '<html>maintenance</html>' },
      { status: 200, body: '' },
      fault('Something', 200),
      numbers(
        '<Status>OK</Status><Packages>' +
          pkg('OK', 1, '<Parcel><Status>OK</Status></Parcel>') +
          '</Packages>',
      ),
      numbers('<Status>OK</Status><Packages></Packages>'),
      numbers('<SessionId>1</SessionId>'),
    ])
      expect(readDpdPackages(reply)).toEqual({ kind: 'unavailable', reason: 'BAD_REPLY' });
  });

  it('a label: the document in the format asked; anything else is no label', () => {
    expect(readDpdLabel(labels(b64(PDF)), 'pdf')).toEqual({ format: 'pdf', data: Buffer.from(PDF) });
    expect(readDpdLabel(labels(b64('^XA^FDW^FS^XZ')), 'zpl')).toEqual({
      format: 'zpl',
      data: Buffer.from('^XA^FDW^FS^XZ'),
    });
    expect(readDpdLabel(labels(b64(PDF)), 'zpl')).toBeNull();
    expect(readDpdLabel(labels('', 'NOT_FOUND'), 'pdf')).toBeNull();
    expect(readDpdLabel(fault('Login failed'), 'pdf')).toBeNull();
    expect(readDpdLabel({ status: 502, body: '' }, 'pdf')).toBeNull();
  });
});

describe('DpdRegistrationAdapter', () => {
  const config = { login: 'dpd-login', password: 'p<ss', masterFid: 1495, fid: 1496 };
  const ok = numbers(
    `<Status>OK</Status><Packages>${pkg('OK', 55, parcelOk(1, '0000190000001U'))}</Packages>`,
  );
  const fetchOf = (...replies: ({ status: number; body: string } | Error)[]) => {
    const calls: { url: string; body: string }[] = [];
    const impl = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      const next = replies.shift();
      if (!next || next instanceof Error) throw next ?? new Error('no reply');
      return new Response(next.body, { status: next.status });
    }) as Fetch;
    return { impl, calls };
  };

  it('asks for the numbers, then the label of every waybill, at DPDServices’ host', async () => {
    const { impl, calls } = fetchOf(ok, labels(b64(PDF)));
    const result = await new DpdRegistrationAdapter(1000, impl).register(
      'https://dpdinfoservices.dpd.com.pl',
      config,
      parcel(),
    );
    expect(result).toEqual({
      kind: 'registered',
      shipmentId: '55',
      trackingNumber: '0000190000001U',
      lastMileNumber: null,
      label: { format: 'pdf', data: Buffer.from(PDF) },
    });
    expect(calls.map((c) => c.url)).toEqual([
      `https://dpdservices.dpd.com.pl${DPD_SERVICES_PATH}`,
      `https://dpdservices.dpd.com.pl${DPD_SERVICES_PATH}`,
    ]);
    expect(calls[0].body).toContain('<fid>1496</fid>');
    expect(calls[1].body).toContain('<waybill>0000190000001U</waybill>');
  });

  it('a label that cannot be had leaves the package registered without one', async () => {
    for (const second of [new Error('socket hang up'), fault('Login failed'), labels('', 'NOT_FOUND')]) {
      const { impl } = fetchOf(ok, second);
      expect(
        await new DpdRegistrationAdapter(1000, impl).register('http://dpd', config, parcel()),
      ).toMatchObject({
        kind: 'registered',
        shipmentId: '55',
        label: null,
      });
    }
  });

  it('no numbers: no label asked; the reason as it came', async () => {
    const { impl, calls } = fetchOf(new TypeError('fetch failed'));
    expect(await new DpdRegistrationAdapter(1000, impl).register('http://dpd', config, parcel())).toEqual({
      kind: 'unavailable',
      reason: 'CONNECTION_FAILED',
    });
    expect(calls).toHaveLength(1);
  });

  it('a login, password or master FID missing is MISSING_CREDENTIALS, and nobody is asked', async () => {
    const { impl, calls } = fetchOf();
    for (const key of ['login', 'password', 'masterFid'])
      expect(
        await new DpdRegistrationAdapter(1000, impl).register(
          'http://dpd',
          { ...config, [key]: '' },
          parcel(),
        ),
      ).toEqual({ kind: 'unavailable', reason: 'MISSING_CREDENTIALS' });
    expect(calls).toHaveLength(0);
  });
});
