import { InpostAdapter, readInpostCancel } from './inpost.adapter';
import type { Fetch } from './carrier-http';

const reply = (status: number, body: unknown = '') => ({
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('InPost ShipX cancel reply', () => {
  it('204 (and 200) mean cancelled', () => {
    expect(readInpostCancel(reply(204))).toEqual({ kind: 'canceled' });
    expect(readInpostCancel(reply(200, {}))).toEqual({ kind: 'canceled' });
  });

  it('400/422 with a ShipX error are the carrier refusing, with its words', () => {
    const body = {
      status: 400,
      error: 'invalid_action',
      message: 'Action cancel is not available.',
      details: {},
    };
    expect(readInpostCancel(reply(400, body))).toEqual({
      kind: 'refused',
      reason: 'invalid_action: Action cancel is not available.',
    });
    expect(readInpostCancel(reply(422, { error: 'validation_failed' }))).toEqual({
      kind: 'refused',
      reason: 'validation_failed',
    });
  });

  it('404 is refused: the shipment is not at the carrier', () => {
    expect(readInpostCancel(reply(404, { error: 'resource_not_found' }))).toEqual({
      kind: 'refused',
      reason: 'not found at carrier',
    });
  });

  it.each([
    [401, 'AUTH_FAILED'],
    [403, 'AUTH_FAILED'],
    [429, 'RATE_LIMITED'],
    [500, 'HTTP_500'],
    [503, 'HTTP_503'],
  ])('%i is no answer (%s)', (status, reason) => {
    expect(readInpostCancel(reply(status, { error: 'x' }))).toEqual({ kind: 'unavailable', reason });
  });

  it('a 400 that is not ShipX JSON is no answer', () => {
    expect(readInpostCancel(reply(400, '<html>Bad gateway</html>'))).toEqual({
      kind: 'unavailable',
      reason: 'BAD_REPLY',
    });
  });

  it('sends DELETE with the bearer token and the id escaped; no token asks nobody', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fetchStub = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(null, { status: 204 });
    }) as Fetch;
    const adapter = new InpostAdapter(1000, fetchStub);
    expect(await adapter.cancel('http://x', { apiToken: 't0k' }, '12/3')).toEqual({ kind: 'canceled' });
    expect(calls[0][0]).toBe('http://x/v1/shipments/12%2F3');
    expect(calls[0][1]).toMatchObject({ method: 'DELETE', headers: { Authorization: 'Bearer t0k' } });
    expect(await adapter.cancel('http://x', {}, '1')).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
    expect(calls).toHaveLength(1);
  });
});
