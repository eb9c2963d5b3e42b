import { MESSAGES } from '@depot/contracts';
import { expectError } from '../expectations';
import { parcelBody, startParcelsKit, UNKNOWN_ID, type ParcelsKit } from '../parcels/parcels.kit';

/**
 * Issue 11: a caller who may not act on a route hears so before its body is looked at — 403 for a role the route's
 * path refuses, 404 for another client's row — and a bad body is the business of callers who may call it.
 */
describe('refuse before validating', () => {
  let k: ParcelsKit;
  const bad = { weightKg: { not: 'a weight' }, content: 42, unknownField: true };

  beforeAll(async () => {
    k = await startParcelsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it("another client's parcel is not found, whatever the body; one's own parcel gets the validation error", async () => {
    const theirs = await k.created(k.other.id);
    const mine = await k.created(k.own.id);
    for (const who of [{ token: k.own.userToken }, { apiKey: k.own.apiKey }]) {
      const res = await k.t.http().put(`/api/order/${theirs.id}`).set(k.auth(who)).send(bad);
      expectError(res, 404, 'Not Found', MESSAGES.parcelNotFound);
      const missing = await k.t.http().put(`/api/order/${UNKNOWN_ID}`).set(k.auth(who)).send(bad);
      expectError(missing, 404, 'Not Found', MESSAGES.parcelNotFound);
    }
    const own = await k.t.http().put(`/api/order/${mine.id}`).set(k.auth('user')).send(bad);
    expect(own.status).toBe(400);
    // Staff may edit any parcel: their bad body is a validation error.
    const staff = await k.t.http().put(`/api/order/${theirs.id}`).set(k.auth('admin')).send(bad);
    expect(staff.status).toBe(400);
    // And a good edit of one's own parcel still works.
    const good = await k.t.http().put(`/api/order/${mine.id}`).set(k.auth('user')).send({ content: 'Maps' });
    expect(good.status).toBe(200);
  });

  it("another client's API key and integration are not found, whatever the body", async () => {
    const key = await k.t
      .http()
      .post('/api/apiKey/create')
      .set(k.auth({ token: k.other.userToken }))
      .send({ name: 'theirs' });
    expect(key.status).toBe(201);
    const keyEdit = await k.t.http().put(`/api/apiKey/${key.body.id}`).set(k.auth('user')).send({ name: 42 });
    expectError(keyEdit, 404, 'Not Found', MESSAGES.apiKeyNotFound);

    const integration = await k.t
      .http()
      .post('/api/integration/create')
      .set(k.auth({ token: k.other.userToken }))
      .send({ name: 'Shop', type: 'shopify', key: 'secret-key' });
    expect(integration.status).toBe(201);
    const integrationEdit = await k.t
      .http()
      .put(`/api/integration/${integration.body.id}`)
      .set(k.auth('user'))
      .send({ type: 'no such type' });
    expectError(integrationEdit, 404, 'Not Found', MESSAGES.integrationNotFound);
  });

  it('a mass export of a list the role may not read is 403 before its body is read', async () => {
    // operator reads matrices and operators but not clients; salesman exports clients but reads no matrices.
    const operator = await k.t
      .http()
      .post('/api/client/mass/action')
      .set(k.auth('operator'))
      .send({ actionName: 42 });
    expectError(operator, 403, 'Forbidden', MESSAGES.forbidden);
    const salesman = await k.t
      .http()
      .post('/api/matrix/export/selectedRoutingsExportToXls')
      .set(k.auth('salesman'))
      .send({ selection: 'nonsense' });
    expectError(salesman, 403, 'Forbidden', MESSAGES.forbidden);
    const unknownList = await k.t
      .http()
      .post('/api/nothing/mass/action')
      .set(k.auth('admin'))
      .send({ actionName: 42 });
    expect(unknownList.status).toBe(404);
    // A role that may export the list gets the validation error for the same body.
    const admin = await k.t
      .http()
      .post('/api/client/mass/action')
      .set(k.auth('admin'))
      .send({ actionName: 42 });
    expect(admin.status).toBe(400);
  });

  it("a user one may not see is not found, whatever the body; one's own account gets the validation error", async () => {
    for (const who of ['user', 'operator', 'magazyn'] as const) {
      const res = await k.t.http().put(`/api/user/${k.ids.admin}`).set(k.auth(who)).send({ firstName: 42 });
      expectError(res, 404, 'Not Found', MESSAGES.userNotFound);
    }
    const otherClient = await k.t
      .http()
      .put(`/api/client/${k.other.id}/user/${k.own.userId}`)
      .set(k.auth('admin'))
      .send({ lang: 42 });
    expectError(otherClient, 404, 'Not Found', MESSAGES.userNotFound);
    const notAnId = await k.t.http().put('/api/user/not-an-id').set(k.auth('user')).send({ firstName: 42 });
    expectError(notAnId, 404, 'Not Found', MESSAGES.userNotFound);
    const own = await k.t.http().put(`/api/user/${k.own.userId}`).set(k.auth('user')).send({ firstName: 42 });
    expect(own.status).toBe(400);
    const ownClient = await k.t
      .http()
      .put(`/api/client/${k.own.id}/user/${k.own.userId}`)
      .set(k.auth('user'))
      .send({ lang: 'pl' });
    expect(ownClient.status).toBe(200);
  });

  it('creating a parcel still validates as before', async () => {
    const res = await k.create('user', parcelBody({ weightKg: 'heavy' }));
    expect(res.status).toBe(400);
  });
});
