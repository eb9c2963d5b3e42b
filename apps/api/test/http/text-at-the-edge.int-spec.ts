import { MAX_INPUT_DEPTH, MAX_TEXT_LENGTH, MESSAGES } from '@depot/contracts';
import { ADMIN, startTestDepot, type TestDepot } from '../harness';

/**
 * Issue 11: text is checked once, at the edge (libs/contracts text.ts, common/edge-input.ts), after the guard:
 * NUL, lone surrogates, over-long strings and absurd nesting get a 400 naming the field, in bodies, query strings
 * and paths alike, and nothing is stored.
 */
describe('text at the edge', () => {
  let t: TestDepot;
  let admin: string;
  let clientUser: { token: string; clientId: string | null };

  beforeAll(async () => {
    t = await startTestDepot();
    admin = await t.signIn(ADMIN.email, ADMIN.password);
    clientUser = await t.userWithToken('user');
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (token: string) => ({
    post: (path: string, body: unknown) =>
      t
        .http()
        .post(path)
        .set('Authorization', `Bearer ${token}`)
        .send(body as object),
    put: (path: string, body: unknown) =>
      t
        .http()
        .put(path)
        .set('Authorization', `Bearer ${token}`)
        .send(body as object),
    get: (path: string) => t.http().get(path).set('Authorization', `Bearer ${token}`),
  });

  const expectTextError = (
    res: { status: number; body: Record<string, unknown> },
    path: string,
    message: string,
  ) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'ValidationError',
      message,
      details: [{ path, message }],
    });
  };

  const userCount = async () =>
    Number((await t.depot.runtime.pool.query<{ n: string }>('select count(*) n from users')).rows[0].n);

  it.each([
    ['a NUL', 'Ja\u0000n'],
    ['a lone high surrogate', 'Jan \ud800'],
    ['a lone low surrogate', '\udc00Jan'],
  ])('a create with %s in a text field is refused naming the field, and stores nothing', async (_, bad) => {
    const before = await userCount();
    const res = await as(admin).post('/api/user/create', {
      firstName: bad,
      lastName: 'Kowalski',
      emailAddress: `edge-${Date.now()}@test.depot`,
      password: 'a-good-password-1',
      confirmPassword: 'a-good-password-1',
      role: 'operator',
      language: 'pl',
    });
    expectTextError(res, 'firstName', MESSAGES.textNotStorable('firstName'));
    expect(await userCount()).toBe(before);
  });

  it('an over-long string anywhere in a body is refused with the limit named', async () => {
    const res = await as(admin).post('/api/client/create', { note: 'x'.repeat(MAX_TEXT_LENGTH + 1) });
    expectTextError(res, 'note', MESSAGES.textTooLong('note', MAX_TEXT_LENGTH));
  });

  it('nesting deeper than the limit is refused', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH + 2; i++) deep = { filters: deep };
    const res = await as(admin).post('/api/user/get/list', deep);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.inputTooDeep(res.body.details[0].path));
  });

  it('a bad key is named without its bad character', async () => {
    const res = await as(admin).post('/api/user/get/list', { filters: { 'se\u0000arch': 'x' } });
    expectTextError(res, 'filters.se\\u0000arch', MESSAGES.textNotStorable('filters.se\\u0000arch'));
  });

  it('query strings and path parameters follow the same rule', async () => {
    const query = await as(admin).get('/api/clientGroup/get/group?search=a%00b');
    expectTextError(query, 'search', MESSAGES.textNotStorable('search'));
    const param = await as(admin).get('/api/user/%00');
    expectTextError(param, 'userId', MESSAGES.textNotStorable('userId'));
  });

  it('list searches of every kind refuse NUL (parcels as a client user, users, clients)', async () => {
    for (const [path, body] of [
      ['/api/order/get/list', { filters: { search: 'a\u0000' } }],
      ['/api/user/get/list', { filters: { search: 'a\u0000' } }],
      ['/api/client/get/list', { filters: { search: 'a\u0000' } }],
    ] as const) {
      const token = path.startsWith('/api/order') ? clientUser.token : admin;
      const res = await as(token).post(path, body);
      expectTextError(res, 'filters.search', MESSAGES.textNotStorable('filters.search'));
    }
  });

  it('the guard speaks first: no credentials → 401 and no permission → 403, whatever the body', async () => {
    const anonymous = await t.http().post('/api/user/create').send({ firstName: 'a\u0000' });
    expect(anonymous.status).toBe(401);
    const refused = await as(clientUser.token).post('/api/user/create', { firstName: 'a\u0000' });
    expect(refused.status).toBe(403);
    const malformed = await t
      .http()
      .post('/api/user/create')
      .set('Content-Type', 'application/json')
      .send('{"firstName": ');
    expect(malformed.status).toBe(401);
    const malformedAsClient = await t
      .http()
      .post('/api/user/create')
      .set('Authorization', `Bearer ${clientUser.token}`)
      .set('Content-Type', 'application/json')
      .send('{"firstName": ');
    expect(malformedAsClient.status).toBe(403);
    const malformedAsAdmin = await t
      .http()
      .post('/api/user/create')
      .set('Authorization', `Bearer ${admin}`)
      .set('Content-Type', 'application/json')
      .send('{"firstName": ');
    expect(malformedAsAdmin.status).toBe(400);
    expect(malformedAsAdmin.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
  });

  it('good Polish text and emoji pass untouched', async () => {
    const res = await as(admin).put(`/api/user/${(await t.createUser('operator')).id}`, {
      firstName: 'Zażółć 📦',
    });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('Zażółć 📦');
  });
});
