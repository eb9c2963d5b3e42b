import { MESSAGES, type ClientSaveReply, type Role } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { CLIENT_VIEW_KEYS, clientsKit, tag, UNKNOWN_ID, validClient } from './clients.kit';

/**
 * administration/clients, creating: POST /api/client/create (every field, defaults, validation, taken names and
 * prefixes, master links, roles) and the OpenAPI description of the client calls.
 */

const v = MESSAGES.validation;

describe('clients administration API', () => {
  const k = clientsKit();
  const { ids, create, getOne, created, unchanged, lastAudit } = k;

  it('documents the client calls in OpenAPI, with the bodies from the shared schemas', async () => {
    const res = await k.t.http().get('/api/docs-json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, { requestBody?: unknown }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/client/get/list',
        '/api/client/create',
        '/api/client/{id}',
        '/api/client/get/current',
        '/api/client/put/current',
      ]),
    );
    expect(JSON.stringify(paths['/api/client/create'].post.requestBody)).toContain('uniquePrefix');
    expect(JSON.stringify(paths['/api/client/{id}'].put.requestBody)).toContain('confirmLinked');
  });

  describe('POST /api/client/create', () => {
    it('an admin creates a client with every field; values are normalised and the log holds it', async () => {
      const master = await created({ masterAccount: true });
      const body = validClient({
        clientName: 'Jan Kowalski',
        email: 'Biuro@Acme.PL',
        apartment: '12',
        active: false,
        disableAccess: true,
        disableNewOrders: true,
        viesCheck: true,
        autoReturnPackages: true,
        revertLogic: true,
        disableContentInfo: true,
        combineLabels: true,
        disconnectRouting: true,
        disconnectReturn: true,
        firstMile: true,
        genOnlyFirstMile: true,
        dontPrintLastMile: true,
        masterId: master.id,
        accountOwner: 'Acme Sp. z o.o.',
        iban: 'pl61 1090 1014 0000 0712 1981 2874',
        bankName: 'Santander',
        defaultPhoneShipping: '+48 600 100 200',
        defaultEmailShipping: 'Shipping@Acme.pl',
        additionalShipperNameOnTheLabel: 'ACME',
        note: 'Pays on time',
        contractNumber: 'K/2026/17',
        returnMatrixTitle: 'Returns EU',
        domesticMatrixTitle: 'Domestic PL',
        debtBlockDays: '30',
        defaultAddress: {
          name: 'Magazyn Acme',
          street: 'Polna',
          building: '1',
          city: 'Poznań',
          zipCode: '60-001',
          country: 'pl',
        },
        parcelSettings: { content: 'Books', sizeD: 10, sizeL: '20', sizeW: 30, value: '12,5', weightKg: 1.2 },
      });
      const res = await create('admin', body);
      expect(res.status).toBe(201);
      // viesCheck is on and this depot has no VIES_URL: saved, with the "unreachable" warning (decision 0021).
      const { vatCheck, warnings, ...view } = res.body as ClientSaveReply;
      expect(warnings).toEqual([
        { code: 'vatCheckUnavailable', path: 'vatId', message: MESSAGES.vatCheckUnavailable },
      ]);
      expect(vatCheck).toMatchObject({ outcome: 'unavailable', reason: 'NOT_CONFIGURED' });
      expect(Object.keys(view).sort()).toEqual(CLIENT_VIEW_KEYS);
      expect(view).toMatchObject({
        companyName: body.companyName,
        clientName: 'Jan Kowalski',
        shortName: body.shortName,
        country: 'PL',
        currency: 'PLN',
        email: 'biuro@acme.pl',
        defaultEmailShipping: 'shipping@acme.pl',
        iban: 'PL61109010140000071219812874',
        debtBlockDays: 30,
        active: false,
        disableAccess: true,
        dontPrintLastMile: true,
        masterAccount: false,
        masterId: master.id,
        masterName: master.companyName,
        linkedAccounts: 0,
        defaultAddress: {
          name: 'Magazyn Acme',
          street: 'Polna',
          building: '1',
          city: 'Poznań',
          zipCode: '60-001',
          country: 'PL',
          phone: null,
          email: null,
        },
        parcelSettings: {
          content: 'Books',
          sizeD: 10,
          sizeL: 20,
          sizeW: 30,
          value: '12.50',
          valueCurrency: null,
          weightKg: '1.200',
        },
      });
      const audit = await lastAudit('client.create', res.body.id);
      expect(audit).toMatchObject({
        entity: 'client',
        created_by_id: ids.admin,
        before: null,
        details: { vatCheck },
      });
      expect(audit.after).toEqual(view);
      expect((await getOne('admin', res.body.id)).body).toEqual(view);
      expect((await getOne('admin', master.id)).body.linkedAccounts).toBe(1);
    });

    it('a superAdmin creates a client with the required fields only; the rest take their defaults', async () => {
      const res = await create('superAdmin', validClient());
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        active: true,
        disableAccess: false,
        disableNewOrders: false,
        masterAccount: false,
        masterId: null,
        masterName: null,
        clientName: null,
        email: null,
        iban: null,
        note: null,
        defaultAddress: null,
        parcelSettings: null,
        linkedAccounts: 0,
      });
      expect((await lastAudit('client.create', res.body.id)).created_by_id).toBe(ids.superAdmin);
    });

    it.each([
      ['companyName', v.nameRequired],
      ['shortName', v.shortNameRequired],
      ['vatId', v.vatIdRequired],
      ['phone', v.phoneRequired],
      ['country', v.countryRequired],
      ['city', v.cityRequired],
      ['street', v.streetRequired],
      ['zipCode', v.postalCodeRequired],
      ['building', v.buildingRequired],
      ['currency', v.currencyRequired],
      ['uniquePrefix', v.prefixRequired],
      ['debtBlockDays', v.debtBlockDaysRequired],
    ])('refuses a client without %s: "%s", and writes nothing', async (field, message) => {
      const missing = Object.fromEntries(Object.entries(validClient()).filter(([k]) => k !== field));
      expectValidation(await unchanged(() => create('admin', missing)), message, field);
      expectValidation(
        await unchanged(() => create('admin', { ...validClient(), [field]: '  ' })),
        message,
        field,
      );
    });

    it('refuses an empty body with the first required message and one issue per required field', async () => {
      const res = await unchanged(() => create('admin', {}));
      expectValidation(res, v.nameRequired, 'companyName');
      expect(res.body.details).toHaveLength(12);
    });

    it.each([
      ['debtBlockDays', 'abc', v.atLeastOneDigit],
      ['debtBlockDays', -1, v.atLeastOneDigit],
      ['debtBlockDays', 1.5, v.atLeastOneDigit],
      ['country', 'POL', v.countryInvalid],
      ['currency', 'zł', v.currencyInvalid],
      ['uniquePrefix', 'A-1', v.prefixInvalid],
      ['email', 'not-an-email', v.emailInvalid],
      ['defaultEmailShipping', 'nope@', v.emailInvalid],
      ['iban', '12-34', v.bankAccountInvalid],
      ['accountOwner', 'Owner without account', v.bankAccountRequired],
      ['masterId', 'not-a-uuid', MESSAGES.masterAccountInvalid],
    ])('refuses %s = %j: "%s"', async (field, value, message) => {
      const res = await unchanged(() => create('admin', validClient({ [field]: value })));
      expectValidation(res, message, field === 'accountOwner' ? 'iban' : field);
    });

    it('checks the settings objects field by field', async () => {
      expectValidation(
        await unchanged(() => create('admin', validClient({ parcelSettings: { sizeD: 'ten' } }))),
        v.atLeastOneDigit,
        'parcelSettings.sizeD',
      );
      expectValidation(
        await unchanged(() =>
          create(
            'admin',
            validClient({
              defaultAddress: { name: 'X', street: 'S', building: '1', zipCode: '00-001', country: 'PL' },
            }),
          ),
        ),
        v.cityRequired,
        'defaultAddress.city',
      );
    });

    it('refuses unknown fields', async () => {
      const res = await unchanged(() => create('admin', validClient({ clientGroup: 'VIP' })));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ValidationError');
    });

    it('refuses a short name or a prefix another client holds, whatever the case', async () => {
      const first = await created();
      const sameShort = await unchanged(() =>
        create('admin', validClient({ shortName: first.shortName!.toLowerCase() })),
      );
      expect(sameShort.status).toBe(409);
      expect(sameShort.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: MESSAGES.clientShortNameTaken,
        details: [{ path: 'shortName', message: MESSAGES.clientShortNameTaken }],
      });
      const samePrefix = await unchanged(() =>
        create('admin', validClient({ uniquePrefix: first.uniquePrefix!.toLowerCase() })),
      );
      expect(samePrefix.status).toBe(409);
      expect(samePrefix.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: MESSAGES.clientPrefixTaken,
        details: [{ path: 'uniquePrefix', message: MESSAGES.clientPrefixTaken }],
      });
    });

    it('two concurrent creates of one short name: one succeeds, the other is a 409 (never a 500)', async () => {
      const shortName = `RACE-${tag()}`;
      const results = await Promise.all([
        create('admin', validClient({ shortName })),
        create('admin', validClient({ shortName: shortName.toLowerCase() })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.clientShortNameTaken);
      const prefix = `R${tag()}`;
      const prefixes = await Promise.all([
        create('admin', validClient({ uniquePrefix: prefix })),
        create('admin', validClient({ uniquePrefix: prefix.toLowerCase() })),
      ]);
      expect(prefixes.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(prefixes.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.clientPrefixTaken);
    });

    it('links only to a master account, and a master cannot itself be linked', async () => {
      const plain = await created();
      for (const masterId of [plain.id, UNKNOWN_ID]) {
        const res = await unchanged(() => create('admin', validClient({ masterId })));
        expectValidation(res, MESSAGES.masterAccountInvalid, 'masterId');
      }
      const master = await created({ masterAccount: true });
      const res = await unchanged(() =>
        create('admin', validClient({ masterAccount: true, masterId: master.id })),
      );
      expectValidation(res, MESSAGES.masterCannotBeLinked, 'masterId');
    });

    it.each(['salesman', 'operator', 'magazyn', 'user'] as Role[])('refuses a %s', async (role) => {
      expectError(await unchanged(() => create(role, validClient())), 403, 'Forbidden', MESSAGES.forbidden);
    });

    it('refuses a call without a session', async () => {
      const res = await unchanged(() => k.t.http().post('/api/client/create').send(validClient()));
      expectError(res, 401, 'Unauthorized', MESSAGES.notSignedIn);
    });
  });
});
