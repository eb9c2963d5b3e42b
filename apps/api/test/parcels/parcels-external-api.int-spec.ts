import { MESSAGES, type ParcelListItem, type ParcelView } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { binary } from '../exports/exports.kit';
import { noticesOf } from '../labels/labels.kit';
import { address, parcelBody, startParcelsKit, tag, UNKNOWN_ID, type ParcelsKit } from './parcels.kit';
import { readPdf } from '../labels/pdf-inspect';

const v = MESSAGES.validation;
const KEY_REFUSED = MESSAGES.sessionOnly;

/**
 * The integrators' parcel API with an API key (decisions 0085–0086): create (the form's validation, idempotent),
 * get, list with filters and cursors, edit, label (PDF and ZPL), cancel, return; another client's ids are 404;
 * panel-only calls are refused to keys; an inactive client's key is refused.
 */
describe('external API: parcels with an API key', () => {
  let k: ParcelsKit;
  let key: { apiKey: string };
  const http = () => k.t.http();
  const get = (id: string, who: Parameters<ParcelsKit['auth']>[0] = key) =>
    http().get(`/api/order/${id}`).set(k.auth(who));
  const list = (body: object, who: Parameters<ParcelsKit['auth']>[0] = key) =>
    http().post('/api/order/get/list').set(k.auth(who)).send(body);
  const label = (body: object, who: Parameters<ParcelsKit['auth']>[0] = key) =>
    http()
      .post('/api/order/generateLabelsForSinglePackage')
      .set(k.auth(who))
      .send(body)
      .buffer(true)
      .parse(binary);
  const cancel = (id: string, who: Parameters<ParcelsKit['auth']>[0] = key) =>
    http().post('/api/order/deleteShipment').set(k.auth(who)).send({ id });
  const createReturn = (id: string, who: Parameters<ParcelsKit['auth']>[0] = key) =>
    http().post(`/api/order/${id}/return`).set(k.auth(who));
  const idempotentCreate = (idemKey: string, body: object) =>
    http().post('/api/order/create').set(k.auth(key)).set('Idempotency-Key', idemKey).send(body);
  const countRef = async (ref: string) =>
    (
      await k.query<{ n: number }>('select count(*)::int as n from parcels where reference_number = $1', [
        ref,
      ])
    )[0].n;

  beforeAll(async () => {
    k = await startParcelsKit();
    key = { apiKey: k.own.apiKey };
  });
  afterAll(async () => {
    await k.close();
  });

  describe('create', () => {
    it("creates a parcel of the key's client: source api, numbered, routed, the key in the history", async () => {
      const res = await k.create(key, parcelBody({ referenceNumber: `EXT-${tag()}` }));
      expect(res.status).toBe(201);
      const p = res.body as ParcelView;
      expect(p).toMatchObject({
        clientId: k.own.id,
        source: 'api',
        status: 'new',
        operatorId: k.operatorId,
        isCorrect: true,
        routing: { ok: true },
      });
      expect(p.internalNumber.startsWith(k.own.prefix)).toBe(true);
      expect(p.statusHistory).toEqual([
        expect.objectContaining({ status: 'new', source: 'api', changedById: null }),
      ]);
      expect(p.statusHistory[0].apiKeyId).toEqual(expect.any(String));
      expect(res.headers['x-ratelimit-limit']).toEqual(expect.any(String));
    });

    // The very messages of the panel's form (createParcelFormSchema / parcelRequiredIssues).
    it.each([
      ['weight', { weightKg: '' }, v.routeWeightRequired, 'weightKg'],
      ['weight 0', { weightKg: '0' }, v.routeWeightInvalid, 'weightKg'],
      ['length', { sizeCmL: null }, v.lengthRequired, 'sizeCmL'],
      ['packages', { packageCount: 1.5 }, v.atLeastOneDigit, 'packageCount'],
      ['content', { content: ' ' }, v.parcelContentRequired, 'content'],
      ['currency', { valueCurrency: 'zloty' }, v.currencyInvalid, 'valueCurrency'],
      ['destination', { destinationAddress: null }, v.nameRequired, 'destinationAddress.name'],
      [
        'recipient phone',
        { destinationAddress: address({ phone: '' }) },
        v.phoneRequired,
        'destinationAddress.phone',
      ],
      [
        'country',
        { destinationAddress: address({ country: 'US' }) },
        v.routingCountryUnsupported,
        'destinationAddress.country',
      ],
      ['COD currency', { cod: { amountCOD: '10' } }, v.codCurrencyRequired, 'cod.codCurrency'],
    ])('invalid %s: the form’s message, nothing created', async (_l, over, message, path) => {
      const ref = `BAD-${tag()}`;
      expectValidation(await k.create(key, parcelBody({ referenceNumber: ref, ...over })), message, path);
      expect(await countRef(ref)).toBe(0);
    });

    it("naming another client's id reads as a missing client", async () => {
      const res = await k.create(key, parcelBody({ clientId: k.other.id }));
      expectError(res, 404, 'Not Found', MESSAGES.clientNotFound);
    });
  });

  describe('idempotent create (Idempotency-Key)', () => {
    it('the same key and body twice make one parcel; the second reply is the first, replayed', async () => {
      const ref = `IDEM-${tag()}`;
      const idemKey = `order-${tag()}`;
      const first = await idempotentCreate(idemKey, parcelBody({ referenceNumber: ref }));
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await idempotentCreate(idemKey, parcelBody({ referenceNumber: ref }));
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await countRef(ref)).toBe(1);
    });

    it('the same key with another body is refused with 422 and creates nothing', async () => {
      const idemKey = `order-${tag()}`;
      const ref = `IDEM-${tag()}`;
      expect((await idempotentCreate(idemKey, parcelBody({ referenceNumber: ref }))).status).toBe(201);
      const other = `IDEM-${tag()}`;
      const res = await idempotentCreate(idemKey, parcelBody({ referenceNumber: other }));
      expectError(res, 422, 'Unprocessable Entity', MESSAGES.idempotencyKeyReused);
      expect(await countRef(other)).toBe(0);
    });

    it('a refused create is replayed as refused (fix the data, use a new key)', async () => {
      const idemKey = `order-${tag()}`;
      const body = parcelBody({ weightKg: '' });
      expectValidation(await idempotentCreate(idemKey, body), v.routeWeightRequired, 'weightKg');
      const again = await idempotentCreate(idemKey, body);
      expectValidation(again, v.routeWeightRequired, 'weightKg');
      expect(again.headers['idempotent-replayed']).toBe('true');
    });

    it('a return made with an Idempotency-Key is made once', async () => {
      const p = await k.created(k.own.id);
      // A return is made of a parcel that has left (decision 0115).
      await k.setStatus(p.id, 'pickup');
      const idemKey = `return-${tag()}`;
      const send = () => createReturn(p.id).set('Idempotency-Key', idemKey);
      const first = await send();
      expect(first.status).toBe(201);
      const again = await send();
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.id).toBe(first.body.id);
      const rows = await k.query('select id from parcels where return_of_id = $1', [p.id]);
      expect(rows).toHaveLength(1);
    });
  });

  describe('read', () => {
    it('gets one of its parcels with the status history', async () => {
      const p = await k.created(k.own.id);
      const res = await get(p.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: p.id, clientId: k.own.id, internalNumber: p.internalNumber });
      expect(res.body.statusHistory).toHaveLength(1);
    });

    it('lists only its own parcels, filtered, page by page with the cursor', async () => {
      const search = `LST${tag()}`;
      const mine: string[] = [];
      for (const country of ['CZ', 'CZ', 'CZ', 'DE'])
        mine.push(
          (
            await k.created(k.own.id, {
              referenceNumber: `${search}-${mine.length}`,
              destinationAddress: address({ country }),
            })
          ).id,
        );
      await k.created(k.other.id, {
        referenceNumber: `${search}-other`,
        destinationAddress: address({ country: 'CZ' }),
      });
      const filters = { search, destinationCountry: 'CZ' };
      const orderBy = { field: 'createdAt', direction: 'asc' };

      const first = await list({ filters, orderBy, limit: 2 });
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(3);
      expect(first.body.items.map((i: ParcelListItem) => i.id)).toEqual(mine.slice(0, 2));
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const second = await list({ filters, orderBy, limit: 2, cursor: first.body.nextCursor });
      expect(second.body.items.map((i: ParcelListItem) => i.id)).toEqual([mine[2]]);
      expect(second.body.nextCursor).toBeNull();
      // Staff see the other client's parcel too; a key naming that client sees none of its parcels.
      expect((await list({ filters, orderBy }, 'admin')).body.total).toBe(4);
      expect((await list({ filters: { ...filters, clientId: k.other.id }, orderBy })).body.total).toBe(0);
    });

    it('refuses an invalid filter and an invalid cursor', async () => {
      expectValidation(
        await list({ filters: { dateFrom: '2026-05-01', dateTo: '2026-04-01' } }),
        MESSAGES.dateRangeInvalid,
        'filters.dateTo',
      );
      const res = await list({ cursor: 'not-a-cursor' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.invalidCursor);
    });
  });

  describe('labels', () => {
    it('gets the label as an A6 PDF, and as ZPL', async () => {
      const p = await k.created(k.own.id, { packageCount: 2 });
      const pdf = await label({ id: p.id });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect((await readPdf(pdf.body as Buffer)).pages).toBe(2);
      expect(noticesOf(pdf)).toEqual(expect.any(Array));
      const zpl = await label({ id: p.id, format: 'zpl' });
      expect(zpl.status).toBe(200);
      expect((zpl.body as Buffer).toString('utf8').match(/\^XA/g)).toHaveLength(2);
    });

    it('refuses an invalid request with the labels’ message', async () => {
      const res = await http()
        .post('/api/order/generateLabelsForSinglePackage')
        .set(k.auth(key))
        .send({ id: 'x' });
      expectValidation(res, MESSAGES.labelParcelIdInvalid, 'id');
    });
  });

  describe('cancel and edit', () => {
    it('cancels a new parcel at once, and keeps it (decision 0115)', async () => {
      const p = await k.created(k.own.id);
      const res = await cancel(p.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: p.id, status: 'canceled', deleted: false, jobId: null });
      expect((await get(p.id)).body).toMatchObject({ id: p.id, status: 'canceled' });
      const [history] = await k.query<{ source: string }>(
        "select source from parcel_status_history where parcel_id = $1 and status = 'canceled'",
        [p.id],
      );
      expect(history).toEqual({ source: 'api' });
    });

    it('edits a new parcel', async () => {
      const p = await k.created(k.own.id);
      const res = await http().put(`/api/order/${p.id}`).set(k.auth(key)).send({ note1: 'Gate 4' });
      expect(res.status).toBe(200);
      expect(res.body.note1).toBe('Gate 4');
    });
  });

  describe("another client's parcel ids answer 404 and change nothing", () => {
    let theirs: ParcelView;
    beforeAll(async () => {
      theirs = await k.created(k.other.id);
    });
    it.each([
      ['get', () => get(theirs.id), MESSAGES.parcelNotFound],
      ['get (unknown id)', () => get(UNKNOWN_ID), MESSAGES.parcelNotFound],
      ['cancel', () => cancel(theirs.id), MESSAGES.parcelNotFound],
      ['return', () => createReturn(theirs.id), MESSAGES.parcelNotFound],
      [
        'edit',
        () => http().put(`/api/order/${theirs.id}`).set(k.auth(key)).send({ note1: 'x' }),
        MESSAGES.parcelNotFound,
      ],
    ])('%s', async (_l, call, message) => {
      expectError(await call(), 404, 'Not Found', message);
    });

    it('label: "No package found"', async () => {
      const res = await label({ id: theirs.id });
      expect(res.status).toBe(404);
      expect(JSON.parse((res.body as Buffer).toString('utf8'))).toEqual({
        statusCode: 404,
        error: 'NoPackageFound',
        message: MESSAGES.noPackageFound,
      });
    });

    it('… and the probes changed nothing: still new, no return parcel', async () => {
      const [row] = await k.query<{ status: string; n: number }>(
        'select status, (select count(*)::int from parcels r where r.return_of_id = p.id) as n from parcels p where id = $1',
        [theirs.id],
      );
      expect(row).toEqual({ status: 'new', n: 0 });
    });
  });

  describe('refused', () => {
    it('panel-only calls: the mass action and a status by hand', async () => {
      const p = await k.created(k.own.id);
      const mass = await http()
        .post('/api/order/massAction')
        .set(k.auth(key))
        .send({ actionName: 'deleteShipments', ids: [p.id] });
      expectError(mass, 403, 'Forbidden', KEY_REFUSED);
      const status = await http()
        .put(`/api/order/${p.id}/status`)
        .set(k.auth(key))
        .send({ status: 'pickup' });
      expectError(status, 403, 'Forbidden', KEY_REFUSED);
      expect((await get(p.id)).body.status).toBe('new');
    });

    it("an inactive client's key, a deactivated key and an unknown key get 401", async () => {
      const inactiveClient = await k.t.createClient({
        uniquePrefix: `Q${tag()}`.slice(0, 12),
        active: false,
      });
      const ofInactiveClient = await k.t.createApiKey(inactiveClient);
      const inactive = await k.t.createApiKey(k.own.id, false);
      for (const apiKey of [ofInactiveClient, inactive, `dpk_${'x'.repeat(43)}`]) {
        expectError(await k.create({ apiKey }, parcelBody()), 401, 'Unauthorized', MESSAGES.notSignedIn);
        expect((await list({}, { apiKey })).status).toBe(401);
      }
    });
  });
});
