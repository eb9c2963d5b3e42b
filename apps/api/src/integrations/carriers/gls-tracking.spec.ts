import type { Fetch } from './carrier-http';
import { GlsTrackingAdapter, glsDate, readGlsToken, readGlsTracking } from './gls-tracking';

const reply = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

/** A parcel as Track And Trace V1 answers it (the OpenAPI document's "200WithErrors" example, events newest first). */
const preadvice = {
  requested: '36301917596',
  unitno: '36301917596',
  status: 'PREADVICE',
  statusDateTime: '2024-10-11T15:24:57+0200',
  events: [
    {
      code: 'INTIAL.E48_DATA',
      city: '',
      postalCode: '',
      country: 'DE',
      description: 'The parcel was provided by the sender for collection by GLS.',
      eventDateTime: '2024-10-11T15:24:52+0200',
    },
    {
      code: 'INTIAL.PREADVICE',
      city: '',
      postalCode: '',
      country: 'DE',
      description:
        'The parcel data was entered into the GLS IT system; the parcel was not yet handed over to GLS.',
      eventDateTime: '2024-10-11T15:24:51+0200',
    },
  ],
};
const notFound = { requested: '42249018928', errorCode: 'E_404_01', errorMessage: 'Resource Not Found' };

describe('GLS tracking replies', () => {
  it("reads each parcel's status at its time as its one event; an unknown number is absent", () => {
    const read = readGlsTracking(reply(200, { parcels: [notFound, preadvice] }));
    expect(read).toEqual(
      new Map([
        [
          '36301917596',
          [
            {
              code: 'PREADVICE',
              description: 'GLS has received the parcel data but not the physical parcel',
              at: new Date('2024-10-11T13:24:57Z'),
            },
          ],
        ],
      ]),
    );
  });

  it('a reference matching several parcels stands at the latest status, whatever the order', () => {
    const parcel = (unitno: string, status: string, at: string) => ({
      requested: '747N6K',
      unitno,
      status,
      statusDateTime: at,
      events: [],
    });
    const read = readGlsTracking(
      reply(200, {
        parcels: [
          parcel('93835330600', 'DELIVERED', '2024-09-19T10:00:00+0200'),
          parcel('93835330599', 'INTRANSIT', '2024-09-18T06:50:22+0200'),
        ],
      }),
    );
    expect(read).toEqual(
      new Map([
        [
          '747N6K',
          [{ code: 'DELIVERED', description: 'Parcel was delivered', at: new Date('2024-09-19T08:00:00Z') }],
        ],
      ]),
    );
  });

  it('a status GLS adds later keeps its name as the description', () => {
    const read = readGlsTracking(reply(200, { parcels: [{ ...preadvice, status: 'RETURNED' }] }));
    expect(read instanceof Map && read.get('36301917596')?.[0]).toMatchObject({
      code: 'RETURNED',
      description: 'RETURNED',
    });
  });

  it('a parcel-level internal error is no answer; a bad request for one number leaves it out', () => {
    expect(
      readGlsTracking(reply(200, { parcels: [preadvice, { requested: 'x', errorCode: 'E_500_01' }] })),
    ).toEqual({
      unavailable: 'HTTP_500',
    });
    expect(readGlsTracking(reply(200, { parcels: [{ requested: 'x', errorCode: 'E_400_01' }] }))).toEqual(
      new Map(),
    );
  });

  it.each([
    ['not JSON', { status: 200, body: '<html>gateway</html>' }],
    ['no parcels', reply(200, { items: [] })],
    ['a parcel without status', reply(200, { parcels: [{ ...preadvice, status: undefined }] })],
    [
      'a date without an offset',
      reply(200, { parcels: [{ ...preadvice, statusDateTime: '2024-10-11T15:24:57' }] }),
    ],
    [
      'an impossible date',
      reply(200, { parcels: [{ ...preadvice, statusDateTime: '2024-02-30T10:00:00+0100' }] }),
    ],
  ])('%s is BAD_REPLY', (_name, body) => {
    expect(readGlsTracking(body)).toEqual({ unavailable: 'BAD_REPLY' });
  });

  it.each([
    [401, 'AUTH_FAILED', { fault: { faultstring: 'The Token has expired: policy(Verify-JWT)', detail: {} } }],
    [403, 'AUTH_FAILED', {}],
    [429, 'RATE_LIMITED', { fault: { faultstring: 'Rate limit quota violation.', detail: {} } }],
    [500, 'HTTP_500', { title: 'Internal Server Error' }],
    [
      400,
      'HTTP_400',
      { title: 'Bad Request', detail: "Provided references of size '11' is more than allowed" },
    ],
  ])('%i is %s', (status, reason, body) => {
    expect(readGlsTracking(reply(status, body))).toEqual({ unavailable: reason });
  });

  it('reads GLS dates with or without the colon in the offset', () => {
    expect(glsDate('2024-10-07T10:46:14+0200')).toEqual(new Date('2024-10-07T08:46:14Z'));
    expect(glsDate('2025-02-10T15:13:46+01:00')).toEqual(new Date('2025-02-10T14:13:46Z'));
    expect(glsDate('2025-02-10T15:13:46Z')).toEqual(new Date('2025-02-10T15:13:46Z'));
    expect(glsDate('yesterday')).toBeNull();
    expect(glsDate(20241007)).toBeNull();
  });

  it('reads the token; a refused client is AUTH_FAILED', () => {
    expect(
      readGlsToken(reply(200, { token_type: 'Bearer', access_token: 'abc', expires_in: 14400 })),
    ).toEqual({
      token: 'abc',
      expiresInMs: 14_400_000,
    });
    expect(
      readGlsToken(reply(400, { errors: [{ message: 'Invalid client identifier', type: '400' }] })),
    ).toEqual({
      unavailable: 'AUTH_FAILED',
    });
    expect(readGlsToken(reply(401, {}))).toEqual({ unavailable: 'AUTH_FAILED' });
    expect(readGlsToken(reply(503, {}))).toEqual({ unavailable: 'HTTP_503' });
    expect(readGlsToken(reply(200, { token_type: 'Bearer' }))).toEqual({ unavailable: 'BAD_REPLY' });
  });
});

