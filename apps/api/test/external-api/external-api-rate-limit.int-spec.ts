import { MESSAGES } from '@depot/contracts';
import type { Response } from 'supertest';
import { serverUrl, startTestDepot, type TestDepot } from '../harness';
import { expectError } from '../expectations';
import { runs, TestExternalApiModule } from './external-api.kit';

/** The per-API-key rate limit (decision 0060): a low limit, three calls per minute. */

const LIMIT = 3;
const WINDOW = 60;

const expectBudget = (res: Response, remaining: number) => {
  expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
  expect(res.headers['x-ratelimit-remaining']).toBe(String(remaining));
  const reset = Number(res.headers['x-ratelimit-reset']);
  expect(reset).toBeGreaterThanOrEqual(1);
  expect(reset).toBeLessThanOrEqual(WINDOW);
};

describe('per-API-key rate limit', () => {
  let t: TestDepot;
  let clientId: string;
  let userToken: string;
  const ping = (apiKey: string) => t.http().get('/api/test-external/ping').set('X-Api-Key', apiKey);

  beforeAll(async () => {
    t = await startTestDepot(
      { API_KEY_RATE_LIMIT: `${LIMIT}/${WINDOW}` },
      { extraModules: [TestExternalApiModule] },
    );
    const user = await t.userWithToken('user');
    clientId = user.clientId!;
    userToken = user.token;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    runs.ping = 0;
  });

  it('every call made with a key carries the budget; the call over it gets 429 with Retry-After and does not run', async () => {
    const key = await t.createApiKey(clientId);
    for (let i = 1; i <= LIMIT; i++) {
      const res = await ping(key);
      expect(res.status).toBe(200);
      expectBudget(res, LIMIT - i);
      expect(res.headers['retry-after']).toBeUndefined();
    }
    const over = await ping(key);
    const retryAfter = Number(over.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    expectError(over, 429, 'TooManyRequests', MESSAGES.apiKeyRateLimited(LIMIT, WINDOW, retryAfter));
    expectBudget(over, 0);
    expect(runs.ping).toBe(LIMIT);
  });

  it('another key, of the same client or another, has its own budget', async () => {
    const used = await t.createApiKey(clientId);
    for (let i = 0; i <= LIMIT; i++) await ping(used);
    expect((await ping(used)).status).toBe(429);

    const sameClient = await t.createApiKey(clientId);
    const otherClient = await t.createApiKey(await t.createClient());
    for (const key of [sameClient, otherClient]) {
      const res = await ping(key);
      expect(res.status).toBe(200);
      expectBudget(res, LIMIT - 1);
    }
  });

  it('every route counts, invalid calls made with a valid key too', async () => {
    const key = await t.createApiKey(clientId);
    const create = await t.http().post('/api/test-external/create').set('X-Api-Key', key).send({});
    expect(create.status).toBe(400);
    expectBudget(create, LIMIT - 1);
    const current = await t.http().get('/api/apiKey/get/current').set('X-Api-Key', key);
    expect(current.status).toBe(200);
    expectBudget(current, LIMIT - 2);
  });

  it('signed-in users (the panel) are not limited and get no rate-limit headers', async () => {
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await t.http().get('/api/test-external/ping').set('Authorization', `Bearer ${userToken}`);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('an unknown key is refused (401) without touching any budget', async () => {
    const res = await ping('dpk_unknown');
    expectError(res, 401, 'Unauthorized', MESSAGES.notSignedIn);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('a deactivated key is refused (401) without rate-limit headers', async () => {
    const res = await ping(await t.createApiKey(clientId, false));
    expect(res.status).toBe(401);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  if (serverUrl()) {
    it('on a PostgreSQL server the budget is shared by every instance', async () => {
      const second = await startTestDepot(
        { API_KEY_RATE_LIMIT: `${LIMIT}/${WINDOW}` },
        { extraModules: [TestExternalApiModule], sameDatabaseAs: t },
      );
      try {
        const key = await t.createApiKey(clientId);
        expectBudget(await ping(key), LIMIT - 1);
        const res = await second.http().get('/api/test-external/ping').set('X-Api-Key', key);
        expectBudget(res, LIMIT - 2);
        expect((await ping(key)).status).toBe(200);
        expect((await second.http().get('/api/test-external/ping').set('X-Api-Key', key)).status).toBe(429);
      } finally {
        await second.close();
      }
    });
  }
});
