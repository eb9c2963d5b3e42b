import type { Fetch } from './carrier-http';
import type { ShipmentParcel } from './carrier-registration';
import {
  InpostRegistrationAdapter,
  inpostField,
  inpostService,
  inpostShipmentBody,
  readInpostRefusal,
} from './inpost-registration';

const BASE = 'https://shipx.test';
const NUMBER = '620000011395200025754311';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch answering from `route` (a Response, or an error to reject with), recording every call. */
function fakeFetch(route: (call: Call, index: number) => Response | Error) {
  const calls: Call[] = [];
  const impl = (async (url: string | URL | Request, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(url),
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? init.body : '',
    };
    calls.push(call);
    const answer = route(call, calls.length - 1);
    // DOMException is no `Error` of this realm: anything that is not a Response is thrown.
    if (!(answer instanceof Response)) throw answer;
    return answer;
  }) as Fetch;
  return { impl, calls };
}
const jsonReply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const PDF = Buffer.from('%PDF-1.7\n% a label\n%%EOF\n');

const address = (name: string) => ({
  name,
  street: 'Długa',
  building: '5',
  apartment: '2',
  city: 'Kraków',
  zipCode: '30-001',
  country: 'PL',
  phone: '+48 600 100 200',
  email: 'jan@example.pl',
});
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel => ({
  internalNumber: 'AB0000000042',
  referenceNumber: 'SHOP-1',
  weightKg: '3.000',
  sizeCmL: 40,
  sizeCmW: 30,
  sizeCmD: 20.5,
  packageCount: 2,
  value: null,
  valueCurrency: null,
  content: null,
  sender: address('Depot Sender'),
  receiver: address('Jan Maria Kowalski'),
  cod: { amount: '50.00', currency: 'PLN' },
  insurance: { amount: '200.00', currency: 'PLN' },
  dropOffPoint: 'KRA010',
  labelFormat: 'pdf',
  ...over,
});
const config = { organizationId: 42, apiToken: 'token-1', defaultService: 'inpost_courier_standard' };

describe('InPost ShipX registration replies', () => {
  it.each([
    ['receiver.phone', 'destinationAddress.phone'],
    ['receiver.email', 'destinationAddress.email'],
    ['receiver.address.post_code', 'destinationAddress.zipCode'],
    ['receiver.address.building_number', 'destinationAddress.building'],
    ['sender.address.city', 'pickupAddress.city'],
    ['sender.company_name', 'pickupAddress.name'],
    ['custom_attributes.target_point', 'dropOffPoint'],
    ['parcels.weight.amount', 'weightKg'],
    ['parcels.dimensions.height', 'sizeCmD'],
    ['cod.amount', 'cod.amountCOD'],
    ['insurance.amount', 'insurance.amount'],
    ['comments', 'referenceNumber'],
    ['reference', null],
    ['cod.currency', 'cod.codCurrency'],
    ['sender.phone', 'pickupAddress.phone'],
    ['receiver.address.country_code', 'destinationAddress.country'],
    ['receiver.unknown', null],
    ['service', null],
  ])('%s: our field %s', (path, field) => {
    expect(inpostField(path)).toBe(field);
  });

  it('reads nested details, each leaf with its codes', () => {
    const body = {
      status: 400,
      error: 'validation_failed',
      message: 'There are some validation errors.',
      details: {
        receiver: [{ phone: ['invalid'], address: [{ post_code: ['required', 'invalid'] }] }],
        service: ['not_available'],
      },
    };
    expect(readInpostRefusal({ status: 400, body: JSON.stringify(body) })).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.phone', message: 'receiver.phone: invalid' },
        { field: 'destinationAddress.zipCode', message: 'receiver.address.post_code: required, invalid' },
        { field: null, message: 'service: not_available' },
      ],
    });
  });

  it('reads details whose array items are keyed by their index (ShipX’s parcels)', () => {
    const body = {
      status: 400,
      error: 'validation_failed',
      message: 'There are some validation errors. Check details object for more info.',
      details: {
        parcels: [{ '0': { dimensions: [{ width: ['too_small'] }], weight: [{ amount: ['too_small'] }] } }],
        custom_attributes: [{ target_point: ['does_not_exist'] }],
      },
    };
    expect(readInpostRefusal({ status: 400, body: JSON.stringify(body) })).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'sizeCmW', message: 'parcels.dimensions.width: too_small' },
        { field: 'weightKg', message: 'parcels.weight.amount: too_small' },
        { field: 'dropOffPoint', message: 'custom_attributes.target_point: does_not_exist' },
      ],
    });
  });

  it('a refusal without details keeps ShipX’s message; an unreadable one is no answer', () => {
    const body = { status: 422, error: 'invalid_action', message: 'Offer expired', details: {} };
    expect(readInpostRefusal({ status: 422, body: JSON.stringify(body) })).toEqual({
      kind: 'rejected',
      errors: [{ field: null, message: 'Offer expired' }],
    });
    expect(readInpostRefusal({ status: 400, body: '<html>' })).toEqual({
      kind: 'unavailable',
      reason: 'BAD_REPLY',
    });
  });

  it.each([
    ['inpost_locker_standard', true, 'inpost_locker_standard'],
    ['inpost_locker_standard', false, 'inpost_courier_standard'],
    ['inpost_courier_express_1000', false, 'inpost_courier_express_1000'],
    ['inpost_courier_express_1000', true, 'inpost_locker_standard'],
    ['', true, 'inpost_locker_standard'],
    ['', false, 'inpost_courier_standard'],
  ])('default %s, to a locker %s: %s', (defaultService, toLocker, service) => {
    expect(inpostService(defaultService, toLocker)).toBe(service);
  });
});

