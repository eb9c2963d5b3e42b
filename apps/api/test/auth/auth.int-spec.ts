import { MESSAGES } from '@depot/contracts';
import { ADMIN, startTestDepot, type TestDepot } from '../harness';

describe('sign-in and sessions', () => {
  let t: TestDepot;
  beforeAll(async () => {
    t = await startTestDepot();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in the configured superAdmin with a 24-hour token', async () => {
    const before = Date.now();
    const res = await t
      .http()
      .post('/api/auth/email')
      .send({ email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    const validUntil = new Date(res.body.validUntil).getTime();
    expect(validUntil - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(validUntil - before).toBeLessThanOrEqual(86_400_000 + 5000);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401 message', async () => {
    const wrong = await t
      .http()
      .post('/api/auth/email')
      .send({ email: ADMIN.email, password: 'not-the-password' });
    const unknown = await t
      .http()
      .post('/api/auth/email')
      .send({ email: 'nobody@test.depot', password: 'whatever-123' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: MESSAGES.invalidCredentials,
      });
    }
  });

  it.each([
    [{}, MESSAGES.validation.emailRequired],
    [{ email: '', password: 'x' }, MESSAGES.validation.emailRequired],
    [{ email: 'not-an-email', password: 'x' }, MESSAGES.validation.emailInvalid],
    [{ email: 'a@b.pl' }, MESSAGES.validation.passwordRequired],
  ])('validates the sign-in body %j', async (body, message) => {
    const res = await t.http().post('/api/auth/email').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('accepts the Bearer header and the xSessionToken cookie', async () => {
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    const bearer = await t.http().get('/api/user/get/current').set('Authorization', `Bearer ${token}`);
    expect(bearer.status).toBe(200);
    expect(bearer.body.email).toBe(ADMIN.email);
    const cookie = await t.http().get('/api/user/get/current').set('Cookie', `xSessionToken=${token}`);
    expect(cookie.status).toBe(200);
  });

  it('refuses a cookie-only state change from another origin', async () => {
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    const res = await t
      .http()
      .post('/api/user/get/list')
      .set('Cookie', `xSessionToken=${token}`)
      .set('Origin', 'http://evil.example')
      .send({});
    expect(res.status).toBe(403);
    const same = await t
      .http()
      .post('/api/user/get/list')
      .set('Cookie', `xSessionToken=${token}`)
      .set('Origin', t.url)
      .send({});
    expect(same.status).toBe(200);
  });

  it('refuses calls without a token, with a garbage token', async () => {
    expect((await t.http().get('/api/user/get/current')).status).toBe(401);
    const res = await t.http().get('/api/user/get/current').set('Authorization', 'Bearer nope');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.notSignedIn);
  });

  it('sign-out revokes the session', async () => {
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    const out = await t.http().post('/api/auth/signout').set('Authorization', `Bearer ${token}`);
    expect(out.status).toBe(200);
    expect((await t.http().get('/api/user/get/current').set('Authorization', `Bearer ${token}`)).status).toBe(
      401,
    );
  });

  it('refuses an expired session', async () => {
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    await t.depot.runtime.pool.query(
      `update sessions set expires_at = now() - interval '1 second' where revoked_at is null and expires_at > now()`,
    );
    expect((await t.http().get('/api/user/get/current').set('Authorization', `Bearer ${token}`)).status).toBe(
      401,
    );
  });

  it('refuses a deactivated user and a user of an inactive client', async () => {
    const inactive = await t.createUser('admin', { active: false });
    const res = await t
      .http()
      .post('/api/auth/email')
      .send({ email: inactive.email, password: 'test-password-123' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.accountInactive);

    const clientId = await t.createClient({ active: false });
    const clientUser = await t.createUser('user', { clientId });
    const res2 = await t
      .http()
      .post('/api/auth/email')
      .send({ email: clientUser.email, password: 'test-password-123' });
    expect(res2.status).toBe(401);
    expect(res2.body.message).toBe(MESSAGES.clientInactive);
  });

  it('answers every call of a disableAccess client with the access-disabled error, but lets it sign out', async () => {
    const clientId = await t.createClient({ disableAccess: true });
    const u = await t.createUser('user', { clientId });
    const token = await t.signIn(u.email);
    const res = await t.http().get('/api/user/get/current').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, error: 'AccessDisabled', message: MESSAGES.accessDisabled });
    const list = await t
      .http()
      .put(`/api/user/${u.id}/`)
      .set('Authorization', `Bearer ${token}`)
      .send({ lang: 'pl' });
    expect(list.body.error).toBe('AccessDisabled');
    expect((await t.http().post('/api/auth/signout').set('Authorization', `Bearer ${token}`)).status).toBe(
      200,
    );
  });

  it('a client losing access mid-session gets access-disabled on the next call', async () => {
    const { token, clientId } = await t.userWithToken('user');
    expect((await t.http().get('/api/user/get/current').set('Authorization', `Bearer ${token}`)).status).toBe(
      200,
    );
    await t.depot.runtime.pool.query('update clients set disable_access = true where id = $1', [clientId]);
    const res = await t.http().get('/api/user/get/current').set('Authorization', `Bearer ${token}`);
    expect(res.body.error).toBe('AccessDisabled');
  });

  it('API keys are refused on routes meant for signed-in users, and bad keys are 401', async () => {
    const clientId = await t.createClient();
    const key = await t.createApiKey(clientId);
    const res = await t.http().get('/api/user/get/current').set('X-Api-Key', key);
    expect(res.status).toBe(403);
    const bad = await t.http().get('/api/user/get/current').set('X-Api-Key', 'dpk_wrong');
    expect(bad.status).toBe(401);
    const inactive = await t.createApiKey(clientId, false);
    expect((await t.http().get('/api/user/get/current').set('X-Api-Key', inactive)).status).toBe(401);
  });

  it('limits failed sign-ins per e-mail: the 11th attempt in 15 minutes gets 429', async () => {
    const u = await t.createUser('operator');
    for (let i = 0; i < 10; i++) {
      const res = await t.http().post('/api/auth/email').send({ email: u.email, password: 'wrong-password' });
      expect(res.status).toBe(401);
    }
    const blocked = await t
      .http()
      .post('/api/auth/email')
      .send({ email: u.email, password: 'test-password-123' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/);
  });

  it('limits failed sign-ins per IP address across e-mails', async () => {
    // 30 failures from one address (spread over e-mails so the per-e-mail limit is not the one hit).
    for (let i = 0; i < 30; i++) {
      await t
        .http()
        .post('/api/auth/email')
        .send({ email: `spray-${i}@test.depot`, password: 'wrong-password' });
    }
    const res = await t.http().post('/api/auth/email').send({ email: ADMIN.email, password: ADMIN.password });
    expect(res.status).toBe(429);
  });
});
