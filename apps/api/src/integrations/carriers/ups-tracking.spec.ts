import type { Fetch } from './carrier-http';
import { readUpsTracking, upsActivityTime, UpsTrackingAdapter } from './ups-tracking';
import { readUpsToken } from './ups-token';

const reply = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const errors = (code: string, message: string) => ({ response: { errors: [{ code, message }] } });

/** Activities as UPS's Tracking API answers them (newest first; Tracking.yaml's Activity and Status). */
const delivered = {
  date: '20250312',
  time: '143012',
  gmtDate: '20250312',
  gmtTime: '193012',
  gmtOffset: '-05:00',
  location: { address: { city: 'Wayne', stateProvince: 'NJ', countryCode: 'US', country: 'US' } },
  status: {
    type: 'D',
    description: 'DELIVERED',
    code: 'KB',
    statusCode: '011',
    simplifiedTextDescription: 'Delivered',
  },
};
const outForDelivery = {
  date: '20250312',
  time: '071356',
  gmtDate: '20250312',
  gmtTime: '121356',
  gmtOffset: '-05:00',
  status: { type: 'I', description: 'Out For Delivery Today', code: 'OT', statusCode: '021' },
};
const arrival = {
  date: '20250311',
  time: '224500',
  gmtDate: '20250312',
  gmtTime: '34500',
  gmtOffset: '-05:00',
  status: { type: 'I', description: 'Arrived at Facility', code: 'AR', statusCode: '005' },
};
const manifest = {
  date: '20250310',
  time: '091500',
  status: {
    type: 'M',
    description: 'Shipper created a label, UPS has not received the package yet.',
    code: 'MP',
  },
};

const track = (activity: unknown[], trackingNumber = '1Z023E2X0214323462', extra = {}) => ({
  trackResponse: {
    shipment: [
      {
        inquiryNumber: trackingNumber,
        package: [{ trackingNumber, activity, packageCount: 1, ...extra }],
      },
    ],
  },
});
const notFound = (inquiryNumber: string) => ({
  trackResponse: {
    shipment: [{ inquiryNumber, warnings: [{ code: 'TW0001', message: 'Tracking Information Not Found' }] }],
  },
});

