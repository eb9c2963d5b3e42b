import { IDEMPOTENCY_KEY_HEADER, MESSAGES } from '@depot/contracts';
import { randomUUID } from 'node:crypto';
import { IdempotencyService } from '../../src/modules/external-api/idempotency.service';
import { requestFingerprint } from '../../src/modules/external-api/request-fingerprint';
import { startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { Gate, gates, runs, TEST_REFERENCE_REQUIRED, TestExternalApiModule } from './external-api.kit';

/** Idempotency-Key on API-key POSTs (decision 0061), proven on a test-only controller that counts its runs. */

describe('Idempotency-Key', () => {
  let t: TestDepot;
  let key: string;
  let apiKeyId: string;
  let otherKey: string;
  let userToken: string;

  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(text, params)).rows;
  const post = (path: string, body: object, idem?: string, apiKey = key) => {
    const req = t.http().post(`/api/test-external/${path}`).set('X-Api-Key', apiKey);
    if (idem !== undefined) req.set(IDEMPOTENCY_KEY_HEADER, idem);
    return req.send(body);
  };
  const create = (body: object, idem?: string, apiKey = key) => post('create', body, idem, apiKey);
  const stored = (idem: string) =>
    query<{ request_hash: string; response_status: number; response_body: unknown }>(
      'select request_hash, response_status, response_body from idempotency_keys where api_key_id = $1 and key = $2',
      [apiKeyId, idem],
    );
  const insertRow = (
    idem: string,
    status: number,
    age: string,
    body: unknown = null,
    hash = 'f'.repeat(64),
  ) =>
    query(
      `insert into idempotency_keys (api_key_id, key, request_hash, response_status, response_body, created_at)
       values ($1, $2, $3, $4, $5::jsonb, now() - $6::interval)`,
      [apiKeyId, idem, hash, status, JSON.stringify(body), age],
    );

  beforeAll(async () => {
    t = await startTestDepot({}, { extraModules: [TestExternalApiModule] });
    const user = await t.userWithToken('user');
    userToken = user.token;
    key = await t.createApiKey(user.clientId!);
    [{ id: apiKeyId }] = await query<{ id: string }>('select id from api_keys where client_id = $1', [
      user.clientId,
    ]);
    otherKey = await t.createApiKey(await t.createClient());
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    runs.create = 0;
    runs.plain = 0;
  });

  it('without the header every call runs', async () => {
    expect((await create({ reference: 'A' })).status).toBe(201);
    const second = await create({ reference: 'A' });
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.create).toBe(2);
  });

  it('the first call runs and is stored; a repeat gets the same status and body, marked replayed', async () => {
    const idem = randomUUID();
    const first = await create({ reference: 'B', weightKg: 2 }, idem);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create({ reference: 'B', weightKg: 2 }, idem);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(runs.create).toBe(1);
    expect(await stored(idem)).toEqual([
      {
        request_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        response_status: 201,
        response_body: first.body,
      },
    ]);
  });

  it('the same body with its keys in another order is the same request', async () => {
    const idem = randomUUID();
    const first = await create({ reference: 'C', weightKg: 3 }, idem);
    const again = await create({ weightKg: 3, reference: 'C' }, idem);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(runs.create).toBe(1);
  });

  it('the same key with another body is refused with 422 and runs nothing', async () => {
    const idem = randomUUID();
    const first = await create({ reference: 'D' }, idem);
    const res = await create({ reference: 'D2' }, idem);
    expectError(res, 422, 'Unprocessable Entity', MESSAGES.idempotencyKeyReused);
    expect(runs.create).toBe(1);
    expect((await stored(idem))[0].response_body).toEqual(first.body);
  });

  it('the same key on another route is another request: 422', async () => {
    const idem = randomUUID();
    await create({ reference: 'E' }, idem);
    expectError(
      await post('touch', { reference: 'E' }, idem),
      422,
      'Unprocessable Entity',
      MESSAGES.idempotencyKeyReused,
    );
  });

  it("keys belong to one API key: another client's key with the same Idempotency-Key runs on its own", async () => {
    const idem = randomUUID();
    const mine = await create({ reference: 'F' }, idem);
    const theirs = await create({ reference: 'F' }, idem, otherKey);
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.clientId).not.toBe(mine.body.clientId);
    expect(runs.create).toBe(2);
  });

  it.each<[string, string]>([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with a space', 'my key'],
    ['not ASCII', 'przesy\u00e9ka-1'],
  ])('an Idempotency-Key header that is %s: 400, nothing runs or is stored', async (_label, idem) => {
    const res = await create({ reference: 'G' }, idem);
    expectError(res, 400, 'Bad Request', MESSAGES.idempotencyKeyInvalid);
    expect(runs.create).toBe(0);
    expect(await query('select 1 from idempotency_keys where key = $1', [idem])).toEqual([]);
  });

  it('255 visible ASCII characters are a valid key', async () => {
    const idem = `~${randomUUID()}`.padEnd(255, '!');
    expect((await create({ reference: 'H' }, idem)).status).toBe(201);
    expect((await create({ reference: 'H' }, idem)).headers['idempotent-replayed']).toBe('true');
  });

  it('a refusal by the handler (4xx) is the answer: stored and replayed', async () => {
    const idem = randomUUID();
    expectError(await create({ reference: 'I', fail: 'refuse' }, idem), 404, 'Not Found', MESSAGES.notFound);
    const again = await create({ reference: 'I', fail: 'refuse' }, idem);
    expectError(again, 404, 'Not Found', MESSAGES.notFound);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(runs.create).toBe(1);
    expect((await stored(idem))[0].response_status).toBe(404);
  });

  it('invalid input (400) is stored with its details and replayed', async () => {
    const idem = randomUUID();
    expectValidation(await create({ reference: '' }, idem), TEST_REFERENCE_REQUIRED, 'reference');
    const again = await create({ reference: '' }, idem);
    expectValidation(again, TEST_REFERENCE_REQUIRED, 'reference');
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('a failed handler (500) gives the key back: the retry runs', async () => {
    const idem = randomUUID();
    expectError(
      await create({ reference: 'J', fail: 'crash' }, idem),
      500,
      'Internal Server Error',
      MESSAGES.serverError,
    );
    expect(await stored(idem)).toEqual([]);
    const retry = await create({ reference: 'J', fail: 'crash' }, idem);
    expect(retry.status).toBe(500);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.create).toBe(2);
  });

  it('a duplicate while the first call still runs gets 409; once it is done, repeats replay it', async () => {
    const idem = randomUUID();
    const gate = (gates.current = new Gate());
    const first = create({ reference: 'K', wait: true }, idem).then((r) => r);
    await gate.started;
    expect((await stored(idem))[0].response_status).toBe(0);
    const duplicate = await create({ reference: 'K', wait: true }, idem);
    expectError(duplicate, 409, 'Conflict', MESSAGES.idempotencyKeyInProgress);
    gate.open();
    const done = await first;
    expect(done.status).toBe(201);
    const later = await create({ reference: 'K', wait: true }, idem);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body).toEqual(done.body);
    expect(runs.create).toBe(1);
    gates.current = null;
  });

  it('an empty (204) reply is stored and replayed empty', async () => {
    const idem = randomUUID();
    expect((await post('touch', {}, idem)).status).toBe(204);
    const again = await post('touch', {}, idem);
    expect(again.status).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(runs.create).toBe(1);
  });

  it('a key older than 24 hours has expired: the call runs as new', async () => {
    const idem = randomUUID();
    await insertRow(idem, 201, '25 hours', { old: true });
    const res = await create({ reference: 'L' }, idem);
    expect(res.status).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.create).toBe(1);
    expect((await stored(idem))[0].response_body).toEqual(res.body);
  });

  it('a key still pending after 5 minutes (its process died) is taken over', async () => {
    const idem = randomUUID();
    await insertRow(
      idem,
      0,
      '6 minutes',
      null,
      requestFingerprint('POST', '/api/test-external/create', { reference: 'M' }),
    );
    expect((await create({ reference: 'M' }, idem)).status).toBe(201);
    expect(runs.create).toBe(1);
  });

  it('a key pending for less than that is still in progress: 409', async () => {
    const idem = randomUUID();
    await insertRow(
      idem,
      0,
      '1 minute',
      null,
      requestFingerprint('POST', '/api/test-external/create', { reference: 'N' }),
    );
    expectError(await create({ reference: 'N' }, idem), 409, 'Conflict', MESSAGES.idempotencyKeyInProgress);
    expect(runs.create).toBe(0);
  });

  it('the sweep deletes expired keys and keeps the others', async () => {
    const [old, fresh] = [randomUUID(), randomUUID()];
    await insertRow(old, 201, '24 hours 1 minute');
    await insertRow(fresh, 201, '23 hours');
    expect(await t.depot.app.get(IdempotencyService).sweepNow()).toBeGreaterThanOrEqual(1);
    expect(await stored(old)).toEqual([]);
    expect(await stored(fresh)).toHaveLength(1);
  });

  it('a signed-in user (the panel) is not affected: the header is ignored and nothing is stored', async () => {
    const idem = randomUUID();
    const call = () =>
      t
        .http()
        .post('/api/test-external/create')
        .set('Authorization', `Bearer ${userToken}`)
        .set(IDEMPOTENCY_KEY_HEADER, idem)
        .send({ reference: 'O' });
    expect((await call()).status).toBe(201);
    expect((await call()).headers['idempotent-replayed']).toBeUndefined();
    expect(runs.create).toBe(2);
    expect(await query('select 1 from idempotency_keys where key = $1', [idem])).toEqual([]);
  });

  it('a route without @Idempotent() ignores the header', async () => {
    const idem = randomUUID();
    expect((await post('plain', {}, idem)).body).toEqual({ run: 1 });
    expect((await post('plain', {}, idem)).body).toEqual({ run: 2 });
  });

  it('an unknown API key is refused before anything is stored', async () => {
    const idem = randomUUID();
    const res = await create({ reference: 'P' }, idem, 'dpk_not-a-real-key');
    expectError(res, 401, 'Unauthorized', MESSAGES.notSignedIn);
    expect(await query('select 1 from idempotency_keys where key = $1', [idem])).toEqual([]);
  });
});
