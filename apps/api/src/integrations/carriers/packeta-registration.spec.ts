import type { Fetch } from './carrier-http';
import type { ShipmentParcel } from './carrier-registration';
import {
  PacketaRegistrationAdapter,
  createPacketXml,
  packetaField,
  readPacketaCreate,
  readPacketaLabel,
} from './packeta-registration';

const ok = (xml: string) => ({ status: 200, body: `<?xml version="1.0"?>${xml}` });
const PDF = Buffer.from('%PDF-1.4\n% a label\n%%EOF\n');
const created =
  '<response><status>ok</status><result><id>4100000123</id><barcode>Z4100000123</barcode>' +
  '<barcodeText>Z 410 0000 123</barcodeText></result></response>';

/** A fetch answering Packeta's XML from `route` (a Response, or anything else to throw), recording each body. */
function fakeFetch(route: (body: string) => Response | Error) {
  const bodies: string[] = [];
  const impl = (async (url: string | URL | Request, init?: RequestInit) => {
    if (String(url) !== 'https://packeta.test/api/rest') throw new TypeError(`unexpected ${String(url)}`);
    const body = typeof init?.body === 'string' ? init.body : '';
    bodies.push(body);
    const answer = route(body);
    // DOMException is no `Error` of this realm: anything that is not a Response is thrown.
    if (!(answer instanceof Response)) throw answer;
    return answer;
  }) as Fetch;
  return { impl, bodies };
}
const xmlReply = (xml: string, status = 200) =>
  new Response(`<?xml version="1.0" encoding="utf-8"?>\n${xml}`, { status });

describe('Packeta registration', () => {
  it('reads the packet’s id and barcode', () => {
    expect(
      readPacketaCreate(
        ok(
          '<response><status>ok</status><result><id>4100000123</id><barcode>Z4100000123</barcode></result></response>',
        ),
      ),
    ).toEqual({ id: '4100000123', barcode: 'Z4100000123' });
  });

  it('PacketAttributesFault: every attribute under our field', () => {
    const xml =
      '<response><status>fault</status><fault>PacketAttributesFault</fault><string>Invalid</string><detail><attributes>' +
      '<fault><name>zip</name><fault>Bad zip</fault></fault><fault><name>size.length</name><fault>Too long</fault></fault>' +
      '<fault><name>adultContent</name><fault>Bad</fault></fault>' +
      '<fault>\n  <name>number</name>\n  <fault>&quot;AB1&quot; is already used</fault>\n</fault></attributes></detail></response>';
    expect(readPacketaCreate(ok(xml))).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.zipCode', message: 'zip: Bad zip' },
        { field: 'sizeCmL', message: 'size.length: Too long' },
        { field: null, message: 'adultContent: Bad' },
        { field: null, message: 'number: "AB1" is already used' },
      ],
    });
    expect(packetaField('houseNumber')).toBe('destinationAddress.building');
  });

  it('other faults are refusals with their words; a wrong password, a 5xx or nonsense are no answer', () => {
    expect(
      readPacketaCreate(
        ok(
          '<response><status>fault</status><fault>SenderNotExists</fault><string>No such eshop</string></response>',
        ),
      ),
    ).toEqual({ kind: 'rejected', errors: [{ field: null, message: 'SenderNotExists: No such eshop' }] });
    expect(
      readPacketaCreate(
        ok('<response><status>fault</status><fault>IncorrectApiPasswordFault</fault></response>'),
      ),
    ).toEqual({ kind: 'unavailable', reason: 'AUTH_FAILED' });
    expect(readPacketaCreate({ status: 503, body: '' })).toEqual({ kind: 'unavailable', reason: 'HTTP_503' });
    expect(readPacketaCreate(ok('<html/>'))).toEqual({ kind: 'unavailable', reason: 'BAD_REPLY' });
  });

  it('writes the parcel as createPacket, escaped, sizes in millimetres', () => {
    const p = {
      internalNumber: 'AB1',
      referenceNumber: null,
      weightKg: '1.500',
      sizeCmL: 30,
      sizeCmW: 20,
      sizeCmD: 10,
      packageCount: 1,
      value: '10.00',
      valueCurrency: 'CZK',
      content: null,
      sender: null as never,
      receiver: {
        name: 'A & B <Co>',
        street: 'Ulice',
        building: '1',
        apartment: '2',
        city: 'Praha',
        zipCode: '11000',
        country: 'CZ',
        phone: '+420 777 123 456',
        email: null,
      },
      cod: { amount: '10.00', currency: 'CZK' },
      insurance: null,
      dropOffPoint: '4307',
      labelFormat: 'pdf',
    } satisfies ShipmentParcel;
    const xml = createPacketXml(p, 'secret', 'depot');
    expect(xml).toContain('<name>A &amp; B</name><surname>&lt;Co&gt;</surname>');
    expect(xml).toContain('<phone>+420777123456</phone>');
    expect(xml).toContain('<houseNumber>1/2</houseNumber>');
    expect(xml).toContain('<cod>10.00</cod>');
    expect(xml).toContain('<size><length>300</length><width>200</width><height>100</height></size>');
  });
});

