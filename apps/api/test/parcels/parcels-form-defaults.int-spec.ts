import { MESSAGES, type NewParcelDefaults, type Role } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { startParcelsKit, UNKNOWN_ID, type ParcelsKit } from './parcels.kit';

/**
 * GET /api/order/create/defaults (decision 0075): what the parcel form pre-fills for a client and whether it may
 * order. Staff name the client; a client user reads its own only.
 */
describe('GET /api/order/create/defaults', () => {
  let k: ParcelsKit;
  let filled: { id: string; userToken: string };
  const settings = {
    content: 'Książki',
    sizeL: 40,
    sizeW: 30,
    sizeD: 20,
    value: '150.00',
    valueCurrency: 'PLN',
    weightKg: '2.500',
  };
  const pickup = {
    name: 'Magazyn Łódź',
    street: 'Piotrkowska',
    building: '1',
    city: 'Łódź',
    zipCode: '90-001',
    country: 'PL',
    phone: '+48 600 000 001',
    email: 'magazyn@example.pl',
  };

  const get = (who: Parameters<ParcelsKit['auth']>[0], query = '') =>
    k.t.http().get(`/api/order/create/defaults${query}`).set(k.auth(who));

  beforeAll(async () => {
    k = await startParcelsKit();
    const c = await k.newClient({
      parcelSettings: settings,
      defaultAddress: pickup,
      defaultPhoneShipping: '+48 600 100 200',
      defaultEmailShipping: 'wysylki@example.pl',
    });
    filled = { id: c.id, userToken: c.userToken };
  });
  afterAll(async () => {
    await k.close();
  });

  it.each<Role>(['superAdmin', 'admin', 'operator'])("gives %s the named client's defaults", async (role) => {
    const res = await get(role, `?clientId=${filled.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual<NewParcelDefaults>({
      clientId: filled.id,
      ordersBlocked: false,
      numberingProblem: null,
      parcelSettings: settings,
      pickupAddress: pickup,
      defaultPhoneShipping: '+48 600 100 200',
      defaultEmailShipping: 'wysylki@example.pl',
    });
  });

  it('gives a client user its own client, with or without naming it', async () => {
    for (const query of ['', `?clientId=${filled.id}`]) {
      const res = await get({ token: filled.userToken }, query);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ clientId: filled.id, pickupAddress: pickup });
    }
  });

  it("answers a client user probing another client's id as a missing client", async () => {
    expectError(await get('user', `?clientId=${filled.id}`), 404, 'Not Found', MESSAGES.clientNotFound);
    expectError(await get('user', `?clientId=${UNKNOWN_ID}`), 404, 'Not Found', MESSAGES.clientNotFound);
  });

  it('a client without settings gives nulls', async () => {
    const res = await get('admin', `?clientId=${k.other.id}`);
    expect(res.body).toMatchObject({
      clientId: k.other.id,
      parcelSettings: null,
      pickupAddress: null,
      defaultPhoneShipping: null,
      defaultEmailShipping: null,
    });
  });

  it('tells that ordering is blocked, by the client or by the user', async () => {
    const blockedClient = await k.newClient({ disableNewOrders: true });
    expect((await get('admin', `?clientId=${blockedClient.id}`)).body.ordersBlocked).toBe(true);
    expect((await get({ token: blockedClient.userToken })).body.ordersBlocked).toBe(true);
    const blockedUser = await k.newClient();
    await k.query('update users set disable_new_orders = true where id = $1', [blockedUser.userId]);
    expect((await get({ token: blockedUser.userToken })).body.ordersBlocked).toBe(true);
    expect((await get('admin', `?clientId=${blockedUser.id}`)).body.ordersBlocked).toBe(false);
  });

  it('tells that a client without a prefix cannot number parcels', async () => {
    const id = await k.t.createClient();
    const res = await get('admin', `?clientId=${id}`);
    expect(res.body).toMatchObject({
      ordersBlocked: false,
      numberingProblem: MESSAGES.parcelClientHasNoPrefix,
    });
  });

  it('staff must name an existing client', async () => {
    expectValidation(await get('admin'), MESSAGES.validation.clientRequired, 'clientId');
    expectValidation(await get('admin', '?clientId='), MESSAGES.validation.clientRequired, 'clientId');
    expectValidation(await get('admin', `?clientId=${UNKNOWN_ID}`), MESSAGES.clientNotFound, 'clientId');
    expectValidation(await get('admin', '?clientId=nope'), MESSAGES.clientNotFound, 'clientId');
  });

  it('refuses unknown query fields', async () => {
    const res = await get('admin', `?clientId=${filled.id}&x=1`);
    expect(res.status).toBe(400);
  });

  it.each<Role>(['salesman', 'magazyn'])('refuses %s (no parcels.create)', async (role) => {
    expectError(await get(role, `?clientId=${filled.id}`), 403, 'Forbidden', MESSAGES.forbidden);
  });

  it('refuses an API key (panel only) and a missing session', async () => {
    expectError(await get({ apiKey: k.own.apiKey }), 403, 'Forbidden', MESSAGES.sessionOnly);
    expect((await k.t.http().get('/api/order/create/defaults')).status).toBe(401);
  });
});
