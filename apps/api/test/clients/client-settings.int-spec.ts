import { MESSAGES, type CurrentClientView, type Role } from '@depot/contracts';
import { ADMIN, startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';

/**
 * The settings screen's own client address (PUT /client/put/current `clientAddress`, decision 0020): a client
 * user changes its client's street, building, apartment, city, postal code, phone and e-mail — never the country,
 * names or VAT ID, and never another client's.
 */

const v = MESSAGES.validation;
const STAFF: Role[] = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn'];
const ADDRESS = {
  street: 'Nowa',
  building: '12B',
  apartment: '4',
  city: 'Łódź',
  zipCode: '90-001',
  phone: '+48 42 000 11 22',
  email: 'Biuro@Sklep.PL',
};

describe('client settings: own client address', () => {
  let t: TestDepot;
  const tokens = {} as Record<Role, string>;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(text, params)).rows;
  const clientRow = async (id: string) =>
    (await query<Record<string, unknown>>('select * from clients where id = $1', [id]))[0];
  const putCurrent = (token: string, body: Record<string, unknown>) =>
    t.http().put('/api/client/put/current').set(bearer(token)).send(body);
  /** A client with an address, and a signed-in user of it. */
  const clientWithUser = async () => {
    const clientId = await t.createClient({
      vatId: 'PL5260001246',
      country: 'PL',
      city: 'Warszawa',
      street: 'Długa',
      building: '5',
      zipCode: '00-001',
      phone: '+48 22 100 20 30',
      shortName: `S${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    });
    const u = await t.createUser('user', { clientId });
    return { clientId, userId: u.id, token: await t.sessionFor(u.email) };
  };

  beforeAll(async () => {
    t = await startTestDepot();
    tokens.superAdmin = await t.sessionFor(ADMIN.email);
    for (const role of STAFF.filter((r) => r !== 'superAdmin'))
      tokens[role] = (await t.userWithToken(role)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a client user saves its address; the current view, the staff view and the log show it', async () => {
    const { clientId, userId, token } = await clientWithUser();
    const other = await clientWithUser();
    const otherBefore = await clientRow(other.clientId);
    const res = await putCurrent(token, { clientAddress: ADDRESS });
    expect(res.status).toBe(200);
    const view = res.body as CurrentClientView;
    expect(view).toMatchObject({
      street: 'Nowa',
      building: '12B',
      apartment: '4',
      city: 'Łódź',
      zipCode: '90-001',
      phone: '+48 42 000 11 22',
      email: 'biuro@sklep.pl',
      address: 'Nowa 12B/4',
      country: 'PL',
      vatId: 'PL5260001246',
    });
    expect((await t.http().get('/api/client/get/current').set(bearer(token))).body).toEqual(view);
    const staff = (await t.http().get(`/api/client/${clientId}`).set(bearer(tokens.admin))).body;
    expect(staff).toMatchObject({ street: 'Nowa', city: 'Łódź', email: 'biuro@sklep.pl', country: 'PL' });
    const [audit] = await query<{ created_by_id: string; details: unknown; before: { city: string } }>(
      `select * from audit_log where type = 'client.update' and entity_id = $1 order by id desc limit 1`,
      [clientId],
    );
    expect(audit).toMatchObject({ created_by_id: userId, details: { ownSettings: true } });
    expect(audit.before.city).toBe('Warszawa');
    expect(await clientRow(other.clientId)).toEqual(otherBefore);
  });

  it('the address is replaced whole: a missing apartment or e-mail clears it', async () => {
    const { token } = await clientWithUser();
    expect((await putCurrent(token, { clientAddress: ADDRESS })).status).toBe(200);
    const { apartment: _a, email: _e, ...rest } = ADDRESS;
    const res = await putCurrent(token, { clientAddress: rest });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ apartment: null, email: null, address: 'Nowa 12B' });
  });

  it('answers "No value has changed" for the same address, however it is typed', async () => {
    const { token } = await clientWithUser();
    expect((await putCurrent(token, { clientAddress: ADDRESS })).status).toBe(200);
    expectError(
      await putCurrent(token, { clientAddress: { ...ADDRESS, city: ' Łódź ', email: 'BIURO@sklep.pl' } }),
      400,
      'Bad Request',
      MESSAGES.noValueChanged,
    );
  });

  it('checks each field with the form messages and changes nothing', async () => {
    const { clientId, token } = await clientWithUser();
    const before = await clientRow(clientId);
    for (const [field, message] of [
      ['street', v.streetRequired],
      ['building', v.buildingRequired],
      ['city', v.cityRequired],
      ['zipCode', v.postalCodeRequired],
      ['phone', v.phoneRequired],
    ]) {
      const missing = Object.fromEntries(Object.entries(ADDRESS).filter(([k]) => k !== field));
      expectValidation(
        await putCurrent(token, { clientAddress: missing }),
        message,
        `clientAddress.${field}`,
      );
      expectValidation(
        await putCurrent(token, { clientAddress: { ...ADDRESS, [field]: '   ' } }),
        message,
        `clientAddress.${field}`,
      );
    }
    expectValidation(
      await putCurrent(token, { clientAddress: { ...ADDRESS, email: 'biuro@' } }),
      v.emailInvalid,
      'clientAddress.email',
    );
    expect(await clientRow(clientId)).toEqual(before);
  });

  it('cannot change the country, names, VAT ID or prefix through the address', async () => {
    const { clientId, token } = await clientWithUser();
    const before = await clientRow(clientId);
    for (const extra of [
      { country: 'DE' },
      { vatId: 'DE136695976' },
      { companyName: 'Mine' },
      { uniquePrefix: 'X' },
    ]) {
      const res = await putCurrent(token, { clientAddress: { ...ADDRESS, ...extra } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ValidationError');
    }
    expect(await clientRow(clientId)).toEqual(before);
  });

  it.each(STAFF)('refuses a %s (staff have no own client)', async (role) => {
    expectError(
      await t
        .http()
        .put('/api/client/put/current')
        .set(bearer(tokens[role]))
        .send({ clientAddress: ADDRESS }),
      403,
      'Forbidden',
      MESSAGES.forbidden,
    );
  });
});