describe('Packeta label replies', () => {
  const label = (result: string) => ok(`<response><status>ok</status><result>${result}</result></response>`);

  it('packetLabelPdf: the PDF from base64; anything that is not a PDF is no label', () => {
    expect(readPacketaLabel(label(PDF.toString('base64')), false)).toEqual(PDF);
    expect(readPacketaLabel(label(Buffer.from('<html/>').toString('base64')), false)).toBeNull();
    expect(readPacketaLabel(label(''), false)).toBeNull();
  });

  it('packetLabelZpl: the escaped ZPL text unescaped (base64 read too)', () => {
    const zpl = '^XA^FO40,40^FDNovák & syn <CZ>^FS^XZ';
    expect(readPacketaLabel(label('^XA^FO40,40^FDNovák &amp; syn &lt;CZ&gt;^FS^XZ'), true)?.toString()).toBe(
      zpl,
    );
    expect(readPacketaLabel(label(Buffer.from(zpl).toString('base64')), true)?.toString()).toBe(zpl);
    expect(readPacketaLabel(label('bm90IHpwbA=='), true)).toBeNull();
  });

  it('a fault or an HTTP error is no label', () => {
    const fault = ok(
      '<response><status>fault</status><fault>PacketIdFault</fault><string>x</string></response>',
    );
    expect(readPacketaLabel(fault, false)).toBeNull();
    expect(readPacketaLabel({ status: 500, body: '' }, true)).toBeNull();
  });
});

