import { MESSAGES, PARCEL_VIEW_EXAMPLE } from '@depot/contracts';
import { expectError } from '../expectations';
import { parcelBody, startParcelsKit, type ParcelsKit } from './parcels.kit';

const LIMIT = 3;
const WINDOW = 60;

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { headers?: object; content?: Record<string, { example?: unknown }> }>;
}

/**
 * The parcel endpoints under the per-key rate limit (a low limit from the environment), and their OpenAPI
 * description: the key scheme, Idempotency-Key on create and return, examples from the contracts (decision 0086).
 */
describe('external API: parcels rate limit and OpenAPI', () => {
  let k: ParcelsKit;
  beforeAll(async () => {
    k = await startParcelsKit({ API_KEY_RATE_LIMIT: `${LIMIT}/${WINDOW}` });
  });
  afterAll(async () => {
    await k.close();
  });

  it('a key over its budget gets 429 with Retry-After on every parcel call; nothing is created', async () => {
    const c = await k.newClient();
    const key = { apiKey: c.apiKey };
    const p = await k.created(c.id);
    const calls = [
      () => k.t.http().get(`/api/order/${p.id}`).set(k.auth(key)),
      () => k.t.http().post('/api/order/get/list').set(k.auth(key)).send({}),
      () => k.t.http().post('/api/order/deleteShipment').set(k.auth(key)).send({ id: p.id }),
    ];
    for (const call of calls) expect((await call()).status).toBeLessThan(300);

    const refused = [
      await k.create(key, parcelBody()),
      await k.t.http().get(`/api/order/${p.id}`).set(k.auth(key)),
      await k.t.http().post('/api/order/generateLabelsForSinglePackage').set(k.auth(key)).send({ id: p.id }),
    ];
    for (const res of refused) {
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW);
      expectError(res, 429, 'TooManyRequests', MESSAGES.apiKeyRateLimited(LIMIT, WINDOW, retryAfter));
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
    }
    const [count] = await k.query<{ n: number }>(
      'select count(*)::int as n from parcels where client_id = $1',
      [c.id],
    );
    expect(count.n).toBe(1);
    // The panel (a signed-in user of the same client) is not limited by the key's budget.
    expect((await k.create({ token: c.userToken }, parcelBody())).status).toBe(201);
  });

  describe('OpenAPI', () => {
    let paths: Record<string, Record<string, Operation>>;
    beforeAll(async () => {
      paths = (await k.t.http().get('/api/docs-json')).body.paths;
    });
    const keyScheme = expect.arrayContaining([{ apiKey: [] }]);

    it.each([
      ['/api/order/create', 'post'],
      ['/api/order/{id}', 'get'],
      ['/api/order/{id}', 'put'],
      ['/api/order/get/list', 'post'],
      ['/api/order/deleteShipment', 'post'],
      ['/api/order/{id}/return', 'post'],
      ['/api/order/generateLabelsForSinglePackage', 'post'],
    ])('%s %s is open to keys, with the 401 and 429 replies', (path, method) => {
      const op = paths[path][method];
      expect(op.security).toEqual(keyScheme);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '429']));
    });

    it('the panel-only calls are not', () => {
      for (const op of [paths['/api/order/massAction'].post, paths['/api/order/{id}/status'].put])
        expect(op.security ?? []).not.toEqual(keyScheme);
    });

    it('create and return take an Idempotency-Key; create shows the contracts’ examples', () => {
      for (const op of [paths['/api/order/create'].post, paths['/api/order/{id}/return'].post]) {
        expect(op.parameters).toContainEqual(
          expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }),
        );
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
      }
      const create = paths['/api/order/create'].post;
      const body = create.requestBody?.content['application/json'].examples?.example.value;
      expect(body).toMatchObject({ referenceNumber: 'SHOP-100231', destinationAddress: { country: 'DE' } });
      expect(create.responses['201'].content?.['application/json'].example).toEqual(PARCEL_VIEW_EXAMPLE);
      const list = paths['/api/order/get/list'].post;
      expect(list.responses['200'].content?.['application/json'].example).toMatchObject({
        nextCursor: expect.any(String),
        total: expect.any(Number),
      });
    });

    it('the label reply is a PDF or ZPL file', () => {
      const op = paths['/api/order/generateLabelsForSinglePackage'].post;
      expect(Object.keys(op.responses['200'].content ?? {})).toEqual(['application/pdf', 'application/zpl']);
    });
  });
});
