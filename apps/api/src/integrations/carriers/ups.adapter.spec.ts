import type { Fetch } from './carrier-http';
import { readUpsToken, readUpsVoid, UpsAdapter } from './ups.adapter';

const reply = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const errors = (code: string, message: string) => ({ response: { errors: [{ code, message }] } });
const voided = {
  VoidShipmentResponse: {
    Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
    SummaryResult: { Status: { Code: '1', Description: 'Voided' } },
  },
};

describe('UPS replies', () => {
  it('a void with ResponseStatus Code "1" is cancelled; any other 200 is unreadable', () => {
    expect(readUpsVoid(reply(200, voided))).toEqual({ kind: 'canceled' });
    expect(
      readUpsVoid(reply(200, { VoidShipmentResponse: { Response: { ResponseStatus: { Code: '0' } } } })),
    ).toEqual({ kind: 'unavailable', reason: 'BAD_REPLY' });
  });

  it('4xx with UPS errors is the carrier refusing (e.g. past the void time)', () => {
    expect(readUpsVoid(reply(400, errors('190117', 'Past void time')))).toEqual({
      kind: 'refused',
      reason: '190117 Past void time',
    });
    expect(readUpsVoid(reply(404, errors('190102', 'No shipment found')))).toEqual({
      kind: 'refused',
      reason: '190102 No shipment found',
    });
  });

  it.each([
    [401, 'AUTH_FAILED'],
    [403, 'AUTH_FAILED'],
    [429, 'RATE_LIMITED'],
    [500, 'HTTP_500'],
  ])('%i is no answer, errors or not (%s)', (status, reason) => {
    expect(readUpsVoid(reply(status, errors('1', 'x')))).toEqual({ kind: 'unavailable', reason });
  });

  it('a 400 without UPS errors is no answer', () => {
    expect(readUpsVoid({ status: 400, body: 'oops' })).toEqual({ kind: 'unavailable', reason: 'HTTP_400' });
  });

  it('reads the token and its lifetime (a string of seconds); refusals are no answer', () => {
    expect(readUpsToken(reply(200, { access_token: 'abc', expires_in: '14399' }))).toEqual({
      token: 'abc',
      expiresInMs: 14_399_000,
    });
    expect(readUpsToken(reply(401, errors('10401', 'ClientId is Invalid')))).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    expect(readUpsToken(reply(200, {}))).toEqual({ kind: 'unavailable', reason: 'BAD_REPLY' });
  });
});

describe('UpsAdapter', () => {
  function stub(voidStatus = 200) {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetchStub = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/security/v1/oauth/token'))
        return new Response(JSON.stringify({ access_token: `tok${calls.length}`, expires_in: '3600' }));
      return new Response(JSON.stringify(voidStatus === 200 ? voided : errors('250002', 'Invalid')), {
        status: voidStatus,
      });
    }) as Fetch;
    return { calls, fetchStub };
  }
  const config = { clientId: 'id', clientSecret: 's3cret' };

  it('gets a token with Basic credentials once and reuses it until shortly before it expires', async () => {
    let now = 1_000_000;
    const { calls, fetchStub } = stub();
    const ups = new UpsAdapter(1000, fetchStub, () => now);
    expect(await ups.cancel('http://u', config, '1Z999')).toEqual({ kind: 'canceled' });
    expect(await ups.cancel('http://u', config, '1Z998')).toEqual({ kind: 'canceled' });
    expect(calls.map((c) => c.url)).toEqual([
      'http://u/security/v1/oauth/token',
      'http://u/api/shipments/v2409/void/cancel/1Z999',
      'http://u/api/shipments/v2409/void/cancel/1Z998',
    ]);
    expect(calls[0].init).toMatchObject({
      method: 'POST',
      body: 'grant_type=client_credentials',
      headers: { Authorization: `Basic ${Buffer.from('id:s3cret').toString('base64')}` },
    });
    expect(calls[1].init).toMatchObject({ method: 'DELETE', headers: { Authorization: 'Bearer tok1' } });
    now += 3600_000 - 30_000; // within the safety margin: a new token
    await ups.cancel('http://u', config, '1Z997');
    expect(calls.filter((c) => c.url.endsWith('/token'))).toHaveLength(2);
  });

  it('drops the cached token after a 401, and asks nobody without credentials', async () => {
    const { calls, fetchStub } = stub(401);
    const ups = new UpsAdapter(1000, fetchStub);
    expect(await ups.cancel('http://u', config, '1Z1')).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    await ups.cancel('http://u', config, '1Z1');
    expect(calls.filter((c) => c.url.endsWith('/token'))).toHaveLength(2);
    expect(await ups.cancel('http://u', { clientId: 'id' }, '1Z1')).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
  });
});