describe('UPS tracking replies', () => {
  it('reads each activity’s status type and words at its GMT time, oldest first', () => {
    expect(
      readUpsTracking(
        reply(200, track([delivered, outForDelivery, arrival, manifest])),
        '1Z023E2X0214323462',
      ),
    ).toEqual([
      {
        code: 'M',
        description: 'Shipper created a label, UPS has not received the package yet.',
        at: new Date('2025-03-10T09:15:00Z'),
      },
      { code: 'I', description: 'Arrived at Facility', at: new Date('2025-03-12T03:45:00Z') },
      { code: 'I', description: 'Out For Delivery Today', at: new Date('2025-03-12T12:13:56Z') },
      { code: 'D', description: 'DELIVERED', at: new Date('2025-03-12T19:30:12Z') },
    ]);
  });

  it('activities out of order come out oldest first', () => {
    const read = readUpsTracking(reply(200, track([manifest, delivered, arrival])), '1Z023E2X0214323462');
    expect(Array.isArray(read) && read.map((e) => e.code)).toEqual(['M', 'I', 'D']);
  });

  it('reads the time from gmtDate/gmtTime, else the local time less gmtOffset, else the local time as UTC', () => {
    expect(upsActivityTime(outForDelivery)).toEqual(new Date('2025-03-12T12:13:56Z'));
    // gmtTime without the hour's leading zero, as UPS's example writes it ("74700").
    expect(upsActivityTime({ gmtDate: '20210210', gmtTime: '74700' })).toEqual(
      new Date('2021-02-10T07:47:00Z'),
    );
    expect(upsActivityTime({ date: '20250312', time: '071356', gmtOffset: '-05:00' })).toEqual(
      new Date('2025-03-12T12:13:56Z'),
    );
    expect(upsActivityTime({ date: '20250312', time: '071356', gmtOffset: '+01:00' })).toEqual(
      new Date('2025-03-12T06:13:56Z'),
    );
    expect(upsActivityTime({ date: '20250312', time: '071356' })).toEqual(new Date('2025-03-12T07:13:56Z'));
    expect(upsActivityTime({ date: '20250230', time: '071356' })).toBeNull();
    expect(upsActivityTime({ date: '20250312', time: '251356' })).toBeNull();
    expect(upsActivityTime({ date: '2025-03-12', time: '07:13' })).toBeNull();
  });

  it('of a multi-piece shipment, the package asked about', () => {
    const body = {
      trackResponse: {
        shipment: [
          {
            inquiryNumber: '1Z0000000000000002',
            package: [
              { trackingNumber: '1Z0000000000000001', activity: [delivered] },
              { trackingNumber: '1Z0000000000000002', activity: [outForDelivery] },
            ],
          },
        ],
      },
    };
    expect(readUpsTracking(reply(200, body), '1z 0000000000000002')).toEqual([
      { code: 'I', description: 'Out For Delivery Today', at: new Date('2025-03-12T12:13:56Z') },
    ]);
  });

  it('a number UPS does not know is absent: TW0001 in a 200, a 404, or TV1002 "Invalid inquiry number"', () => {
    expect(readUpsTracking(reply(200, notFound('1Z5629230309413682')), '1Z5629230309413682')).toBeNull();
    expect(
      readUpsTracking(reply(404, errors('TW0001', 'Tracking Information Not Found')), '1Z5629230309413682'),
    ).toBeNull();
    expect(readUpsTracking(reply(400, errors('TV1002', 'Invalid inquiry number')), 'nonsense')).toBeNull();
    expect(readUpsTracking(reply(200, track([])), '1Z023E2X0214323462')).toBeNull();
  });

  it.each([
    [401, 'AUTH_FAILED', errors('250002', 'Invalid Authentication Information.')],
    [403, 'AUTH_FAILED', errors('250003', 'Blocked Merchant')],
    [429, 'RATE_LIMITED', errors('429', 'Too Many Requests')],
    [500, 'HTTP_500', errors('10500', 'Internal server error')],
    [503, 'HTTP_503', errors('10503', 'Resource is not available')],
    [400, 'HTTP_400', errors('TV1001', 'Missing transId')],
  ])('%i is %s', (status, reason, body) => {
    expect(readUpsTracking(reply(status, body), '1Z1')).toEqual({ unavailable: reason });
  });

  it.each([
    ['not JSON', { status: 200, body: '<html>Bad gateway</html>' }],
    ['an empty body', { status: 200, body: '' }],
    ['no trackResponse', reply(200, { response: {} })],
    ['a package without an activity list', reply(200, { trackResponse: { shipment: [{ package: [{}] }] } })],
    ['a shipment that is not an object', reply(200, { trackResponse: { shipment: ['1Z1'] } })],
    [
      'an activity without a status type',
      reply(200, track([{ ...delivered, status: { description: 'x' } }])),
    ],
    [
      'an activity without a readable time',
      reply(200, track([{ date: '2025', time: 'x', status: { type: 'I' } }])),
    ],
  ])('%s is BAD_REPLY', (_name, body) => {
    expect(readUpsTracking(body, '1Z023E2X0214323462')).toEqual({ unavailable: 'BAD_REPLY' });
  });

  it('reads the token reply', () => {
    expect(readUpsToken(reply(200, { access_token: 'abc', expires_in: '14399' }))).toEqual({
      token: 'abc',
      expiresInMs: 14_399_000,
    });
    expect(readUpsToken(reply(401, errors('10401', 'ClientId is Invalid')))).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    expect(readUpsToken(reply(429, {}))).toEqual({ kind: 'unavailable', reason: 'RATE_LIMITED' });
  });
});

