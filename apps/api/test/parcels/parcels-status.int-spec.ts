import { MESSAGES, type ParcelView, type Role } from '@depot/contracts';
import { connected, eventMatching } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { dpdBody } from '../operators/operators.kit';
import { address, startParcelsKit, type ParcelsKit } from './parcels.kit';
import { recorder, settled } from '../realtime/realtime.kit';

/**
 * PUT /api/order/{id}/status, POST /api/order/{id}/return and autoReturnPackages, the live status events (a
 * client's room only), and the carrier rules: deactivation refused with the count, new parcels moved by the
 * global carrier change.
 */
describe('parcels: statuses, returns, carriers', () => {
  let k: ParcelsKit;
  const ret = (who: Parameters<ParcelsKit['auth']>[0], id: string) =>
    k.t.http().post(`/api/order/${id}/return`).set(k.auth(who));

  beforeAll(async () => {
    k = await startParcelsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it('staff set a status with a note: history with who and source panel, audit, delivery date', async () => {
    const p = await k.created(k.own.id);
    const res = await k.t
      .http()
      .put(`/api/order/${p.id}/status`)
      .set(k.auth('magazyn'))
      .send({ status: 'delivered', note: 'Signed by J.K.' });
    expect(res.status).toBe(200);
    const view = res.body as ParcelView;
    expect(view.status).toBe('delivered');
    expect(view.deliveryDate).not.toBeNull();
    expect(view.statusHistory.at(-1)).toMatchObject({
      status: 'delivered',
      previousStatus: 'new',
      source: 'panel',
      changedById: k.ids.magazyn,
      note: 'Signed by J.K.',
    });
    const [audit] = await k.query<{ before: unknown; after: unknown }>(
      "select before, after from audit_log where type = 'parcel.status' and entity_id = $1",
      [p.id],
    );
    expect(audit).toEqual({ before: { status: 'new' }, after: { status: 'delivered' } });
  });

  it.each<Role>(['salesman', 'user'])('%s may not set statuses (403)', async (role) => {
    const p = await k.created(k.own.id);
    expectError(await k.setStatus(p.id, 'pickup', role), 403, 'Forbidden', MESSAGES.forbidden);
    const key = await k.t
      .http()
      .put(`/api/order/${p.id}/status`)
      .set(k.auth({ apiKey: k.own.apiKey }))
      .send({ status: 'pickup' });
    expect(key.status).toBe(403);
  });

  it('refuses a missing or unknown status, and changes the rules forbid (nothing changes)', async () => {
    const p = await k.created(k.own.id);
    const put = (body: Record<string, unknown>) =>
      k.t.http().put(`/api/order/${p.id}/status`).set(k.auth('admin')).send(body);
    expectValidation(await put({}), MESSAGES.validation.statusRequired, 'status');
    expectValidation(await put({ status: 'lost' }), MESSAGES.validation.statusRequired, 'status');
    expect((await put({ status: 'new' })).body.message).toBe(MESSAGES.parcelStatusUnchanged);
    expect((await put({ status: 'toCancel' })).body.message).toBe(MESSAGES.parcelStatusNotSettable);
    await k.setStatus(p.id, 'delivered');
    const res = await put({ status: 'inTransport' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.parcelStatusDeliveredOnlyReturn);
    expect((await k.t.http().get(`/api/order/${p.id}`).set(k.auth('admin'))).body.statusHistory).toHaveLength(
      2,
    );
  });

  it("a status change reaches the parcel's client room (user and key sockets), not another client's", async () => {
    const p = await k.created(k.own.id);
    const user = k.t.socket({ token: k.own.userToken });
    const key = k.t.socket({ apiKey: k.own.apiKey });
    const stranger = k.t.socket({ token: k.other.userToken });
    const strangerKey = k.t.socket({ apiKey: k.other.apiKey });
    await Promise.all([user, key, stranger, strangerKey].map(connected));
    const heard = eventMatching(user, 'parcel:status_changed', (e) => e.id === p.id);
    const heardByKey = eventMatching(key, 'parcel:status_changed', (e) => e.id === p.id);
    const [strangerLog, strangerKeyLog] = [recorder(stranger), recorder(strangerKey)];
    expect((await k.setStatus(p.id, 'inTransport')).status).toBe(200);
    expect(await heard).toMatchObject({
      status: 'inTransport',
      previousStatus: 'new',
      source: 'panel',
      clientId: k.own.id,
    });
    expect((await heardByKey).status).toBe('inTransport');
    await settled(k.t, stranger, strangerKey);
    expect(strangerLog.events).not.toContain('parcel:status_changed');
    expect(strangerKeyLog.events).not.toContain('parcel:status_changed');
  });

  it('the live list: staff follow list:parcels, a client user only its own part', async () => {
    const p = await k.created(k.own.id);
    const staff = k.t.socket({ token: k.tokens.operator });
    const user = k.t.socket({ token: k.own.userToken });
    const stranger = k.t.socket({ token: k.other.userToken });
    await Promise.all([staff, user, stranger].map(connected));
    const sub = (s: typeof staff, room: string) => s.timeout(5000).emitWithAck('subscribe', room);
    expect(await sub(staff, 'list:parcels')).toEqual({ ok: true });
    expect(await sub(user, 'list:parcels')).toEqual({ ok: false, error: 'Forbidden' });
    expect(await sub(user, `list:parcels:${k.own.id}`)).toEqual({ ok: true });
    expect(await sub(stranger, `list:parcels:${k.own.id}`)).toEqual({ ok: false, error: 'Forbidden' });
    expect(await sub(stranger, `list:parcels:${k.other.id}`)).toEqual({ ok: true });
    const rowFor = (s: typeof staff) =>
      eventMatching(s, 'list:change', (c) => c.list === 'parcels' && c.op === 'upsert' && c.row.id === p.id);
    const [a, b] = [rowFor(staff), rowFor(user)];
    const strangerLog = recorder(stranger);
    await k.setStatus(p.id, 'pickup');
    expect(await a).toMatchObject({ row: { status: 'pickup' } });
    expect(await b).toMatchObject({ row: { status: 'pickup' } });
    await settled(k.t, stranger);
    expect(strangerLog.events).not.toContain('list:change');
  });

  it('creates a return: addresses swapped, internal return, routed, once', async () => {
    const p = await k.created(k.own.id, { cod: { amountCOD: '20', codCurrency: 'PLN' } });
    await k.setStatus(p.id, 'pickup');
    const res = await ret('user', p.id);
    expect(res.status).toBe(201);
    const r = res.body as ParcelView;
    expect(r).toMatchObject({
      orderType: 'internalReturn',
      source: 'parcel',
      returnOfId: p.id,
      clientId: k.own.id,
      pickupCountry: p.destinationCountry,
      destinationCountry: p.pickupCountry,
      pickupAddress: p.destinationAddress,
      destinationAddress: p.pickupAddress,
      cod: null,
      operatorId: k.operatorId,
    });
    expect(r.internalNumber).not.toBe(p.internalNumber);
    expect((await k.t.http().get(`/api/order/${p.id}`).set(k.auth('user'))).body.returnParcelId).toBe(r.id);
    expectError(await ret('user', p.id), 409, 'Conflict', MESSAGES.parcelReturnExists);
    expectError(await ret('user', r.id), 409, 'Conflict', MESSAGES.parcelReturnOfReturn);
    expectError(await ret('salesman', p.id), 403, 'Forbidden', MESSAGES.forbidden);
  });

  it('refuses a return of a parcel that has not left (status new, decision 0115); nothing is made', async () => {
    const p = await k.created(k.own.id);
    expectError(await ret('user', p.id), 409, 'Conflict', MESSAGES.parcelReturnNotLeft);
    expectError(await ret('admin', p.id), 409, 'Conflict', MESSAGES.parcelReturnNotLeft);
    expectError(await ret('salesman', p.id), 403, 'Forbidden', MESSAGES.forbidden);
    expect(await k.query('select id from parcels where return_of_id = $1', [p.id])).toHaveLength(0);
    for (const status of ['problem', 'delivered'] as const) {
      const q = await k.created(k.own.id);
      await k.setStatus(q.id, status);
      expect((await ret('user', q.id)).status).toBe(201);
    }
  });

  it('autoReturnPackages: reaching status return makes the return parcel once', async () => {
    const c = await k.newClient({ autoReturnPackages: true });
    const p = await k.created(c.id, { destinationAddress: address({ country: 'CZ' }) });
    await k.setStatus(p.id, 'inDelivery');
    expect((await k.setStatus(p.id, 'return')).status).toBe(200);
    const returns = await k.query<{ order_type: string; source: string }>(
      'select order_type, source from parcels where return_of_id = $1',
      [p.id],
    );
    expect(returns).toEqual([{ order_type: 'internalReturn', source: 'parcel' }]);
    await k.setStatus(p.id, 'problem');
    await k.setStatus(p.id, 'return');
    expect(await k.query('select id from parcels where return_of_id = $1', [p.id])).toHaveLength(1);
    const plain = await k.created(k.own.id);
    await k.setStatus(plain.id, 'return');
    expect(await k.query('select id from parcels where return_of_id = $1', [plain.id])).toHaveLength(0);
  });

  it('refuses to deactivate a carrier with active parcels, with the count; allowed once they are done', async () => {
    const carrier = await k.operator();
    const c = await k.newClient();
    const a = await k.created(c.id);
    const b = await k.created(c.id);
    const done = await k.created(c.id);
    await k.query('update parcels set operator_id = $1 where id = any($2)', [carrier, [a.id, b.id, done.id]]);
    await k.setStatus(done.id, 'delivered');
    const deactivate = () =>
      k.t
        .http()
        .put(`/api/operator/${carrier}`)
        .set(k.auth('admin'))
        .send(dpdBody({ operatorName: `Carrier off ${carrier.slice(0, 8)}`, active: false }));
    const res = await deactivate();
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: MESSAGES.operatorHasActiveParcels,
      details: [{ path: 'active', message: MESSAGES.operatorHasActiveParcels, values: { activeParcels: 2 } }],
    });
    await k.setStatus(a.id, 'delivered');
    await k.t.http().post('/api/order/deleteShipment').set(k.auth('admin')).send({ id: b.id });
    expect((await deactivate()).status).toBe(200);
  });

  it('the global carrier change moves parcels not yet sent, and reports how many', async () => {
    const from = await k.operator();
    const to = await k.operator();
    const c = await k.newClient();
    const fresh = await k.created(c.id);
    const sent = await k.created(c.id);
    await k.setStatus(sent.id, 'pickup');
    await k.query('update parcels set operator_id = $1 where id = any($2)', [from, [fresh.id, sent.id]]);
    // The screen's count before the change: the new parcel, not the one handed over (nor a deleted one).
    const gone = await k.created(c.id);
    await k.query('update parcels set operator_id = $1, deleted_at = now() where id = $2', [from, gone.id]);
    const usage = () => k.t.http().get(`/api/matrix/get/operatorUsage/${from}`).set(k.auth('admin'));
    expect((await usage()).body).toEqual({ operatorId: from, conditions: 0, matrices: 0, parcels: 1 });
    const res = await k.t
      .http()
      .put('/api/matrix/update/globalOperatorChange')
      .set(k.auth('admin'))
      .send({ fromOperatorId: from, toOperatorId: to });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ movedConditions: 0, movedParcels: 1 });
    const rows = await k.query<{ id: string; operator_id: string }>(
      'select id, operator_id from parcels where id = any($1)',
      [[fresh.id, sent.id]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.operator_id]))).toEqual({
      [fresh.id]: to,
      [sent.id]: from,
    });
    expect((await usage()).body).toMatchObject({ parcels: 0 });
  });
});
