import { MESSAGES, type ClientView, type Role } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { clientsKit, ROLES, validClient } from './clients.kit';

/**
 * A client user's own client: GET /api/client/get/current (its data in SPEC names, no way to name another client)
 * and PUT /api/client/put/current (pickup address and parcel settings only).
 */

const v = MESSAGES.validation;
const STAFF: Role[] = ROLES.filter((r) => r !== 'user');
const ADDRESS = {
  name: 'Magazyn Północ',
  street: 'Portowa',
  building: '3A',
  city: 'Gdynia',
  zipCode: '81-001',
  country: 'pl',
  phone: '+48 58 000 00 00',
  email: 'Magazyn@Client.pl',
};

describe('clients: own client, master accounts and flag effects', () => {
  const k = clientsKit();
  const { bearer, as, query, clientRow, auditCount, clientUser, created: createClient } = k;

  describe('GET /api/client/get/current', () => {
    it("answers a client user with its own client's data, address and settings in SPEC names", async () => {
      const c = await createClient({
        city: 'Gdańsk',
        street: 'Szeroka',
        zipCode: '80-001',
        building: '7',
        apartment: '2',
        clientName: 'Anna Nowak',
        email: 'biuro@client.pl',
        revertLogic: true,
        note: 'Internal: slow payer',
        iban: '61109010140000071219812874',
        defaultPhoneShipping: '+48 600 000 000',
      });
      const u = await clientUser(c.id);
      const res = await k.t.http().get('/api/client/get/current').set(bearer(u.token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: c.id,
        name: c.companyName,
        clientName: 'Anna Nowak',
        shortName: c.shortName,
        vatId: c.vatId,
        prefix: c.uniquePrefix,
        email: 'biuro@client.pl',
        phone: c.phone,
        country: 'PL',
        city: 'Gdańsk',
        zipCode: '80-001',
        street: 'Szeroka',
        building: '7',
        apartment: '2',
        address: 'Szeroka 7/2',
        currency: 'PLN',
        autoReturnPackages: false,
        isRevert: true,
        masterAccount: false,
        firstMile: false,
        genOnlyFirstMile: false,
        dontPrintLastMile: false,
        disableNewOrders: false,
        bankAccount: { accountOwner: null, iban: '61109010140000071219812874', bankName: null },
        defaultAddress: null,
        settings: {
          content: null,
          sizeD: null,
          sizeL: null,
          sizeW: null,
          valueCurrency: null,
          value: null,
          weightKg: null,
          defaultEmailShippingAddress: null,
          defaultPhoneShippingAddress: '+48 600 000 000',
          additionalShipperNameOnTheLabel: null,
        },
      });
      // Staff-only fields stay out.
      expect(JSON.stringify(res.body)).not.toContain('slow payer');
      expect(res.body).not.toHaveProperty('debtBlockDays');
      expect(res.body).not.toHaveProperty('disableAccess');
    });

    it('has no way to name another client: an id in the query or a path is ignored or refused', async () => {
      const own = await createClient();
      const other = await createClient();
      const u = await clientUser(own.id);
      const withQuery = await k.t.http().get(`/api/client/get/current?id=${other.id}`).set(bearer(u.token));
      expect(withQuery.body.id).toBe(own.id);
      for (const res of [
        await k.t.http().get(`/api/client/${other.id}`).set(bearer(u.token)),
        await k.t.http().get(`/api/client/${own.id}`).set(bearer(u.token)),
        await k.t.http().put(`/api/client/${other.id}`).set(bearer(u.token)).send({ note: 'x' }),
        await k.t.http().put(`/api/client/${own.id}`).set(bearer(u.token)).send({ active: true }),
        await k.t.http().post('/api/client/get/list').set(bearer(u.token)).send({}),
        await k.t.http().get('/api/client/get/options').set(bearer(u.token)),
        await k.t.http().post('/api/client/create').set(bearer(u.token)).send(validClient()),
      ]) {
        expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
      }
    });

    it.each(STAFF)('refuses a %s (staff have no own client)', async (role) => {
      expectError(
        await k.t.http().get('/api/client/get/current').set(as(role)),
        403,
        'Forbidden',
        MESSAGES.forbidden,
      );
    });

    it('refuses an API key (it needs a signed-in user) and a call without a session', async () => {
      const c = await createClient();
      const key = await k.t.createApiKey(c.id);
      const res = await k.t.http().get('/api/client/get/current').set('X-Api-Key', key);
      expect(res.status).toBe(403);
      expect((await k.t.http().get('/api/client/get/current')).status).toBe(401);
    });
  });

  describe('PUT /api/client/put/current', () => {
    const putCurrent = (token: string, body: Record<string, unknown>) =>
      k.t.http().put('/api/client/put/current').set(bearer(token)).send(body);

    it('a client user saves its pickup address and settings; the log holds it; other clients are untouched', async () => {
      const c = await createClient({ parcelSettings: { content: 'Books', sizeD: 10 } });
      const other = await createClient({ parcelSettings: { content: 'Toys' } });
      const otherBefore = await clientRow(other.id);
      const u = await clientUser(c.id);
      const res = await putCurrent(u.token, {
        defaultAddress: ADDRESS,
        settings: {
          sizeL: '20',
          sizeW: 30,
          value: '99,9',
          valueCurrency: 'eur',
          weightKg: '0.5',
          defaultEmailShippingAddress: 'Notify@Client.pl',
          defaultPhoneShippingAddress: '+48 500 500 500',
          additionalShipperNameOnTheLabel: 'Client Shop',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.defaultAddress).toEqual({ ...ADDRESS, country: 'PL', email: 'magazyn@client.pl' });
      expect(res.body.settings).toEqual({
        content: 'Books',
        sizeD: 10,
        sizeL: 20,
        sizeW: 30,
        valueCurrency: 'EUR',
        value: '99.90',
        weightKg: '0.500',
        defaultEmailShippingAddress: 'notify@client.pl',
        defaultPhoneShippingAddress: '+48 500 500 500',
        additionalShipperNameOnTheLabel: 'Client Shop',
      });
      expect((await k.t.http().get('/api/client/get/current').set(bearer(u.token))).body).toEqual(res.body);
      const staffView = (await k.t.http().get(`/api/client/${c.id}`).set(as('admin'))).body as ClientView;
      expect(staffView).toMatchObject({
        defaultEmailShipping: 'notify@client.pl',
        defaultPhoneShipping: '+48 500 500 500',
        additionalShipperNameOnTheLabel: 'Client Shop',
        parcelSettings: { content: 'Books', sizeL: 20 },
      });
      const [audit] = await query<{
        created_by_id: string;
        before: ClientView;
        after: ClientView;
        details: unknown;
      }>(`select * from audit_log where type = 'client.update' and entity_id = $1 order by id desc limit 1`, [
        c.id,
      ]);
      expect(audit).toMatchObject({ created_by_id: u.id, details: { ownSettings: true } });
      expect(audit.before.defaultAddress).toBeNull();
      expect(audit.after).toEqual(staffView);
      expect(await clientRow(other.id)).toEqual(otherBefore);

      // Clearing: null address, a blank setting.
      const cleared = await putCurrent(u.token, { defaultAddress: null, settings: { content: '' } });
      expect(cleared.status).toBe(200);
      expect(cleared.body.defaultAddress).toBeNull();
      expect(cleared.body.settings).toMatchObject({ content: null, sizeD: 10, valueCurrency: 'EUR' });
    });

    it('answers "No value has changed" when nothing differs', async () => {
      const c = await createClient();
      const u = await clientUser(c.id);
      expect((await putCurrent(u.token, { defaultAddress: ADDRESS })).status).toBe(200);
      const before = await auditCount();
      for (const body of [
        {},
        { defaultAddress: ADDRESS },
        { settings: {} },
        { settings: { content: null } },
      ]) {
        expectError(await putCurrent(u.token, body), 400, 'Bad Request', MESSAGES.noValueChanged);
      }
      expect(await auditCount()).toBe(before);
    });

    it('cannot change flags, names or anything but the address and settings', async () => {
      const c = await createClient();
      const u = await clientUser(c.id);
      const before = await clientRow(c.id);
      for (const body of [
        { active: false },
        { disableNewOrders: true },
        { disableAccess: false },
        { companyName: 'Mine now' },
        { id: c.id },
        { clientId: c.id, settings: { content: 'x' } },
        { settings: { debtBlockDays: 0 } },
        { settings: { masterAccount: true } },
        { defaultAddress: { ...ADDRESS, active: true } },
      ]) {
        const res = await putCurrent(u.token, body);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('ValidationError');
      }
      expect(await clientRow(c.id)).toEqual(before);
    });

    it('checks each field with the form messages', async () => {
      const c = await createClient();
      const u = await clientUser(c.id);
      const before = await clientRow(c.id);
      expectValidation(
        await putCurrent(u.token, { settings: { sizeD: 'abc' } }),
        v.atLeastOneDigit,
        'settings.sizeD',
      );
      expectValidation(
        await putCurrent(u.token, { settings: { value: '1.234' } }),
        v.atLeastOneDigit,
        'settings.value',
      );
      expectValidation(
        await putCurrent(u.token, { settings: { defaultEmailShippingAddress: 'x@' } }),
        v.emailInvalid,
        'settings.defaultEmailShippingAddress',
      );
      for (const [field, message] of [
        ['name', v.nameRequired],
        ['street', v.streetRequired],
        ['building', v.buildingRequired],
        ['city', v.cityRequired],
        ['zipCode', v.postalCodeRequired],
        ['country', v.countryRequired],
      ]) {
        const address = Object.fromEntries(Object.entries(ADDRESS).filter(([k]) => k !== field));
        expectValidation(
          await putCurrent(u.token, { defaultAddress: address }),
          message,
          `defaultAddress.${field}`,
        );
      }
      expect(await clientRow(c.id)).toEqual(before);
    });

    it.each(STAFF)('refuses a %s', async (role) => {
      expectError(
        await k.t
          .http()
          .put('/api/client/put/current')
          .set(as(role))
          .send({ settings: { content: 'x' } }),
        403,
        'Forbidden',
        MESSAGES.forbidden,
      );
    });
  });
});
