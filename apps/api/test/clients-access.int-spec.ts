import type { Response } from 'supertest';
import {
  CLIENT_ERROR_CODES,
  MESSAGES,
  type ClientView,
  type ListChange,
  type Role,
  type SubscribeAck,
} from '@depot/contracts';
import {
  ADMIN,
  connected,
  PASSWORD,
  startTestDepot,
  type DepotSocket,
  type TestDepot,
  eventMatching,
  disconnected,
  refusal,
} from './harness';
import { expectError, expectValidation } from './expectations';

/**
 * A client user's own client (GET /client/get/current, PUT /client/put/current), master accounts and their linked
 * accounts, and what the client flags do to users, sessions, API keys and sockets.
 */

const v = MESSAGES.validation;
const ROLES: Role[] = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'];
const STAFF: Role[] = ROLES.filter((r) => r !== 'user');

let seq = 0;
const tag = () =>
  `${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();
const validClient = (over: Record<string, unknown> = {}) => {
  const id = tag();
  return {
    companyName: `Client ${id}`,
    shortName: `CL-${id}`,
    vatId: 'PL5260001246',
    phone: '+48 22 100 20 30',
    country: 'PL',
    city: 'Gdańsk',
    street: 'Szeroka',
    zipCode: '80-001',
    building: '7',
    apartment: '2',
    currency: 'PLN',
    uniquePrefix: `Q${id}`,
    debtBlockDays: 7,
    ...over,
  };
};
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

const subscribe = (socket: DepotSocket, room: string): Promise<SubscribeAck> =>
  socket.timeout(5000).emitWithAck('subscribe', room);

describe('clients: own client, master accounts and flag effects', () => {
  let t: TestDepot;
  const tokens = {} as Record<Role, string>;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const as = (role: Role) => bearer(tokens[role]);
  const query = async <R extends object>(text: string, params: unknown[] = []) =>
    (await t.depot.runtime.pool.query<R>(text, params)).rows;
  const clientRow = async (id: string) =>
    (await query<Record<string, unknown>>('select * from clients where id = $1', [id]))[0];
  const auditCount = async () =>
    (await query<{ n: number }>('select count(*)::int as n from audit_log'))[0].n;
  const createClient = async (over: Record<string, unknown> = {}): Promise<ClientView> => {
    const res = await t.http().post('/api/client/create').set(as('admin')).send(validClient(over));
    expect(res.status).toBe(201);
    return res.body as ClientView;
  };
  const put = (id: string, body: Record<string, unknown>, role: Role = 'admin') =>
    t.http().put(`/api/client/${id}`).set(as(role)).send(body);
  /** A client user of `clientId`, signed in. */
  const clientUser = async (clientId: string) => {
    const u = await t.createUser('user', { clientId });
    return { ...u, token: await t.signIn(u.email) };
  };
  const open = async (auth: Record<string, unknown>): Promise<DepotSocket> => {
    const s = t.socket(auth);
    await connected(s);
    return s;
  };
  const currentUser = (token: string) => t.http().get('/api/user/get/current').set(bearer(token));

  beforeAll(async () => {
    t = await startTestDepot();
    tokens.superAdmin = await t.signIn(ADMIN.email, ADMIN.password);
    for (const role of ROLES.filter((r) => r !== 'superAdmin'))
      tokens[role] = (await t.userWithToken(role)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/client/get/current', () => {
    it("answers a client user with its own client's data, address and settings in SPEC names", async () => {
      const c = await createClient({
        clientName: 'Anna Nowak',
        email: 'biuro@client.pl',
        revertLogic: true,
        note: 'Internal: slow payer',
        iban: '61109010140000071219812874',
        defaultPhoneShipping: '+48 600 000 000',
      });
      const u = await clientUser(c.id);
      const res = await t.http().get('/api/client/get/current').set(bearer(u.token));
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
      const withQuery = await t.http().get(`/api/client/get/current?id=${other.id}`).set(bearer(u.token));
      expect(withQuery.body.id).toBe(own.id);
      for (const res of [
        await t.http().get(`/api/client/${other.id}`).set(bearer(u.token)),
        await t.http().get(`/api/client/${own.id}`).set(bearer(u.token)),
        await t.http().put(`/api/client/${other.id}`).set(bearer(u.token)).send({ note: 'x' }),
        await t.http().put(`/api/client/${own.id}`).set(bearer(u.token)).send({ active: true }),
        await t.http().post('/api/client/get/list').set(bearer(u.token)).send({}),
        await t.http().get('/api/client/get/options').set(bearer(u.token)),
        await t.http().post('/api/client/create').set(bearer(u.token)).send(validClient()),
      ]) {
        expectError(res, 403, 'Forbidden', MESSAGES.forbidden);
      }
    });

    it.each(STAFF)('refuses a %s (staff have no own client)', async (role) => {
      expectError(
        await t.http().get('/api/client/get/current').set(as(role)),
        403,
        'Forbidden',
        MESSAGES.forbidden,
      );
    });

    it('refuses an API key (it needs a signed-in user) and a call without a session', async () => {
      const c = await createClient();
      const key = await t.createApiKey(c.id);
      const res = await t.http().get('/api/client/get/current').set('X-Api-Key', key);
      expect(res.status).toBe(403);
      expect((await t.http().get('/api/client/get/current')).status).toBe(401);
    });
  });

  describe('PUT /api/client/put/current', () => {
    const putCurrent = (token: string, body: Record<string, unknown>) =>
      t.http().put('/api/client/put/current').set(bearer(token)).send(body);

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
      expect((await t.http().get('/api/client/get/current').set(bearer(u.token))).body).toEqual(res.body);
      const staffView = (await t.http().get(`/api/client/${c.id}`).set(as('admin'))).body as ClientView;
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
        await t
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

  describe('master accounts', () => {
    const confirmation = (res: Response, linkedAccounts: number, fields: string[]) => {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        error: CLIENT_ERROR_CODES.linkedAccountsConfirmation,
        message: MESSAGES.linkedAccountsConfirm,
        details: { linkedAccounts, fields },
      });
    };

    it('a change that reaches linked accounts needs confirmLinked, and then applies to them, each logged', async () => {
      const master = await createClient({ masterAccount: true });
      const linked = [
        await createClient({ masterId: master.id }),
        await createClient({ masterId: master.id }),
      ];
      expect((await t.http().get(`/api/client/${master.id}`).set(as('admin'))).body.linkedAccounts).toBe(2);

      const before = await clientRow(linked[0].id);
      const audits = await auditCount();
      const refused = await put(master.id, { disableNewOrders: true });
      confirmation(refused, 2, ['disableNewOrders']);
      expect(await clientRow(linked[0].id)).toEqual(before);
      expect((await clientRow(master.id)).disable_new_orders).toBe(false);
      expect(await auditCount()).toBe(audits);
      confirmation(await put(master.id, { disableNewOrders: true, confirmLinked: false }), 2, [
        'disableNewOrders',
      ]);

      const ok = await put(master.id, { disableNewOrders: true, confirmLinked: true });
      expect(ok.status).toBe(200);
      expect(ok.body.disableNewOrders).toBe(true);
      for (const l of linked) {
        const row = (await t.http().get(`/api/client/${l.id}`).set(as('admin'))).body as ClientView;
        expect(row).toMatchObject({ disableNewOrders: true, masterId: master.id });
        const [audit] = await query<{ details: unknown; created_by_id: string | null; after: ClientView }>(
          `select * from audit_log where type = 'client.update' and entity_id = $1 order by id desc limit 1`,
          [l.id],
        );
        expect(audit.details).toEqual({ viaMasterId: master.id });
        expect(audit.after).toEqual(row);
      }
    });

    it('other changes of a master need no confirmation and leave the linked accounts alone', async () => {
      const master = await createClient({ masterAccount: true });
      const linked = await createClient({ masterId: master.id });
      const before = await clientRow(linked.id);
      const res = await put(master.id, { note: 'Renegotiated', city: 'Sopot', viesCheck: true });
      expect(res.status).toBe(200);
      expect(await clientRow(linked.id)).toEqual(before);
      // A master without linked accounts changes its flags freely.
      const lonely = await createClient({ masterAccount: true });
      expect((await put(lonely.id, { active: false })).status).toBe(200);
    });

    it('turning masterAccount off needs confirmation and unlinks the linked accounts', async () => {
      const master = await createClient({ masterAccount: true });
      const linked = await createClient({ masterId: master.id });
      confirmation(await put(master.id, { masterAccount: false }), 1, ['masterAccount']);
      confirmation(await put(master.id, { masterAccount: false, active: false }), 1, [
        'active',
        'masterAccount',
      ]);
      const ok = await put(master.id, { masterAccount: false, confirmLinked: true });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ masterAccount: false, linkedAccounts: 0 });
      const row = (await t.http().get(`/api/client/${linked.id}`).set(as('admin'))).body as ClientView;
      expect(row).toMatchObject({ masterId: null, masterName: null, active: true });
    });

    it("deactivating a master (confirmed) signs out the linked accounts' users too", async () => {
      const master = await createClient({ masterAccount: true });
      const linked = await createClient({ masterId: master.id });
      const masterUser = await clientUser(master.id);
      const linkedUser = await clientUser(linked.id);
      const res = await put(master.id, { active: false, confirmLinked: true });
      expect(res.status).toBe(200);
      expect((await currentUser(masterUser.token)).status).toBe(401);
      expect((await currentUser(linkedUser.token)).status).toBe(401);
      const signIn = await t
        .http()
        .post('/api/auth/email')
        .send({ email: linkedUser.email, password: PASSWORD });
      expectError(signIn, 401, 'Unauthorized', MESSAGES.clientInactive);
    });
  });

  describe('flag effects', () => {
    it('an inactive client: its users are signed out, cannot sign in, its API keys and sockets stop', async () => {
      const c = await createClient();
      const u = await clientUser(c.id);
      const key = await t.createApiKey(c.id);
      const socket = await open({ token: u.token });
      const keySocket = await open({ apiKey: key });
      expect(keySocket.connected).toBe(true);
      // A working key is known but refused on a route for signed-in users only.
      expect((await t.http().get('/api/client/get/current').set('X-Api-Key', key)).status).toBe(403);

      const ended = eventMatching(socket, 'session:ended', () => true);
      const gone = disconnected(socket);
      const res = await put(c.id, { active: false });
      expect(res.status).toBe(200);
      expect(await ended).toEqual({ reason: 'revoked' });
      await gone;

      expect((await currentUser(u.token)).status).toBe(401);
      expectError(
        await t.http().post('/api/auth/email').send({ email: u.email, password: PASSWORD }),
        401,
        'Unauthorized',
        MESSAGES.clientInactive,
      );
      expectError(
        await t.http().get('/api/client/get/current').set('X-Api-Key', key),
        401,
        'Unauthorized',
        MESSAGES.notSignedIn,
      );
      expect(await refusal(t.socket({ token: u.token }))).toBe('Unauthorized');
      expect(await refusal(t.socket({ apiKey: key }))).toBe('Unauthorized');
      const sessions = await query<{ revoked: boolean }>(
        'select revoked_at is not null as revoked from sessions where user_id = $1',
        [u.id],
      );
      expect(sessions).toEqual([{ revoked: true }]);

      // Active again: the user signs in, the key works again; the old session stays ended.
      expect((await put(c.id, { active: true })).status).toBe(200);
      expect((await currentUser(await t.signIn(u.email))).status).toBe(200);
      expect((await t.http().get('/api/client/get/current').set('X-Api-Key', key)).status).toBe(403);
      expect((await currentUser(u.token)).status).toBe(401);
    });

    it('disableAccess: its signed-in user gets AccessDisabled on every call and its socket is cut', async () => {
      const c = await createClient();
      const u = await clientUser(c.id);
      const socket = await open({ token: u.token });
      expect((await currentUser(u.token)).status).toBe(200);

      const ended = eventMatching(socket, 'session:ended', () => true);
      const gone = disconnected(socket);
      expect((await put(c.id, { disableAccess: true })).status).toBe(200);
      expect(await ended).toEqual({ reason: 'accessDisabled' });
      await gone;

      const accessDisabled = { statusCode: 403, error: 'AccessDisabled', message: MESSAGES.accessDisabled };
      for (const res of [
        await currentUser(u.token),
        await t.http().get('/api/client/get/current').set(bearer(u.token)),
        await t
          .http()
          .put('/api/client/put/current')
          .set(bearer(u.token))
          .send({ settings: { content: 'x' } }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual(accessDisabled);
      }
      expect(await refusal(t.socket({ token: u.token }))).toBe('Unauthorized');
      // Signing in still works (the panel then shows the access-disabled page).
      const again = await t.signIn(u.email);
      expect((await currentUser(again)).body).toEqual(accessDisabled);

      // Access back: the same session works again.
      expect((await put(c.id, { disableAccess: false })).status).toBe(200);
      expect((await currentUser(u.token)).status).toBe(200);
      const back = await open({ token: u.token });
      expect(back.connected).toBe(true);
    });

    it("disableNewOrders shows in the client's current user and own client", async () => {
      const c = await createClient();
      const u = await clientUser(c.id);
      expect((await put(c.id, { disableNewOrders: true })).status).toBe(200);
      expect((await currentUser(u.token)).body.clientDisableNewOrders).toBe(true);
      expect((await t.http().get('/api/client/get/current').set(bearer(u.token))).body.disableNewOrders).toBe(
        true,
      );
    });

    it("other clients' users are not touched", async () => {
      const c = await createClient();
      const bystander = await clientUser((await createClient()).id);
      const socket = await open({ token: bystander.token });
      expect((await put(c.id, { active: false, disableAccess: true })).status).toBe(200);
      expect((await currentUser(bystander.token)).status).toBe(200);
      expect(socket.connected).toBe(true);
    });
  });

  describe('the live clients list (list:clients)', () => {
    it('superAdmin, admin and salesman may follow it; others and API keys may not', async () => {
      for (const role of ROLES) {
        const s = await open({ token: tokens[role] });
        expect((await subscribe(s, 'list:clients')).ok).toBe(
          ['superAdmin', 'admin', 'salesman'].includes(role),
        );
        s.disconnect();
      }
      const key = await t.createApiKey((await createClient()).id);
      const s = await open({ apiKey: key });
      expect((await subscribe(s, 'list:clients')).ok).toBe(false);
    });

    it('a follower gets an upsert on create, on edit, and for each linked account a master change reaches', async () => {
      const s = await open({ token: tokens.salesman });
      expect(await subscribe(s, 'list:clients')).toEqual({ ok: true });
      const body = validClient({ masterAccount: true });
      const onCreate = eventMatching(
        s,
        'list:change',
        (c) => c.list === 'clients' && c.op === 'upsert' && c.row.shortName === body.shortName,
      );
      const createdRes = await t.http().post('/api/client/create').set(as('admin')).send(body);
      const created = (await onCreate) as Extract<ListChange<'clients'>, { op: 'upsert' }>;
      expect(created).toMatchObject({ list: 'clients', created: true, row: { id: createdRes.body.id } });
      expect(created.actorId).toEqual(expect.any(String));
      expect(created.row).not.toHaveProperty('note');

      const linked = await createClient({ masterId: createdRes.body.id });
      const onEdit = eventMatching(
        s,
        'list:change',
        (c) => c.op === 'upsert' && !c.created && c.row.id === createdRes.body.id,
      );
      const onLinked = eventMatching(
        s,
        'list:change',
        (c) => c.op === 'upsert' && !c.created && c.row.id === linked.id,
      );
      expect((await put(createdRes.body.id, { active: false, confirmLinked: true })).status).toBe(200);
      expect(await onEdit).toMatchObject({ created: false, row: { active: false } });
      expect(await onLinked).toMatchObject({
        created: false,
        row: { active: false, masterId: createdRes.body.id },
      });
    });
  });
});
