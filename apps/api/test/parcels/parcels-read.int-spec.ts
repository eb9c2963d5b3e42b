import { MESSAGES, type ListReply, type ParcelListItem, type ParcelView, type Role } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { address, startParcelsKit, UNKNOWN_ID, type ParcelsKit } from './parcels.kit';

/**
 * GET /api/order/{id}, POST /api/order/get/list, PUT /api/order/{id}: tenant isolation (a client user or key
 * probing another client's ids gets 404), filters, search, keyset pages, deleted parcels hidden, edit only while new.
 */
describe('parcels: read, list, edit', () => {
  let k: ParcelsKit;
  let mine: ParcelView;
  let theirs: ParcelView;

  const list = (who: Parameters<ParcelsKit['auth']>[0], body: Record<string, unknown> = {}) =>
    k.t.http().post('/api/order/get/list').set(k.auth(who)).send(body);
  const get = (who: Parameters<ParcelsKit['auth']>[0], id: string) =>
    k.t.http().get(`/api/order/${id}`).set(k.auth(who));
  const put = (who: Parameters<ParcelsKit['auth']>[0], id: string, body: Record<string, unknown>) =>
    k.t.http().put(`/api/order/${id}`).set(k.auth(who)).send(body);
  const idsOf = (res: { body: ListReply<ParcelListItem> }) => res.body.items.map((i) => i.id);

  beforeAll(async () => {
    k = await startParcelsKit();
    mine = await k.created(k.own.id, { referenceNumber: 'MINE-REF-1' });
    theirs = await k.created(k.other.id, { referenceNumber: 'THEIRS-REF-1' });
  });
  afterAll(async () => {
    await k.close();
  });

  it.each<Role>(['superAdmin', 'admin', 'salesman', 'operator', 'magazyn'])(
    '%s reads any parcel',
    async (role) => {
      const res = await get(role, theirs.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: theirs.id, internalNumber: theirs.internalNumber });
    },
  );

  it("a client user and an API key read their own parcel, and get 404 for another client's", async () => {
    expect((await get('user', mine.id)).status).toBe(200);
    expect((await get({ apiKey: k.own.apiKey }, mine.id)).status).toBe(200);
    for (const who of ['user', { apiKey: k.own.apiKey }] as const) {
      expectError(await get(who, theirs.id), 404, 'Not Found', MESSAGES.parcelNotFound);
      expectError(await put(who, theirs.id, { note1: 'x' }), 404, 'Not Found', MESSAGES.parcelNotFound);
      const del = await k.t.http().post('/api/order/deleteShipment').set(k.auth(who)).send({ id: theirs.id });
      expectError(del, 404, 'Not Found', MESSAGES.parcelNotFound);
      const ret = await k.t.http().post(`/api/order/${theirs.id}/return`).set(k.auth(who));
      expectError(ret, 404, 'Not Found', MESSAGES.parcelNotFound);
    }
    expect((await get('admin', theirs.id)).body.note1).toBeNull();
  });

  it('an unknown or malformed id is 404', async () => {
    expectError(await get('admin', UNKNOWN_ID), 404, 'Not Found', MESSAGES.parcelNotFound);
    expectError(await get('admin', 'not-a-uuid'), 404, 'Not Found', MESSAGES.parcelNotFound);
  });

  it('a client user or API key lists only its own client, whatever clientId it filters by', async () => {
    for (const who of ['user', { apiKey: k.own.apiKey }] as const) {
      const res = await list(who, { filters: { clientId: k.other.id } });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(0);
      const own = await list(who);
      expect(idsOf(own)).toContain(mine.id);
      expect(idsOf(own)).not.toContain(theirs.id);
      expect(own.body.items.every((i: ParcelListItem) => i.clientId === k.own.id)).toBe(true);
    }
  });

  it('a list row carries the same values as the record, from the table and from a number search', async () => {
    const cod = await k.created(k.own.id, {
      weightKg: '2.345',
      cod: { amountCOD: '129.90', codCurrency: 'PLN' },
      referenceNumber: 'ROW-SHAPE-1',
    });
    const record = (await get('admin', cod.id)).body as ParcelView;
    const fromTable = (await list('admin', { filters: { clientId: k.own.id } })).body.items.find(
      (i: ParcelListItem) => i.id === cod.id,
    ) as ParcelListItem;
    const fromSearch = (await list('admin', { filters: { search: 'row-shape-1' } })).body.items[0];
    for (const row of [fromTable, fromSearch]) {
      expect(Object.keys(row)).toEqual(Object.keys(fromTable));
      for (const [key, value] of Object.entries(row))
        expect([key, value]).toEqual([key, record[key as keyof ParcelView]]);
    }
    expect(fromTable).toMatchObject({
      weightKg: '2.345',
      codAmount: '129.90',
      codCurrency: 'PLN',
      isCorrect: true,
    });
    expect(fromTable.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('staff filter by client, status, order type, source, carrier and countries', async () => {
    const c = await k.newClient();
    const a = await k.created(c.id);
    const b = await k.created(c.id, { destinationAddress: address({ country: 'PL' }) });
    await k.setStatus(b.id, 'pickup');
    const ids = async (filters: Record<string, unknown>) =>
      idsOf(await list('admin', { filters: { clientId: c.id, ...filters } }));
    expect((await ids({})).sort()).toEqual([a.id, b.id].sort());
    expect(await ids({ statuses: ['pickup'] })).toEqual([b.id]);
    expect(await ids({ orderTypes: ['domestic'] })).toEqual([b.id]);
    expect(await ids({ destinationCountry: 'de' })).toEqual([a.id]);
    expect((await ids({ pickupCountry: 'PL', operatorId: k.operatorId, sources: ['form'] })).length).toBe(2);
    expect(await ids({ sources: ['api'] })).toEqual([]);
  });

  it('searches every number (internal, reference, external …) by its start or the whole number', async () => {
    await k.query("update parcels set external_number = 'EXT-778899', barcode = 'BC-5566' where id = $1", [
      mine.id,
    ]);
    for (const term of [
      mine.internalNumber,
      mine.internalNumber.slice(0, 4),
      'mine-ref',
      'ext-7788',
      'bc-55',
    ]) {
      expect(idsOf(await list('admin', { filters: { search: term } }))).toContain(mine.id);
    }
    expect(idsOf(await list('admin', { filters: { search: 'MINE-REF' } }))).not.toContain(theirs.id);
    // A prefix search (decision 0083): a part in the middle or at the end of a number does not match.
    for (const term of [mine.internalNumber.slice(-6), '778899', 'REF-1']) {
      expect(idsOf(await list('admin', { filters: { search: term } }))).not.toContain(mine.id);
    }
  });

  it('shows the current Warsaw year by default; other years only when asked', async () => {
    const old = await k.created(k.own.id);
    await k.query("update parcels set created_at = '2001-06-15T10:00:00Z' where id = $1", [old.id]);
    expect(idsOf(await list('admin', { filters: { clientId: k.own.id } }))).not.toContain(old.id);
    const res = await list('admin', {
      filters: { clientId: k.own.id, dateFrom: '2001-06-15', dateTo: '2001-06-15' },
    });
    expect(idsOf(res)).toEqual([old.id]);
    expectValidation(
      await list('admin', { filters: { dateFrom: '2001-06-16', dateTo: '2001-06-15' } }),
      MESSAGES.dateRangeInvalid,
      'filters.dateTo',
    );
    expectValidation(
      await list('admin', { filters: { dateFrom: '15.06.2001' } }),
      MESSAGES.validation.dateInvalid,
      'filters.dateFrom',
    );
  });

  it('pages with a keyset cursor in every sort order without repeats', async () => {
    const c = await k.newClient();
    for (let i = 0; i < 5; i++) await k.created(c.id, { weightKg: String(i % 2 ? 3 : 1) });
    for (const field of ['createdAt', 'internalNumber', 'status', 'weightKg']) {
      for (const direction of ['asc', 'desc']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await list('admin', {
            filters: { clientId: c.id },
            orderBy: { field, direction },
            limit: 2,
            cursor,
          });
          expect(res.status).toBe(200);
          expect(res.body.total).toBe(5);
          seen.push(...idsOf(res));
          cursor = res.body.nextCursor;
        } while (cursor);
        expect(new Set(seen).size).toBe(5);
      }
    }
    expectError(await list('admin', { cursor: 'garbage' }), 400, 'Bad Request', MESSAGES.invalidCursor);
    expect((await list('admin', { limit: 51 })).status).toBe(400);
  });

  it('hides deleted parcels (cancelled before decision 0115) from the list and from reads', async () => {
    const p = await k.created(k.own.id);
    await k.query("update parcels set status = 'canceled', deleted_at = now() where id = $1", [p.id]);
    expect(idsOf(await list('admin', { filters: { clientId: k.own.id } }))).not.toContain(p.id);
    expectError(await get('admin', p.id), 404, 'Not Found', MESSAGES.parcelNotFound);
  });

  it('edits a new parcel (audited, routed again when the destination changes)', async () => {
    const p = await k.created(k.own.id);
    const res = await put('user', p.id, {
      note1: 'Call first',
      destinationAddress: address({ country: 'PL' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ note1: 'Call first', destinationCountry: 'PL', orderType: 'internal' });
    expect(res.body.routing.condition).toBeDefined();
    const [audit] = await k.query<{ before: { note1: string | null }; after: { note1: string } }>(
      "select before, after from audit_log where type = 'parcel.update' and entity_id = $1",
      [p.id],
    );
    expect(audit.before.note1).toBeNull();
    expect(audit.after.note1).toBe('Call first');
  });

  it('refuses an edit that changes nothing, invalid values, and any edit once the parcel was handed over', async () => {
    const p = await k.created(k.own.id);
    expectError(await put('user', p.id, { note1: null }), 400, 'Bad Request', MESSAGES.noValueChanged);
    expectValidation(
      await put('user', p.id, { content: '' }),
      MESSAGES.validation.parcelContentRequired,
      'content',
    );
    expectValidation(
      await put('user', p.id, { weightKg: '-1' }),
      MESSAGES.validation.routeWeightInvalid,
      'weightKg',
    );
    await k.setStatus(p.id, 'pickup');
    expectError(await put('user', p.id, { note1: 'late' }), 409, 'Conflict', MESSAGES.parcelEditOnlyNew);
  });

  it.each<Role>(['salesman', 'magazyn'])('%s may not edit (403)', async (role) => {
    expectError(await put(role, mine.id, { note1: 'x' }), 403, 'Forbidden', MESSAGES.forbidden);
  });
});