describe('InPost ShipX registration: the create body', () => {
  it('a locker parcel: its target point, parcels in millimetres and kilograms each, COD, insurance, our numbers', () => {
    const body = inpostShipmentBody(parcel(), 'inpost_locker_standard');
    expect(body).toMatchObject({
      service: 'inpost_locker_standard',
      reference: 'AB0000000042',
      comments: 'SHOP-1',
      custom_attributes: { target_point: 'KRA010', sending_method: 'dispatch_order' },
      cod: { amount: 50, currency: 'PLN' },
      insurance: { amount: 200, currency: 'PLN' },
      receiver: {
        first_name: 'Jan Maria',
        last_name: 'Kowalski',
        phone: '+48600100200',
        address: { street: 'Długa', building_number: '5/2', post_code: '30-001', country_code: 'PL' },
      },
    });
    expect(body.parcels).toEqual([
      {
        id: '1',
        dimensions: { length: 400, width: 300, height: 205, unit: 'mm' },
        weight: { amount: 1.5, unit: 'kg' },
      },
      {
        id: '2',
        dimensions: { length: 400, width: 300, height: 205, unit: 'mm' },
        weight: { amount: 1.5, unit: 'kg' },
      },
    ]);
  });

  it('a courier parcel names no target point; no COD or insurance when the parcel has none', () => {
    const body = inpostShipmentBody(
      parcel({ cod: null, insurance: null, referenceNumber: null }),
      'inpost_courier_standard',
    );
    expect(body.custom_attributes).toEqual({ sending_method: 'dispatch_order' });
    expect(body).not.toHaveProperty('cod');
    expect(body).not.toHaveProperty('insurance');
    expect(body).not.toHaveProperty('comments');
  });
});

