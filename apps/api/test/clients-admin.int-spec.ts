import type { Response } from 'supertest';
import { MESSAGES, type ClientSaveReply, type ClientView, type Role } from '@depot/contracts';
import { startTestDepot, type TestDepot } from './harness';
import { expectError, expectValidation } from './expectations';
import { dbProbe, signInEveryRole } from './role-kit';

/** administration/clients: create, read, edit and list clients (POST create, GET/PUT :id, POST get/list). */

const v = MESSAGES.validation;
const UNKNOWN_ID = '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d';
const CLIENT_VIEW_KEYS = [
  'accountOwner',
  'active',
  'additionalShipperNameOnTheLabel',
  'apartment',
  'autoReturnPackages',
  'bankName',
  'building',
  'city',
  'clientName',
  'combineLabels',
  'companyName',
  'contractNumber',
  'country',
  'createdAt',
  'currency',
  'debtBlockDays',
  'defaultAddress',
  'defaultEmailShipping',
  'defaultPhoneShipping',
  'disableAccess',
  'disableContentInfo',
  'disableNewOrders',
  'disconnectReturn',
  'disconnectRouting',
  'domesticMatrixTitle',
  'dontPrintLastMile',
  'email',
  'firstMile',
  'genOnlyFirstMile',
  'iban',
  'id',
  'linkedAccounts',
  'masterAccount',
  'masterId',
  'masterName',
  'note',
  'parcelSettings',
  'phone',
  'returnMatrixTitle',
  'revertLogic',
  'shortName',
  'street',
  'uniquePrefix',
  'updatedAt',
  'vatId',
  'viesCheck',
  'zipCode',
].sort();
const LIST_ITEM_KEYS = [
  'active',
  'city',
  'clientName',
  'companyName',
  'country',
  'createdAt',
  'currency',
  'disableAccess',
  'disableNewOrders',
  'email',
  'id',
  'masterAccount',
  'masterId',
  'masterName',
  'phone',
  'shortName',
  'uniquePrefix',
  'updatedAt',
  'vatId',
].sort();