describe('PacketaRegistrationAdapter (an injected fetch)', () => {
  const BASE = 'https://packeta.test';
  const config = { apiPassword: 'secret', senderLabel: 'depot', labelFormat: 'A6 on A4' };
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
    content: null,
    sender: null as never,
    receiver: {
      name: 'Jana Nováková',
      street: 'Národní',
      building: '10',
      apartment: null,
      city: 'Praha',
      zipCode: '110 00',
      country: 'CZ',
      phone: '+420777123456',
      email: 'jana@example.cz',
    },
    cod: null,
    insurance: null,
    dropOffPoint: '4307',
    labelFormat: 'pdf',
    ...over,
  });
  const packeta = (label: (body: string) => Response | Error) =>
    fakeFetch((body) => (body.startsWith('<createPacket>') ? xmlReply(created) : label(body)));
  const pdfLabel = () =>
    xmlReply(`<response><status>ok</status><result>${PDF.toString('base64')}</result></response>`);

  it('creates the packet, then its PDF label in the account’s paper format', async () => {
    const { impl, bodies } = packeta(pdfLabel);
    expect(await new PacketaRegistrationAdapter(2000, impl).register(BASE, config, parcel())).toEqual({
      kind: 'registered',
      shipmentId: '4100000123',
      trackingNumber: 'Z4100000123',
      lastMileNumber: null,
      label: { format: 'pdf', data: PDF },
    });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toContain(
      '<apiPassword>secret</apiPassword><packetAttributes><number>AB0000000043</number>',
    );
    expect(bodies[0]).toContain('<addressId>4307</addressId>');
    expect(bodies[0]).toContain('<eshop>depot</eshop>');
    expect(bodies[1]).toBe(
      '<packetLabelPdf><apiPassword>secret</apiPassword><packetId>4100000123</packetId>' +
        '<format>A6 on A4</format><offset>0</offset></packetLabelPdf>',
    );
  });

  it('A6 on A6 when the account names no paper format; ZPL at 203 dpi when the parcel wants ZPL', async () => {
    const { impl, bodies } = packeta(pdfLabel);
    await new PacketaRegistrationAdapter(2000, impl).register(BASE, { ...config, labelFormat: '' }, parcel());
    expect(bodies[1]).toContain('<format>A6 on A6</format>');
    const zpl = packeta(() =>
      xmlReply('<response><status>ok</status><result>^XA^FDZ 410^FS^XZ</result></response>'),
    );
    const result = await new PacketaRegistrationAdapter(2000, zpl.impl).register(
      BASE,
      config,
      parcel({ labelFormat: 'zpl' }),
    );
    expect(zpl.bodies[1]).toBe(
      '<packetLabelZpl><apiPassword>secret</apiPassword><packetId>4100000123</packetId><dpi>203</dpi></packetLabelZpl>',
    );
    expect(result).toMatchObject({ kind: 'registered', label: { format: 'zpl' } });
    if (result.kind !== 'registered') throw new Error('not registered');
    expect(result.label?.data.toString()).toBe('^XA^FDZ 410^FS^XZ');
  });

  it.each([
    ['a fault', () => xmlReply('<response><status>fault</status><fault>PacketIdFault</fault></response>')],
    ['a 500', () => new Response('', { status: 500 })],
    ['no reply', () => new TypeError('fetch failed')],
  ])('the packet stands without its label when the label gives %s', async (_, label) => {
    const { impl } = packeta(label);
    expect(await new PacketaRegistrationAdapter(2000, impl).register(BASE, config, parcel())).toMatchObject({
      kind: 'registered',
      trackingNumber: 'Z4100000123',
      label: null,
    });
  });

  it('PacketAttributesFault is a refusal under our fields; no label is asked', async () => {
    const { impl, bodies } = fakeFetch(() =>
      xmlReply(
        '<response><status>fault</status><fault>PacketAttributesFault</fault><string>Invalid</string><detail>' +
          '<attributes><fault><name>phone</name><fault>Invalid phone number.</fault></fault>' +
          '<fault><name>weight</name><fault>Too heavy.</fault></fault></attributes></detail></response>',
      ),
    );
    expect(await new PacketaRegistrationAdapter(2000, impl).register(BASE, config, parcel())).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.phone', message: 'phone: Invalid phone number.' },
        { field: 'weightKg', message: 'weight: Too heavy.' },
      ],
    });
    expect(bodies).toHaveLength(1);
  });

  it.each([
    [
      'IncorrectApiPasswordFault',
      () =>
        xmlReply(
          '<response><status>fault</status><fault>IncorrectApiPasswordFault</fault><string>Incorrect API password.</string></response>',
        ),
      'AUTH_FAILED',
    ],
    ['a 429', () => new Response('Too Many Requests', { status: 429 }), 'RATE_LIMITED'],
    ['a 502', () => new Response('<html>Bad Gateway</html>', { status: 502 }), 'HTTP_502'],
    ['an unreadable body', () => xmlReply('<html><body>maintenance</body></html>'), 'BAD_REPLY'],
    [
      'ok without a barcode',
      () => xmlReply('<response><status>ok</status><result><id>1</id></result></response>'),
      'BAD_REPLY',
    ],
    [
      'a timeout',
      () => new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      'TIMEOUT',
    ],
    ['a refused connection', () => new TypeError('fetch failed'), 'CONNECTION_FAILED'],
  ])('createPacket answered %s: unavailable', async (_, answer, reason) => {
    const { impl, bodies } = fakeFetch(answer);
    expect(await new PacketaRegistrationAdapter(2000, impl).register(BASE, config, parcel())).toEqual({
      kind: 'unavailable',
      reason,
    });
    expect(bodies).toHaveLength(1);
  });

  it('missing credentials ask nothing', async () => {
    const { impl, bodies } = fakeFetch(() => new Error('not to be called'));
    for (const c of [
      { ...config, apiPassword: '' },
      { ...config, senderLabel: undefined },
    ]) {
      expect(await new PacketaRegistrationAdapter(2000, impl).register(BASE, c, parcel())).toEqual({
        kind: 'unavailable',
        reason: 'MISSING_CREDENTIALS',
      });
    }
    expect(bodies).toHaveLength(0);
  });
});