describe('InpostRegistrationAdapter (an injected fetch)', () => {
  /** ShipX as it behaves: created without a number, confirmed on the second look, its label. */
  const shipx = (label: () => Response | Error = () => new Response(PDF, { status: 200 })) => {
    let looks = 0;
    return fakeFetch((call) => {
      if (call.method === 'POST')
        return jsonReply(201, { id: 1870001, status: 'created', tracking_number: null });
      if (call.url.endsWith('/v1/shipments/1870001')) {
        looks++;
        return jsonReply(
          200,
          looks < 2
            ? { id: 1870001, status: 'offers_prepared', tracking_number: null }
            : { id: 1870001, status: 'confirmed', tracking_number: NUMBER },
        );
      }
      if (call.url.includes('/v1/shipments/1870001/label')) return label();
      return jsonReply(404, { status: 404, error: 'resource_not_found', message: 'Not found', details: {} });
    });
  };

  it('creates the shipment, waits for its number, fetches its label', async () => {
    const { impl, calls } = shipx();
    const result = await new InpostRegistrationAdapter(2000, impl).register(BASE, config, parcel());
    expect(result).toEqual({
      kind: 'registered',
      shipmentId: '1870001',
      trackingNumber: NUMBER,
      lastMileNumber: null,
      label: { format: 'pdf', data: PDF },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${BASE}/v1/organizations/42/shipments`,
      `GET ${BASE}/v1/shipments/1870001`,
      `GET ${BASE}/v1/shipments/1870001`,
      `GET ${BASE}/v1/shipments/1870001/label?format=Pdf&type=normal`,
    ]);
    expect(calls.every((c) => c.headers.Authorization === 'Bearer token-1')).toBe(true);
    expect(JSON.parse(calls[0].body)).toMatchObject({
      service: 'inpost_locker_standard',
      custom_attributes: { target_point: 'KRA010' },
    });
  });

  it('a number in the create reply is taken at once; a ZPL label is asked as Zpl', async () => {
    const { impl, calls } = fakeFetch((call) =>
      call.method === 'POST'
        ? jsonReply(201, { id: '77', status: 'confirmed', tracking_number: NUMBER })
        : new Response('^XA^FDx^FS^XZ', { status: 200 }),
    );
    const result = await new InpostRegistrationAdapter(2000, impl).register(
      BASE,
      config,
      parcel({ labelFormat: 'zpl', dropOffPoint: null }),
    );
    expect(result).toMatchObject({ kind: 'registered', shipmentId: '77', trackingNumber: NUMBER });
    if (result.kind !== 'registered') throw new Error('not registered');
    expect(result.label?.data.toString()).toBe('^XA^FDx^FS^XZ');
    expect(calls.map((c) => c.url)).toEqual([
      `${BASE}/v1/organizations/42/shipments`,
      `${BASE}/v1/shipments/77/label?format=Zpl&type=normal`,
    ]);
    expect(JSON.parse(calls[0].body)).toMatchObject({ service: 'inpost_courier_standard' });
  });

  it.each([
    ['a 500', () => jsonReply(500, { status: 500, error: 'internal_error' })],
    ['no reply', () => new TypeError('fetch failed')],
  ])('the shipment stands without its label when the label gives %s', async (_, label) => {
    const { impl } = shipx(label);
    expect(await new InpostRegistrationAdapter(2000, impl).register(BASE, config, parcel())).toMatchObject({
      kind: 'registered',
      trackingNumber: NUMBER,
      label: null,
    });
  });

  it('not confirmed within the timeout: NOT_CONFIRMED, after a bounded number of looks', async () => {
    const { impl, calls } = fakeFetch((call) =>
      call.method === 'POST'
        ? jsonReply(201, { id: 5, status: 'created', tracking_number: null })
        : jsonReply(200, { id: 5, status: 'created', tracking_number: null }),
    );
    const started = Date.now();
    expect(await new InpostRegistrationAdapter(300, impl).register(BASE, config, parcel())).toEqual({
      kind: 'unavailable',
      reason: 'NOT_CONFIRMED',
    });
    const looks = calls.filter((c) => c.method === 'GET').length;
    expect(looks).toBeGreaterThanOrEqual(1);
    expect(looks).toBeLessThanOrEqual(2);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('ShipX’s validation details come back as a refusal under our fields; nothing more is asked', async () => {
    const { impl, calls } = fakeFetch(() =>
      jsonReply(400, {
        status: 400,
        error: 'validation_failed',
        message: 'There are some validation errors. Check details object for more info.',
        details: { receiver: [{ phone: ['invalid'] }], unknown_thing: ['invalid'] },
      }),
    );
    expect(await new InpostRegistrationAdapter(2000, impl).register(BASE, config, parcel())).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.phone', message: 'receiver.phone: invalid' },
        { field: null, message: 'unknown_thing: invalid' },
      ],
    });
    expect(calls).toHaveLength(1);
  });

  it.each([
    [401, { status: 401, error: 'token_invalid', message: 'Token is missing or invalid.' }, 'AUTH_FAILED'],
    [403, { status: 403, error: 'access_forbidden', message: 'Access forbidden' }, 'AUTH_FAILED'],
    [429, 'Too Many Requests', 'RATE_LIMITED'],
    [500, { status: 500, error: 'internal_error' }, 'HTTP_500'],
    [503, '<html>Service Unavailable</html>', 'HTTP_503'],
    [201, '<html>not json</html>', 'BAD_REPLY'],
    [201, { status: 'created' }, 'BAD_REPLY'],
    [400, '<html>Bad Request</html>', 'BAD_REPLY'],
  ])('create answered %s (%j): unavailable %s', async (status, body, reason) => {
    const { impl, calls } = fakeFetch(() =>
      typeof body === 'string' ? new Response(body, { status }) : jsonReply(status, body),
    );
    expect(await new InpostRegistrationAdapter(2000, impl).register(BASE, config, parcel())).toEqual({
      kind: 'unavailable',
      reason,
    });
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['a timeout', 'TIMEOUT', new DOMException('The operation was aborted due to timeout', 'TimeoutError')],
    ['a refused connection', 'CONNECTION_FAILED', new TypeError('fetch failed')],
  ])('no reply to the create (%s): unavailable %s', async (_, reason, error) => {
    const { impl } = fakeFetch(() => error);
    expect(await new InpostRegistrationAdapter(2000, impl).register(BASE, config, parcel())).toEqual({
      kind: 'unavailable',
      reason,
    });
  });

  it('missing credentials ask nothing', async () => {
    const { impl, calls } = fakeFetch(() => new Error('not to be called'));
    for (const c of [
      { ...config, apiToken: '' },
      { ...config, organizationId: null },
    ]) {
      expect(await new InpostRegistrationAdapter(2000, impl).register(BASE, c, parcel())).toEqual({
        kind: 'unavailable',
        reason: 'MISSING_CREDENTIALS',
      });
    }
    expect(calls).toHaveLength(0);
  });
});