let seq = 0;
const tag = () =>
  `${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

/** A valid create body with a fresh short name and prefix. */
const validClient = (over: Record<string, unknown> = {}) => {
  const id = tag();
  return {
    companyName: `Acme ${id} Sp. z o.o.`,
    shortName: `AC-${id}`,
    vatId: 'PL5260001246',
    phone: '+48 22 100 20 30',
    country: 'pl',
    city: 'Warszawa',
    street: 'Długa',
    zipCode: '00-001',
    building: '5',
    currency: 'pln',
    uniquePrefix: `P${id}`,
    debtBlockDays: 14,
    ...over,
  };
};

describe('clients administration API', () => {
  let t: TestDepot;
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, string>;
  const bearer = (role: Role) => ({ Authorization: `Bearer ${tokens[role]}` });
  const create = (role: Role, body: Record<string, unknown>) =>
    t.http().post('/api/client/create').set(bearer(role)).send(body);
  const put = (role: Role, id: string, body: Record<string, unknown>) =>
    t.http().put(`/api/client/${id}`).set(bearer(role)).send(body);
  const getOne = (role: Role, id: string) => t.http().get(`/api/client/${id}`).set(bearer(role));
  const list = (role: Role, body: Record<string, unknown> = {}) =>
    t.http().post('/api/client/get/list').set(bearer(role)).send(body);
  /** Every client row and the size of the log: what a refused call must leave alone. */
  const { unchanged, lastAudit } = dbProbe(() => t, ['clients']);
  const created = async (over: Record<string, unknown> = {}): Promise<ClientView> => {
    const res = await create('admin', validClient(over));
    expect(res.status).toBe(201);
    return res.body as ClientView;
  };

  beforeAll(async () => {
    t = await startTestDepot();
    const signedIn = await signInEveryRole(t);
    Object.assign(tokens, signedIn.tokens);
    Object.assign(ids, signedIn.ids);
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents the client calls in OpenAPI, with the bodies from the shared schemas', async () => {
    const res = await t.http().get('/api/docs-json');
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
      const res = await unchanged(() => t.http().post('/api/client/create').send(validClient()));
      expectError(res, 401, 'Unauthorized', MESSAGES.notSignedIn);
    });
  });

  describe('GET /api/client/:id', () => {
    it.each(['superAdmin', 'admin', 'salesman'] as Role[])(
      'answers a %s with the whole client',
      async (role) => {
        const c = await created({ note: 'Internal note' });
        const res = await getOne(role, c.id);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(c);
      },
    );

    it.each(['operator', 'magazyn', 'user'] as Role[])('refuses a %s', async (role) => {
      const c = await created();
      expectError(await getOne(role, c.id), 403, 'Forbidden', MESSAGES.forbidden);
    });

    it('answers 404 for an unknown id and for an id that is not a UUID', async () => {
      expectError(await getOne('admin', UNKNOWN_ID), 404, 'Not Found', MESSAGES.clientNotFound);
      expectError(await getOne('admin', 'abc'), 404, 'Not Found', MESSAGES.clientNotFound);
    });

    it('refuses a call without a session', async () => {
      expect((await t.http().get(`/api/client/${UNKNOWN_ID}`)).status).toBe(401);
    });
  });

  describe('PUT /api/client/:id', () => {
    it('an admin edits fields; the log holds before and after', async () => {
      const c = await created();
      const res = await put('admin', c.id, {
        companyName: 'Renamed Sp. z o.o.',
        city: 'Kraków',
        debtBlockDays: 0,
        viesCheck: true,
        note: 'Changed',
        parcelSettings: { weightKg: '2' },
      });
      expect(res.status).toBe(200);
      // Turning viesCheck on checks the VAT ID; this depot has no VIES_URL: saved, with a warning.
      const { vatCheck, warnings, ...view } = res.body as ClientSaveReply;
      expect(warnings).toHaveLength(1);
      expect(Object.keys(view).sort()).toEqual(CLIENT_VIEW_KEYS);
      expect(view).toMatchObject({
        id: c.id,
        companyName: 'Renamed Sp. z o.o.',
        city: 'Kraków',
        debtBlockDays: 0,
        viesCheck: true,
        note: 'Changed',
        shortName: c.shortName,
        parcelSettings: { weightKg: '2.000', content: null, value: null },
      });
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(c.updatedAt).getTime());
      const audit = await lastAudit('client.update', c.id);
      expect(audit).toMatchObject({ entity: 'client', created_by_id: ids.admin, details: { vatCheck } });
      expect(audit.before).toEqual(c);
      expect(audit.after).toEqual(view);
    });

    it('clears optional fields with null or blank text', async () => {
      const c = await created({ note: 'Something', clientName: 'Jan' });
      const res = await put('admin', c.id, { note: null, clientName: '  ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ note: null, clientName: null });
    });

    it('answers "No value has changed" when nothing differs, including after normalisation', async () => {
      const c = await created({ note: 'Same' });
      for (const body of [
        {},
        { companyName: c.companyName, note: 'Same' },
        { country: 'pl', currency: 'pln', debtBlockDays: '14' },
        { shortName: c.shortName, active: true, confirmLinked: true },
      ]) {
        const res = await unchanged(() => put('admin', c.id, body));
        expectError(res, 400, 'Bad Request', MESSAGES.noValueChanged);
      }
    });

    it.each([
      ['shortName', '', v.shortNameRequired],
      ['companyName', ' ', v.nameRequired],
      ['vatId', '', v.vatIdRequired],
      ['uniquePrefix', '', v.prefixRequired],
      ['debtBlockDays', 'x', v.atLeastOneDigit],
      ['debtBlockDays', null, v.debtBlockDaysRequired],
      ['country', 'Polska', v.countryInvalid],
    ])('refuses %s = %j: "%s"', async (field, value, message) => {
      const c = await created();
      expectValidation(await unchanged(() => put('admin', c.id, { [field]: value })), message, field);
    });

    it('refuses unknown fields and bank details without the account number', async () => {
      const c = await created();
      const unknown = await unchanged(() => put('admin', c.id, { id: UNKNOWN_ID }));
      expect(unknown.body.error).toBe('ValidationError');
      expectValidation(
        await unchanged(() => put('admin', c.id, { bankName: 'PKO' })),
        v.bankAccountRequired,
        'iban',
      );
      const withIban = await put('admin', c.id, { bankName: 'PKO', iban: '61109010140000071219812874' });
      expect(withIban.status).toBe(200);
      expectValidation(
        await unchanged(() => put('admin', c.id, { iban: null })),
        v.bankAccountRequired,
        'iban',
      );
    });

    it('refuses a short name or prefix another client holds (409), but lets a client change the case of its own', async () => {
      const a = await created();
      const b = await created();
      const short = await unchanged(() => put('admin', b.id, { shortName: a.shortName!.toLowerCase() }));
      expect(short.status).toBe(409);
      expect(short.body.message).toBe(MESSAGES.clientShortNameTaken);
      const prefix = await unchanged(() =>
        put('admin', b.id, { uniquePrefix: a.uniquePrefix!.toLowerCase() }),
      );
      expect(prefix.status).toBe(409);
      expect(prefix.body.message).toBe(MESSAGES.clientPrefixTaken);
      const own = await put('admin', a.id, { shortName: a.shortName!.toLowerCase() });
      expect(own.status).toBe(200);
      expect(own.body.shortName).toBe(a.shortName!.toLowerCase());
    });

    it('two clients renamed to one short name at once: one succeeds, the other is a 409 (never a 500)', async () => {
      const a = await created();
      const b = await created();
      const shortName = `SAME-${tag()}`;
      const results = await Promise.all([
        put('admin', a.id, { shortName }),
        put('admin', b.id, { shortName: shortName.toLowerCase() }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(MESSAGES.clientShortNameTaken);
    });

    it('refuses to link a client to a non-master or to itself, and a linked client cannot become a master', async () => {
      const plain = await created();
      const c = await created();
      for (const masterId of [plain.id, c.id, UNKNOWN_ID]) {
        expectValidation(
          await unchanged(() => put('admin', c.id, { masterId })),
          MESSAGES.masterAccountInvalid,
          'masterId',
        );
      }
      const selfMaster = await put('admin', c.id, { masterAccount: true });
      expect(selfMaster.status).toBe(200);
      expectValidation(
        await unchanged(() => put('admin', c.id, { masterId: c.id })),
        MESSAGES.masterCannotBeLinked,
        'masterId',
      );
      const linked = await created({ masterId: c.id });
      expectValidation(
        await unchanged(() => put('admin', linked.id, { masterAccount: true })),
        MESSAGES.masterCannotBeLinked,
        'masterId',
      );
      // Leaving the master and becoming one in the same save is fine.
      const promoted = await put('admin', linked.id, { masterAccount: true, masterId: null });
      expect(promoted.status).toBe(200);
      expect(promoted.body).toMatchObject({ masterAccount: true, masterId: null, masterName: null });
    });

    it.each(['salesman', 'operator', 'magazyn', 'user'] as Role[])(
      'refuses a %s and changes nothing',
      async (role) => {
        const c = await created();
        expectError(
          await unchanged(() => put(role, c.id, { note: 'nope', active: false })),
          403,
          'Forbidden',
          MESSAGES.forbidden,
        );
      },
    );

    it('answers 404 for an unknown client', async () => {
      expectError(
        await unchanged(() => put('admin', UNKNOWN_ID, { note: 'x' })),
        404,
        'Not Found',
        MESSAGES.clientNotFound,
      );
      expectError(await put('admin', 'not-a-uuid', { note: 'x' }), 404, 'Not Found', MESSAGES.clientNotFound);
    });
  });

  describe('POST /api/client/get/list', () => {
    const family = `Fam${tag()}`;
    const members: ClientView[] = [];
    let master: ClientView;
    beforeAll(async () => {
      const names = ['delta', 'Alpha', 'charlie', 'Echo', 'bravo', 'foxtrot', 'Golf'];
      for (const [i, name] of names.entries()) {
        members.push(
          await created({
            companyName: `${name} ${family}`,
            shortName: `${family}-${String.fromCharCode(90 - i)}`,
            active: i !== 2,
            disableAccess: i === 3,
            masterAccount: i === 0,
          }),
        );
      }
      master = members[0];
      members.push(await created({ companyName: `hotel ${family}`, masterId: master.id }));
    });

    const names = (res: Response) => (res.body.items as { companyName: string }[]).map((c) => c.companyName);
    const all = (order: string[]) => order.map((n) => `${n} ${family}`);

    it('searches, orders by company name case-insensitively and pages with the cursor', async () => {
      const first = await list('admin', { filters: { search: family }, limit: 3 });
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(8);
      expect(Object.keys(first.body.items[0]).sort()).toEqual(LIST_ITEM_KEYS);
      expect(names(first)).toEqual(all(['Alpha', 'bravo', 'charlie']));
      const second = await list('admin', {
        filters: { search: family },
        limit: 3,
        cursor: first.body.nextCursor,
      });
      expect(names(second)).toEqual(all(['delta', 'Echo', 'foxtrot']));
      const third = await list('admin', {
        filters: { search: family },
        limit: 3,
        cursor: second.body.nextCursor,
      });
      expect(names(third)).toEqual(all(['Golf', 'hotel']));
      expect(third.body.nextCursor).toBeNull();
    });

    it('orders by short name and by creation, both ways', async () => {
      const byShort = await list('admin', {
        filters: { search: family },
        orderBy: { field: 'shortName', direction: 'asc' },
      });
      // The short names run Z, Y, X, ... in creation order; hotel's starts with AC-.
      expect(names(byShort)[0]).toBe(`hotel ${family}`);
      expect(names(byShort).slice(1)).toEqual(
        all(['Golf', 'foxtrot', 'bravo', 'Echo', 'charlie', 'Alpha', 'delta']),
      );
      const newest = await list('admin', {
        filters: { search: family },
        orderBy: { field: 'createdAt', direction: 'desc' },
        limit: 2,
      });
      expect(names(newest)).toEqual(all(['hotel', 'Golf']));
      const next = await list('admin', {
        filters: { search: family },
        orderBy: { field: 'createdAt', direction: 'desc' },
        limit: 2,
        cursor: newest.body.nextCursor,
      });
      expect(names(next)).toEqual(all(['foxtrot', 'bravo']));
      const desc = await list('admin', {
        filters: { search: family },
        orderBy: { field: 'companyName', direction: 'desc' },
      });
      expect(names(desc)).toEqual(
        all(['hotel', 'Golf', 'foxtrot', 'Echo', 'delta', 'charlie', 'bravo', 'Alpha']),
      );
    });

    it('filters by active, disableAccess, master accounts and the accounts of one master', async () => {
      const inactive = await list('admin', { filters: { search: family, active: false } });
      expect(names(inactive)).toEqual(all(['charlie']));
      const disabled = await list('admin', { filters: { search: family, disableAccess: true } });
      expect(names(disabled)).toEqual(all(['Echo']));
      const masters = await list('admin', { filters: { search: family, masterOnly: true } });
      expect(names(masters)).toEqual(all(['delta']));
      const linked = await list('admin', { filters: { masterId: master.id } });
      expect(names(linked)).toEqual(all(['hotel']));
      expect(linked.body.items[0]).toMatchObject({ masterId: master.id, masterName: master.companyName });
      expect(linked.body.total).toBe(1);
    });

    it('searches short name, prefix, VAT ID and e-mail too, with % and _ taken literally', async () => {
      const c = await created({ vatId: `DE${tag()}`, email: `find-${tag().toLowerCase()}@x.test` });
      for (const term of [c.shortName!, c.uniquePrefix!, c.vatId!, c.email!]) {
        const res = await list('admin', { filters: { search: term.toLowerCase() } });
        expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
      }
      expect((await list('admin', { filters: { search: `${family}%` } })).body.total).toBe(0);
      expect((await list('admin', { filters: { search: '_' } })).body.total).toBe(0);
    });

    it('a salesman reads the whole list, like an admin', async () => {
      const admin = await list('admin', { filters: { search: family } });
      const salesman = await list('salesman', { filters: { search: family } });
      expect(salesman.status).toBe(200);
      expect(salesman.body).toEqual(admin.body);
      expect((await list('salesman')).body.total).toBe((await list('admin')).body.total);
    });

    it('defaults to 50 a page and refuses a larger page', async () => {
      const res = await list('admin');
      expect(res.body.items.length).toBeLessThanOrEqual(50);
      expect((await list('admin', { limit: 51 })).status).toBe(400);
    });

    it('refuses a bad cursor, unknown filters and unknown sort fields', async () => {
      expectError(await list('admin', { cursor: 'garbage' }), 400, 'Bad Request', MESSAGES.invalidCursor);
      const tampered = Buffer.from(JSON.stringify({ k: 'a', id: 'not-a-uuid' })).toString('base64url');
      expectError(await list('admin', { cursor: tampered }), 400, 'Bad Request', MESSAGES.invalidCursor);
      expect((await list('admin', { filters: { role: 'x' } })).body.error).toBe('ValidationError');
      expect((await list('admin', { orderBy: { field: 'vatId', direction: 'asc' } })).body.error).toBe(
        'ValidationError',
      );
    });

    it.each(['operator', 'magazyn', 'user'] as Role[])('refuses a %s', async (role) => {
      expectError(await list(role), 403, 'Forbidden', MESSAGES.forbidden);
    });

    it('refuses a call without a session', async () => {
      expect((await t.http().post('/api/client/get/list').send({})).status).toBe(401);
    });
  });
});