describe('UpsTrackingAdapter', () => {
  const config = { shipperNumber: 'A1B2C3', clientId: 'id', clientSecret: 's3cret' };

  /** UPS: tokens tok1, tok2…; tracking answers the next status of `statuses` (200 with `delivered` when none). */
  function stub(statuses: number[] = []) {
    const calls: { url: string; init?: RequestInit }[] = [];
    let issued = 0;
    const fetchStub = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/security/v1/oauth/token'))
        return new Response(JSON.stringify({ access_token: `tok${++issued}`, expires_in: '3600' }));
      const status = statuses.shift() ?? 200;
      const number = decodeURIComponent(url.split('/details/')[1].split('?')[0]);
      return new Response(
        JSON.stringify(status === 200 ? track([delivered], number) : errors('250002', 'Invalid')),
        { status },
      );
    }) as Fetch;
    const tracking = () => calls.filter((c) => c.url.includes('/api/track/v1/details/'));
    const tokens = () => calls.filter((c) => c.url.endsWith('/token'));
    return { calls, fetchStub, tracking, tokens };
  }

  it('without a client id and secret nothing is asked: MISSING_CREDENTIALS', async () => {
    const { calls, fetchStub } = stub();
    const ups = new UpsTrackingAdapter(1000, 10, fetchStub);
    expect(await ups.track('http://u', { shipperNumber: 'A1B2C3', clientId: 'id' }, ['1Z1'])).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
    expect(calls).toEqual([]);
  });

  it('asks number by number with one token, reused across calls, and the headers UPS requires', async () => {
    const { fetchStub, tracking, tokens } = stub();
    const ups = new UpsTrackingAdapter(1000, 3, fetchStub);
    const numbers = ['1Z0000000000000001', '1Z0000000000000002', '1Z0000000000000003', '1Z0000000000000004'];
    const result = await ups.track('http://u', config, numbers);
    expect(result.kind === 'tracked' && [...result.events.keys()].sort()).toEqual(numbers);
    await ups.track('http://u', config, ['1Z0000000000000005']);
    expect(tokens()).toHaveLength(1); // three requests at once shared the one token request
    expect(tokens()[0].init).toMatchObject({
      method: 'POST',
      body: 'grant_type=client_credentials',
      headers: { Authorization: `Basic ${Buffer.from('id:s3cret').toString('base64')}` },
    });
    expect(tracking().map((c) => c.url)).toContain(
      'http://u/api/track/v1/details/1Z0000000000000001?locale=en_US',
    );
    const headers = tracking()[0].init!.headers as Record<string, string>;
    expect(headers).toMatchObject({ Authorization: 'Bearer tok1', transactionSrc: 'depot' });
    expect(headers.transId).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(tracking().map((c) => (c.init!.headers as Record<string, string>).transId)).size).toBe(5);
  });

  it('a new token shortly before the cached one expires', async () => {
    let now = 1_000_000;
    const { fetchStub, tokens } = stub();
    const ups = new UpsTrackingAdapter(1000, 10, fetchStub, () => now);
    await ups.track('http://u', config, ['1Z1']);
    now += 3600_000 - 30_000;
    await ups.track('http://u', config, ['1Z1']);
    expect(tokens()).toHaveLength(2);
  });

  it('a 401 drops the cached token: replaced once and asked again; a new token refused is AUTH_FAILED', async () => {
    const statuses = [200, 401, 200, 401, 401];
    const { fetchStub, tracking, tokens } = stub(statuses);
    const ups = new UpsTrackingAdapter(1000, 10, fetchStub);
    expect((await ups.track('http://u', config, ['1Z1'])).kind).toBe('tracked'); // tok1
    expect((await ups.track('http://u', config, ['1Z1'])).kind).toBe('tracked'); // tok1 refused → tok2
    expect(tokens()).toHaveLength(2);
    expect(await ups.track('http://u', config, ['1Z1'])).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    expect(tokens()).toHaveLength(3); // tok2 refused → tok3 refused: no third try
    expect(tracking().map((c) => (c.init!.headers as Record<string, string>).Authorization)).toEqual([
      'Bearer tok1',
      'Bearer tok1',
      'Bearer tok2',
      'Bearer tok2',
      'Bearer tok3',
    ]);
    await ups.track('http://u', config, ['1Z1']);
    expect(tokens()).toHaveLength(4); // tok3 was dropped too
  });

  it('a refused client, a 429, a 500 or no reply makes the whole call unavailable', async () => {
    const refusing = (async () =>
      new Response(JSON.stringify(errors('10401', 'ClientId is Invalid')), { status: 401 })) as Fetch;
    expect(
      await new UpsTrackingAdapter(1000, 10, refusing).track('http://u', config, ['1Z1', '1Z2']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    expect(
      await new UpsTrackingAdapter(1000, 10, stub([200, 429]).fetchStub).track('http://u', config, [
        '1Z1',
        '1Z2',
      ]),
    ).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
    expect(
      await new UpsTrackingAdapter(1000, 1, stub([500]).fetchStub).track('http://u', config, ['1Z1']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as Fetch;
    expect(await new UpsTrackingAdapter(1000, 10, down).track('http://u', config, ['1Z1'])).toEqual({
      kind: 'unavailable',
      reason: 'CONNECTION_FAILED',
    });
  });
});
