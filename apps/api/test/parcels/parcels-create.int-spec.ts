import { ERROR_CODES, MESSAGES, type ParcelView, type Role } from '@depot/contracts';
import { connected, eventMatching } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { address, parcelBody, startParcelsKit, UNKNOWN_ID, type ParcelsKit } from './parcels.kit';
import { recorder, settled } from '../realtime/realtime.kit';

const v = MESSAGES.validation;

/**
 * POST /api/order/create: numbering, the client's defaults, routing, the order-blocked rule, validation messages,
 * refused roles, and creating for another client.
 */
describe('parcels: create', () => {
  let k: ParcelsKit;

  beforeAll(async () => {
    k = await startParcelsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it('a client user creates a parcel of its own client: numbered from the prefix, routed, status new with history', async () => {
    const res = await k.create('user', parcelBody({ referenceNumber: 'REF-1' }));
    expect(res.status).toBe(201);
    const p = res.body as ParcelView;
    expect(p.clientId).toBe(k.own.id);
    expect(p.internalNumber).toMatch(new RegExp(`^${k.own.prefix}\\d{10}$`));
    expect(p).toMatchObject({
      status: 'new',
      source: 'form',
      orderType: 'internal',
      weightKg: '2.500',
      value: '100.00',
      operatorId: k.operatorId,
      isCorrect: true,
      referenceNumber: 'REF-1',
      pickupCountry: 'PL',
      destinationCountry: 'DE',
    });
    expect(p.routing).toMatchObject({ ok: true, operator: { id: k.operatorId }, fallback: false });
    expect(p.statusHistory).toEqual([
      expect.objectContaining({
        status: 'new',
        previousStatus: null,
        source: 'panel',
        changedById: k.ids.user,
      }),
    ]);
    const [audit] = await k.query<{ type: string; created_by_id: string }>(
      "select type, created_by_id from audit_log where entity = 'parcel' and entity_id = $1",
      [p.id],
    );
    expect(audit).toEqual({ type: 'parcel.create', created_by_id: k.ids.user });
  });

  it('numbers a client’s parcels one after another, the first one …0000000001', async () => {
    const c = await k.newClient();
    const a = (await k.created(c.id)).internalNumber;
    const b = (await k.created(c.id)).internalNumber;
    expect(a).toBe(`${c.prefix.toUpperCase()}0000000001`);
    expect(b).toBe(`${c.prefix.toUpperCase()}0000000002`);
  });

  it('parallel creates for one client get different numbers', async () => {
    const c = await k.newClient();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => k.create('admin', parcelBody({ clientId: c.id }))),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = replies.map((r) => (r.body as ParcelView).internalNumber).sort();
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.at(-1)).toBe(`${c.prefix.toUpperCase()}0000000008`);
  });

  it('an API key creates for its own client with source api', async () => {
    const res = await k.create({ apiKey: k.own.apiKey }, parcelBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ clientId: k.own.id, source: 'api', apiKeyId: expect.any(String) });
    expect(res.body.statusHistory[0]).toMatchObject({ source: 'api', changedById: null });
  });

  it.each<Role>(['superAdmin', 'admin', 'operator'])('%s creates for a named client', async (role) => {
    const res = await k.create(role, parcelBody({ clientId: k.other.id }));
    expect(res.status).toBe(201);
    expect(res.body.clientId).toBe(k.other.id);
  });

  it.each<Role>(['salesman', 'magazyn'])('%s is refused (403) and nothing is created', async (role) => {
    const before = await k.query('select count(*)::int as n from parcels');
    expectError(
      await k.create(role, parcelBody({ clientId: k.own.id })),
      403,
      'Forbidden',
      MESSAGES.forbidden,
    );
    expect(await k.query('select count(*)::int as n from parcels')).toEqual(before);
  });

  it('staff must name the client; an unknown one is not found on the field', async () => {
    expectValidation(await k.create('admin', parcelBody()), v.clientRequired, 'clientId');
    expectValidation(
      await k.create('admin', parcelBody({ clientId: UNKNOWN_ID })),
      MESSAGES.clientNotFound,
      'clientId',
    );
  });

  it('a client user or key naming another client gets 404', async () => {
    const body = parcelBody({ clientId: k.other.id });
    expectError(await k.create('user', body), 404, 'Not Found', MESSAGES.clientNotFound);
    expectError(await k.create({ apiKey: k.own.apiKey }, body), 404, 'Not Found', MESSAGES.clientNotFound);
  });

  it('fills blanks from the client settings: standard parcel, pickup address, default phone and e-mail', async () => {
    const c = await k.newClient({
      parcelSettings: {
        content: 'Toys',
        sizeL: 40,
        sizeW: 30,
        sizeD: 20,
        value: '25.00',
        valueCurrency: 'EUR',
        weightKg: '1.200',
      },
      defaultAddress: { ...address({ name: 'Magazyn', city: 'Poznań' }), phone: null, email: null },
      defaultPhoneShipping: '+48 111 222 333',
      defaultEmailShipping: 'default@shop.pl',
    });
    const res = await k.create(
      { token: c.userToken },
      { destinationAddress: address({ phone: '', email: null, country: 'PL' }) },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      orderType: 'domestic',
      content: 'Toys',
      sizeCmL: 40,
      sizeCmW: 30,
      sizeCmD: 20,
      value: '25.00',
      valueCurrency: 'EUR',
      weightKg: '1.200',
      packageCount: 1,
      pickupAddress: { name: 'Magazyn', city: 'Poznań' },
      destinationAddress: { phone: '+48 111 222 333', email: 'default@shop.pl' },
    });
  });

  const missing: [string, Record<string, unknown>, string, string][] = [
    ['weight', { weightKg: '' }, v.routeWeightRequired, 'weightKg'],
    ['length', { sizeCmL: null }, v.lengthRequired, 'sizeCmL'],
    ['width', { sizeCmW: '' }, v.widthRequired, 'sizeCmW'],
    ['height', { sizeCmD: null }, v.heightRequired, 'sizeCmD'],
    ['number of packages', { packageCount: '' }, v.packageCountRequired, 'packageCount'],
    ['value', { value: '' }, v.parcelValueRequired, 'value'],
    ['currency of value', { valueCurrency: null }, v.valueCurrencyRequired, 'valueCurrency'],
    ['content', { content: '  ' }, v.parcelContentRequired, 'content'],
    ['destination', { destinationAddress: null }, v.nameRequired, 'destinationAddress.name'],
    ['pickup address (no default)', { pickupAddress: null }, v.nameRequired, 'pickupAddress.name'],
    [
      'recipient phone',
      { destinationAddress: address({ phone: '' }) },
      v.phoneRequired,
      'destinationAddress.phone',
    ],
    ['COD currency', { cod: { amountCOD: '10' } }, v.codCurrencyRequired, 'cod.codCurrency'],
  ];
  it.each(missing)('missing %s: SPEC 5 message, nothing created', async (_l, over, message, path) => {
    const before = await k.query('select count(*)::int as n from parcels');
    expectValidation(await k.create('user', parcelBody(over)), message, path);
    expect(await k.query('select count(*)::int as n from parcels')).toEqual(before);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['weight 0', { weightKg: '0' }, v.routeWeightInvalid, 'weightKg'],
    ['weight text', { weightKg: 'heavy' }, v.routeWeightInvalid, 'weightKg'],
    ['length 0', { sizeCmL: 0 }, v.atLeastOneDigit, 'sizeCmL'],
    ['packages 1.5', { packageCount: 1.5 }, v.atLeastOneDigit, 'packageCount'],
    ['value text', { value: 'ten' }, v.atLeastOneDigit, 'value'],
    ['currency', { valueCurrency: 'zloty' }, v.currencyInvalid, 'valueCurrency'],
    ['order type', { orderType: 'express' }, v.orderTypeRequired, 'orderType'],
    [
      'country',
      { destinationAddress: address({ country: 'US' }) },
      v.routingCountryUnsupported,
      'destinationAddress.country',
    ],
    [
      'no country',
      { destinationAddress: address({ country: '' }) },
      v.countryRequired,
      'destinationAddress.country',
    ],
    [
      'street',
      { destinationAddress: address({ street: '' }) },
      v.streetRequired,
      'destinationAddress.street',
    ],
    [
      'building',
      { destinationAddress: address({ building: '' }) },
      v.buildingRequired,
      'destinationAddress.building',
    ],
    ['city', { destinationAddress: address({ city: '' }) }, v.cityRequired, 'destinationAddress.city'],
    [
      'postal code',
      { destinationAddress: address({ zipCode: '' }) },
      v.postalCodeRequired,
      'destinationAddress.zipCode',
    ],
    [
      'e-mail',
      { destinationAddress: address({ email: 'nope' }) },
      v.emailInvalid,
      'destinationAddress.email',
    ],
    ['domestic abroad', { orderType: 'domestic' }, MESSAGES.parcelDomesticCountries, 'orderType'],
    ['a return by hand', { orderType: 'internalReturn' }, MESSAGES.parcelReturnTypeOnCreate, 'orderType'],
  ];
  it.each(invalid)('invalid %s: refused with its message', async (_l, over, message, path) => {
    expectValidation(await k.create('user', parcelBody(over)), message, path);
  });

  it('refuses unknown fields', async () => {
    const res = await k.create('user', parcelBody({ status: 'delivered' }));
    expect(res.status).toBe(400);
  });

  it.each([
    ['the client', { disableNewOrders: true }, false],
    ['the user', {}, true],
  ])('refuses with the dashboard notice when %s has disableNewOrders', async (_l, flags, userFlag) => {
    const c = await k.newClient(flags);
    if (userFlag) await k.query('update users set disable_new_orders = true where id = $1', [c.userId]);
    const res = await k.create({ token: c.userToken }, parcelBody());
    expectError(res, 403, ERROR_CODES.ordersBlocked, MESSAGES.ordersBlocked);
    if (!userFlag) {
      const key = await k.create({ apiKey: c.apiKey }, parcelBody());
      expectError(key, 403, ERROR_CODES.ordersBlocked, MESSAGES.ordersBlocked);
    }
  });

  it('refuses a client without a prefix', async () => {
    const id = await k.t.createClient();
    expectError(
      await k.create('admin', parcelBody({ clientId: id })),
      400,
      'Bad Request',
      MESSAGES.parcelClientHasNoPrefix,
    );
  });

  it('keeps a parcel that routing cannot place: no carrier, not correct, with the reason', async () => {
    const res = await k.create('user', parcelBody({ weightKg: '55' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      operatorId: null,
      isCorrect: false,
      routing: { ok: false, reason: 'noMatch' },
    });
  });

  it('refuses a parcel heavier than the chosen carrier takes', async () => {
    // The default matrix sends up to 50 kg to a carrier that takes 40 kg.
    expectValidation(
      await k.create('user', parcelBody({ weightKg: '42' })),
      MESSAGES.parcelOverWeight,
      'weightKg',
    );
  });

  it("announces the new parcel in its client's room and not in another client's", async () => {
    const mine = k.t.socket({ token: k.own.userToken });
    const theirs = k.t.socket({ token: k.other.userToken });
    await Promise.all([connected(mine), connected(theirs)]);
    // Its own announcement, by id: an earlier test's parcel of the same client may be announced to this socket too.
    const heard: string[] = [];
    mine.on('parcel:created', (p) => heard.push(p.id));
    const theirLog = recorder(theirs);
    const res = await k.create('user', parcelBody());
    // Checked and, if not heard yet, awaited in the same turn: it cannot slip between the two.
    if (!heard.includes(res.body.id))
      await eventMatching(mine, 'parcel:created', (p) => p.id === res.body.id);
    await settled(k.t, theirs);
    expect(theirLog.events).not.toContain('parcel:created');
  });
});
