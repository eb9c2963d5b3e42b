import { MESSAGES, rooms, type RefreshStatusesResult } from '@depot/contracts';
import { StatusRefreshService } from '../../src/modules/status-refresh/status-refresh.service';
import { eventMatching } from '../harness';
import { startCarrierKit, type CarrierKit } from '../parcels/parcels-carrier.kit';
import { address } from '../parcels/parcels.kit';

/**
 * The status refresh (issue 15 item 3, decision 0145) against the fake InPost ShipX: tracking read through the status
 * map into parcels' statuses and histories, live; a code nobody mapped is listed and mapping it re-applies it; a
 * carrier that does not answer is a status download error; tracking stops at a terminal code.
 */

const minute = (n: number) => new Date(Date.UTC(2026, 10, 28, 8, n));

describe('status refresh from carriers', () => {
  let c: CarrierKit;

  beforeAll(async () => {
    c = await startCarrierKit();
    const res = await c.k.t
      .http()
      .post('/api/mapStatus/saveMapInDB')
      .set(c.k.auth('admin'))
      .send({
        operatorType: 'INPOST',
        rows: [
          { code: 'collected_from_sender', description: 'Collected', dbName: 'pickup', isTerminal: false },
          {
            code: 'adopted_at_sorting_center',
            description: 'At sorting',
            dbName: 'parcelCenter',
            isTerminal: false,
          },
          { code: 'out_for_delivery', description: 'Out', dbName: 'inDelivery', isTerminal: false },
          { code: 'delivered', description: 'Delivered', dbName: 'delivered', isTerminal: true },
          { code: 'returned_to_sender', description: 'Returned', dbName: 'return', isTerminal: true },
        ],
      });
    if (res.status !== 200) throw new Error(`status map: ${res.status} ${JSON.stringify(res.body)}`);
  });
  afterAll(async () => {
    await c.close();
  });

  /** Starts "refresh status" for these parcels as the admin, answering the reply and the job's result. */
  async function refresh(ids: string[]) {
    const res = await c.k.t.http().post('/api/order/refreshStatuses').set(c.k.auth('admin')).send({ ids });
    expect(res.status).toBe(202);
    const jobId = (res.body as { jobId: string }).jobId;
    // A failed job says why at once (no timer of its own: the finish's wait bounds it).
    let onFailed: (e: { jobId: string; message: string }) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      onFailed = (e) => {
        if (e.jobId === jobId) reject(new Error(`refresh failed: ${e.message}`));
      };
      c.socket.on('job:failed', onFailed);
    });
    let done;
    try {
      done = await Promise.race([c.finished(jobId), failed]);
    } finally {
      c.socket.off('job:failed', onFailed);
    }
    return {
      reply: res.body as { jobId: string; count: number },
      result: done.result as RefreshStatusesResult,
    };
  }

  const carrierState = (id: string) =>
    c.k.query<{ status: string; carrier_status_code: string | null; delivery_date: Date | null }>(
      'select status, carrier_status_code, delivery_date from parcels where id = $1',
      [id],
    );

  it('moves a parcel through its carrier’s events, writes each move to the history, and the live list hears it', async () => {
    const number = `IP${Date.now()}A`;
    const id = await c.handedTo(c.operatorIds.INPOST, number, 'pickup');
    c.inpost.setEvents(number, [
      { status: 'collected_from_sender', at: minute(1) },
      { status: 'adopted_at_sorting_center', at: minute(2) },
      { status: 'out_for_delivery', at: minute(3) },
    ]);
    await new Promise<void>((resolve) => c.socket.emit('subscribe', rooms.list('parcels'), () => resolve()));
    // Many moves reach the lists as their ids (a few events a batch, not one a parcel; decision 0145).
    const heard = eventMatching(
      c.socket,
      'list:change',
      (ch) => ch.list === 'parcels' && ch.op === 'changedMany' && ch.ids.includes(id),
    );
    const { reply, result } = await refresh([id]);
    expect(reply.count).toBe(1);
    expect(result).toEqual({ checked: 1, changed: 1, unmapped: 0, unanswered: 0, notTracked: 0 });
    await heard;
    expect(await carrierState(id)).toEqual([
      { status: 'inDelivery', carrier_status_code: 'out_for_delivery', delivery_date: null },
    ]);
    const history = await c.k.query<{
      status: string;
      previous_status: string;
      source: string;
      carrier_code: string;
    }>(
      `select status, previous_status, source, carrier_code from parcel_status_history
       where parcel_id = $1 and source = 'carrier' order by id`,
      [id],
    );
    // pickup → pickup is no move; the other two are.
    expect(history).toEqual([
      {
        status: 'parcelCenter',
        previous_status: 'pickup',
        source: 'carrier',
        carrier_code: 'adopted_at_sorting_center',
      },
      {
        status: 'inDelivery',
        previous_status: 'parcelCenter',
        source: 'carrier',
        carrier_code: 'out_for_delivery',
      },
    ]);
    // Asked again with nothing new: nothing changes, nothing is written twice.
    const again = await refresh([id]);
    expect(again.result).toMatchObject({ checked: 1, changed: 0 });
    expect(
      await c.k.query(
        'select count(*)::int as n from parcel_status_history where parcel_id = $1 and source = $2',
        [id, 'carrier'],
      ),
    ).toEqual([{ n: 2 }]);
  });

  it('lists a code nobody mapped with its example parcel; mapping it moves the parcel standing on it', async () => {
    const number = `IP${Date.now()}B`;
    const id = await c.handedTo(c.operatorIds.INPOST, number, 'pickup');
    c.inpost.setEvents(number, [
      { status: 'adopted_at_sorting_center', at: minute(1) },
      { status: 'ready_to_pickup_from_branch', at: minute(2) },
    ]);
    const { result } = await refresh([id]);
    expect(result).toMatchObject({ checked: 1, changed: 1, unmapped: 1 });
    expect(await carrierState(id)).toMatchObject([
      { status: 'parcelCenter', carrier_status_code: 'ready_to_pickup_from_branch' },
    ]);
    const list = await c.k.t
      .http()
      .get('/api/mapStatus/list?operatorType=INPOST&dbName=unmapped')
      .set(c.k.auth('admin'));
    const row = (
      list.body.items as { id: string; code: string; seenCount: number; exampleParcelId: string }[]
    ).find((r) => r.code === 'ready_to_pickup_from_branch');
    expect(row).toMatchObject({ seenCount: 1, exampleParcelId: id });
    const impact = await c.k.t
      .http()
      .post('/api/mapStatus/impact')
      .set(c.k.auth('admin'))
      .send({ operatorType: 'INPOST', rows: [{ code: 'ready_to_pickup_from_branch', dbName: 'inPudo' }] });
    expect(impact.body).toEqual({
      parcels: 1,
      byCode: [{ code: 'ready_to_pickup_from_branch', parcels: 1 }],
    });
    const mapped = await c.k.t
      .http()
      .put('/api/mapStatus/update')
      .set(c.k.auth('operator'))
      .send({ id: row!.id, dbName: 'inPudo' });
    expect(mapped.status).toBe(200);
    expect(mapped.body).toMatchObject({ parcelsChanged: 1, row: { dbName: 'inPudo' } });
    expect(await c.statusOf(id)).toBe('inPudo');
  });

  it('stops tracking at a terminal code: a delivered parcel is not asked again', async () => {
    const number = `IP${Date.now()}C`;
    const id = await c.handedTo(c.operatorIds.INPOST, number, 'inTransport');
    c.inpost.setEvents(number, [{ status: 'delivered', at: minute(9) }]);
    expect((await refresh([id])).result).toMatchObject({ checked: 1, changed: 1 });
    const [state] = await carrierState(id);
    expect(state.status).toBe('delivered');
    expect(state.delivery_date).toEqual(minute(9));
    const asked = c.inpost.requests.length;
    expect((await refresh([id])).result).toEqual({
      checked: 0,
      changed: 0,
      unmapped: 0,
      unanswered: 0,
      notTracked: 1,
    });
    expect(c.inpost.requests.length).toBe(asked);
  });

  it('a carrier’s return makes the automatic return parcel of a client with autoReturnPackages, once', async () => {
    const client = await c.k.newClient({ autoReturnPackages: true });
    const p = await c.k.created(client.id, { destinationAddress: address({ country: 'CZ' }) });
    expect((await c.k.setStatus(p.id, 'inTransport')).status).toBe(200);
    const number = `IP${Date.now()}R`;
    await c.k.query('update parcels set operator_id = $2, external_number = $3 where id = $1', [
      p.id,
      c.operatorIds.INPOST,
      number,
    ]);
    c.inpost.setEvents(number, [{ status: 'returned_to_sender', at: minute(7) }]);
    expect((await refresh([p.id])).result).toMatchObject({ changed: 1 });
    expect(await c.statusOf(p.id)).toBe('return');
    const returns = await c.k.query<{ order_type: string }>(
      'select order_type from parcels where return_of_id = $1',
      [p.id],
    );
    expect(returns).toEqual([{ order_type: 'internalReturn' }]);
  });

  it('a carrier that does not answer is a status download error until it answers again; its parcels stay as they were', async () => {
    const number = `IP${Date.now()}D`;
    const id = await c.handedTo(c.operatorIds.INPOST, number, 'pickup');
    c.inpost.setEvents(number, [{ status: 'out_for_delivery', at: minute(5) }]);
    c.inpost.mode = 'error500';
    try {
      const { result } = await refresh([id]);
      expect(result).toMatchObject({ checked: 0, changed: 0, unanswered: 1 });
    } finally {
      c.inpost.mode = 'answer';
    }
    expect(await c.statusOf(id)).toBe('pickup');
    const errors = await c.k.t.http().get('/api/mapStatus/downloadErrors').set(c.k.auth('magazyn'));
    expect(errors.status).toBe(200);
    expect(errors.body).toEqual([
      expect.objectContaining({
        operatorId: c.operatorIds.INPOST,
        operatorType: 'INPOST',
        reason: 'HTTP_500',
        failures: 1,
      }),
    ]);
    expect((await refresh([id])).result).toMatchObject({ checked: 1, changed: 1 });
    expect((await c.k.t.http().get('/api/mapStatus/downloadErrors').set(c.k.auth('admin'))).body).toEqual([]);
  });

  it('the scheduled run refreshes every tracked parcel of every configured carrier', async () => {
    const number = `IP${Date.now()}E`;
    const id = await c.handedTo(c.operatorIds.INPOST, number, 'pickup');
    c.inpost.setEvents(number, [{ status: 'adopted_at_sorting_center', at: minute(4) }]);
    const result = await c.k.t.depot.app.get(StatusRefreshService).refreshAll();
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect(await c.statusOf(id)).toBe('parcelCenter');
  });

  it('refuses roles that may not refresh, an empty selection and a forged id; the app serves on', async () => {
    const id = await c.handedTo(c.operatorIds.INPOST, `IP${Date.now()}F`, 'pickup');
    for (const who of ['magazyn', 'salesman', 'user'] as const) {
      const res = await c.k.t
        .http()
        .post('/api/order/refreshStatuses')
        .set(c.k.auth(who))
        .send({ ids: [id] });
      expect(res.status).toBe(403);
    }
    const empty = await c.k.t
      .http()
      .post('/api/order/refreshStatuses')
      .set(c.k.auth('admin'))
      .send({ ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.parcelNothingSelected);
    const forged = await c.k.t
      .http()
      .post('/api/order/refreshStatuses')
      .set(c.k.auth('admin'))
      .send({ ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(MESSAGES.parcelNothingSelected);
    const nul = await c.k.t
      .http()
      .post('/api/order/refreshStatuses')
      .set(c.k.auth('admin'))
      .send({ ids: ['a\u0000'] });
    expect(nul.status).toBe(400);
    for (const who of ['salesman', 'user'] as const) {
      expect((await c.k.t.http().get('/api/mapStatus/downloadErrors').set(c.k.auth(who))).status).toBe(403);
    }
    const byOperator = await c.k.t
      .http()
      .post('/api/order/refreshStatuses')
      .set(c.k.auth('operator'))
      .send({ ids: [id] });
    expect(byOperator.status).toBe(202);
    expect(byOperator.body).toMatchObject({ count: 1 });
  });
});
