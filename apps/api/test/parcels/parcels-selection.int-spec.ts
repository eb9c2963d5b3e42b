import { MESSAGES, PARCEL_SELECTION_MAX_IDS, type ParcelView, type Role } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { startParcelsKit, UNKNOWN_ID, type ParcelsKit } from './parcels.kit';

/**
 * POST /api/order/selection/ids (decision 0071): a list selection resolved to parcel ids in the list's order —
 * select-all under the filters minus exceptions, picked ids as picked, a client user's own client only.
 */
describe('parcels: selection ids', () => {
  let k: ParcelsKit;
  let mine: ParcelView[];
  let theirs: ParcelView;
  let ref: string;

  const resolve = (who: Parameters<ParcelsKit['auth']>[0], body: unknown) =>
    k.t
      .http()
      .post('/api/order/selection/ids')
      .set(k.auth(who))
      .send(body as object);

  beforeAll(async () => {
    k = await startParcelsKit();
    ref = `SEL${Date.now().toString(36)}`.toUpperCase();
    mine = [];
    for (const [i, w] of ['1.5', '3', '0.5'].entries())
      mine.push(await k.created(k.own.id, { referenceNumber: `${ref}-${i}`, weightKg: w }));
    theirs = await k.created(k.other.id, { referenceNumber: `${ref}-X` });
  });
  afterAll(async () => {
    await k.close();
  });

  it.each<Role>(['superAdmin', 'admin', 'salesman', 'operator', 'magazyn'])(
    '%s resolves select-all with exceptions under the filters, in the list order',
    async (role) => {
      const res = await resolve(role, {
        selectedAll: true,
        exceptId: [mine[0].id],
        filters: { search: ref },
        orderBy: { field: 'weightKg', direction: 'asc' },
      });
      expect(res.status).toBe(200);
      // Weights: theirs 2.5, mine[1] 3, mine[2] 0.5 → ascending.
      expect(res.body).toEqual({ ids: [mine[2].id, theirs.id, mine[1].id] });
    },
  );

  it("accepts SPEC 7's getListReq shape and descending order", async () => {
    const res = await resolve('admin', {
      exceptId: [],
      getListReq: {
        selectedAll: true,
        filters: { search: ref, clientId: k.own.id },
        orderBy: { field: 'weightKg', direction: 'desc' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.ids).toEqual([mine[1].id, mine[0].id, mine[2].id]);
  });

  it('takes picked ids as picked (whatever the filters say), unknown ids left out', async () => {
    const res = await resolve('admin', {
      ids: [theirs.id, mine[0].id, UNKNOWN_ID],
      filters: { search: 'NOTHING-MATCHES' },
    });
    expect(res.status).toBe(200);
    expect([...res.body.ids].sort()).toEqual([theirs.id, mine[0].id].sort());
  });

  it("a client user gets its own client's parcels only, also when it picks or filters another's", async () => {
    const all = await resolve('user', { selectedAll: true, filters: { search: ref } });
    expect(all.status).toBe(200);
    expect([...all.body.ids].sort()).toEqual(mine.map((p) => p.id).sort());
    const filtered = await resolve('user', {
      selectedAll: true,
      filters: { search: ref, clientId: k.other.id },
    });
    expect(filtered.body).toEqual({ ids: [] });
    const picked = await resolve('user', { ids: [theirs.id, mine[1].id] });
    expect(picked.body).toEqual({ ids: [mine[1].id] });
    const onlyTheirs = await resolve('user', { ids: [theirs.id] });
    expect(onlyTheirs.body).toEqual({ ids: [] });
  });

  it('leaves out deleted parcels (cancelled new ones before decision 0115), keeps cancelled ones', async () => {
    const gone = await k.created(k.own.id, { referenceNumber: `${ref}-GONE` });
    await k.query("update parcels set status = 'canceled', deleted_at = now() where id = $1", [gone.id]);
    expect((await resolve('admin', { ids: [gone.id] })).body).toEqual({ ids: [] });
    const kept = await k.created(k.own.id, { referenceNumber: `KEPT-${ref}` });
    const del = await k.t.http().post('/api/order/deleteShipment').set(k.auth('admin')).send({ id: kept.id });
    expect(del.body).toMatchObject({ status: 'canceled' });
    expect((await resolve('admin', { ids: [kept.id] })).body).toEqual({ ids: [kept.id] });
  });

  describe('refuses bad input', () => {
    it('nothing picked and no select-all', async () => {
      expectValidation(await resolve('admin', {}), MESSAGES.parcelNothingSelected, 'ids');
      expectValidation(await resolve('admin', { ids: [] }), MESSAGES.parcelNothingSelected, 'ids');
    });
    it('an id that is not a uuid', async () => {
      expectValidation(await resolve('admin', { ids: ['x'] }), MESSAGES.parcelNothingSelected, 'ids.0');
    });
    it('too many picked ids', async () => {
      const ids = Array.from({ length: 20_001 }, () => UNKNOWN_ID);
      expectValidation(await resolve('admin', { ids }), MESSAGES.exportSelectionTooLarge, 'ids');
    });
    it('a filter the list would refuse', async () => {
      const res = await resolve('admin', { selectedAll: true, filters: { statuses: ['lost'] } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ValidationError');
      expect(res.body.details[0].path).toBe('filters.statuses.0');
      const range = await resolve('admin', {
        selectedAll: true,
        filters: { dateFrom: '2026-05-02', dateTo: '2026-05-01' },
      });
      expectValidation(range, MESSAGES.dateRangeInvalid, 'filters.dateTo');
    });
    it('an unknown field or order', async () => {
      expect((await resolve('admin', { selectedAll: true, actionName: 'x' })).status).toBe(400);
      const order = await resolve('admin', {
        selectedAll: true,
        orderBy: { field: 'clientName', direction: 'asc' },
      });
      expect(order.status).toBe(400);
      expect(order.body.details[0].path).toBe('orderBy.field');
    });
  });

  it(`refuses a selection of more than ${PARCEL_SELECTION_MAX_IDS} parcels, and resolves exactly that many`, async () => {
    const bulk = `BULK${Date.now().toString(36)}`.toUpperCase();
    const insert = (from: number, to: number) =>
      k.query(
        `INSERT INTO parcels (client_id, order_type, source, status, reference_number, internal_number, weight_kg,
           pickup_address, destination_address, pickup_country, destination_country)
         SELECT client_id, order_type, source, status, $1 || '-' || g, $1 || lpad(g::text, 6, '0'), weight_kg,
           pickup_address, destination_address, pickup_country, destination_country
         FROM parcels, generate_series($2::int, $3::int) g WHERE id = $4`,
        [bulk, from, to, mine[0].id],
      );
    await insert(1, PARCEL_SELECTION_MAX_IDS);
    const exact = await resolve('admin', { selectedAll: true, filters: { search: bulk } });
    expect(exact.status).toBe(200);
    expect(exact.body.ids).toHaveLength(PARCEL_SELECTION_MAX_IDS);
    await insert(PARCEL_SELECTION_MAX_IDS + 1, PARCEL_SELECTION_MAX_IDS + 1);
    const over = await resolve('admin', { selectedAll: true, filters: { search: bulk } });
    expectError(over, 400, 'Bad Request', MESSAGES.parcelSelectionTooLarge);
    const excepted = await resolve('admin', {
      selectedAll: true,
      exceptId: [exact.body.ids[0]],
      filters: { search: bulk },
    });
    expect(excepted.status).toBe(200);
  });

  it('refuses a request without a session', async () => {
    const res = await k.t.http().post('/api/order/selection/ids').send({ selectedAll: true });
    expect(res.status).toBe(401);
  });

  it('refuses an API key (panel only)', async () => {
    const res = await resolve({ apiKey: k.own.apiKey }, { selectedAll: true });
    expect(res.status).toBe(403);
  });
});