describe('GlsTrackingAdapter', () => {
  const config = { clientId: 'id', clientSecret: 's3cret' };

  function stub(trackStatuses: number[] = []) {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetchStub = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/oauth2/v2/token'))
        return new Response(JSON.stringify({ access_token: `tok${calls.length}`, expires_in: 3600 }));
      const status = trackStatuses.shift() ?? 200;
      const ids = decodeURIComponent(url.split('/trackids/')[1]).split(',');
      return new Response(
        JSON.stringify(
          status === 200 ? { parcels: ids.map((requested) => ({ ...preadvice, requested })) } : {},
        ),
        { status },
      );
    }) as Fetch;
    return { calls, fetchStub };
  }

  it('without a client id and secret nothing is asked: MISSING_CREDENTIALS', async () => {
    const { calls, fetchStub } = stub();
    const gls = new GlsTrackingAdapter(1000, fetchStub);
    expect(await gls.track('http://g', { login: 'ade-login', password: 'x' }, ['1'])).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
    expect(calls).toEqual([]);
  });

  it('asks for up to 10 numbers a request with a cached Basic-auth client-credentials token', async () => {
    let now = 1_000_000;
    const { calls, fetchStub } = stub();
    const gls = new GlsTrackingAdapter(1000, fetchStub, () => now);
    const numbers = Array.from({ length: 12 }, (_, i) => `9383533${String(i).padStart(4, '0')}`);
    const result = await gls.track('http://g', config, numbers);
    expect(result.kind === 'tracked' && [...result.events.keys()]).toEqual(numbers);
    expect(calls.map((c) => c.url)).toEqual([
      'http://g/oauth2/v2/token',
      `http://g/track-and-trace-v1/tracking/simple/trackids/${numbers.slice(0, 10).join(',')}`,
      `http://g/track-and-trace-v1/tracking/simple/trackids/${numbers.slice(10).join(',')}`,
    ]);
    const tokenInit = calls[0].init!;
    expect(new Headers(tokenInit.headers).get('authorization')).toBe(
      `Basic ${Buffer.from('id:s3cret').toString('base64')}`,
    );
    expect(String(tokenInit.body)).toBe('grant_type=client_credentials');
    expect(new Headers(calls[1].init!.headers).get('authorization')).toBe('Bearer tok1');
    // Shortly before it expires the token is renewed.
    now += 3600_000 - 30_000;
    await gls.track('http://g', config, ['1']);
    expect(calls.filter((c) => c.url.endsWith('/token'))).toHaveLength(2);
  });

  it('a 401 with a cached token gets a new token and asks once more; a second 401 is AUTH_FAILED', async () => {
    const { calls, fetchStub } = stub([200, 401, 200, 401, 401]);
    const gls = new GlsTrackingAdapter(1000, fetchStub);
    expect((await gls.track('http://g', config, ['1'])).kind).toBe('tracked');
    expect((await gls.track('http://g', config, ['1'])).kind).toBe('tracked');
    expect(await gls.track('http://g', config, ['1'])).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    expect(calls.filter((c) => c.url.endsWith('/token'))).toHaveLength(3);
  });

  it('a number with a slash or comma is sent encoded', async () => {
    const { calls, fetchStub } = stub();
    await new GlsTrackingAdapter(1000, fetchStub).track('http://g', config, ['A/1', 'B,2']);
    expect(calls[1].url).toBe('http://g/track-and-trace-v1/tracking/simple/trackids/A%2F1,B%2C2');
  });

  it('no reply is CONNECTION_FAILED or TIMEOUT, never a throw', async () => {
    const refused = (async () => {
      throw new TypeError('fetch failed');
    }) as Fetch;
    expect(await new GlsTrackingAdapter(1000, refused).track('http://g', config, ['1'])).toEqual({
      kind: 'unavailable',
      reason: 'CONNECTION_FAILED',
    });
    const slow = ((_url: string, init?: RequestInit) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
      )) as Fetch;
    expect(await new GlsTrackingAdapter(50, slow).track('http://g', config, ['1'])).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
  });
});
