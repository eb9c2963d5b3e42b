import { MESSAGES } from '@depot/contracts';
import { StatusRefreshService } from '../../src/modules/status-refresh/status-refresh.service';
import { startReceiver } from '../webhooks/webhooks.kit';
import { RegistrationSweepJob } from '../../src/modules/parcel-registration/jobs/registration-sweep.job';
import { expectError } from '../expectations';
import { binary } from '../exports/exports.kit';
import { readPdf } from '../labels/pdf-inspect';
import { address, UNKNOWN_ID } from '../parcels/parcels.kit';
import { startRegistrationKit, type RegistrationKit } from './registration.kit';

/**
 * Registration at the carrier (issue 15 item 1, decision 0147) against the fake InPost ShipX: a new parcel is sent
 * once created and gets the carrier's number and label; a refusal names the field and an edit sends it again; no
 * answer is retried by the sweep, visibly; "send to carrier" sends one parcel or a selection; cancellation names the
 * carrier's shipment id; every refusal of a caller or an input changes nothing.
 */
describe('registration at the carrier', () => {
  let c: RegistrationKit;

  beforeAll(async () => {
    c = await startRegistrationKit();
  });
  afterAll(async () => {
    await c.close();
  });
  beforeEach(() => {
    c.inpost.mode = 'answer';
  });

  const createRequests = () =>
    c.inpost.requests.filter(
      (r) => r.method === 'POST' && /\/v1\/organizations\/\d+\/shipments$/.test(r.path),
    );

  it('a new parcel is registered once created: the carrier’s number, its label, the shipment id', async () => {
    const before = createRequests().length;
    const p = await c.k.created(c.k.own.id);
    const r = await c.reachesState(p.id, 'registered');
    expect(r).toMatchObject({ canRegister: true, sandbox: false, errors: [], reason: null, attempts: 1 });
    expect(r.shipmentId).toMatch(/\S/);
    expect(r.labelFormat).toBe('pdf');
    expect(createRequests().length - before).toBe(1);
    const created = c.inpost.created.at(-1)!;
    const [row] = await c.k.query<{ external_number: string }>(
      'select external_number from parcels where id = $1',
      [p.id],
    );
    expect(row.external_number).toBe(created.trackingNumber);
    expect(r.shipmentId).toBe(created.shipmentId);
    // The carrier's label, as it gave it; a client's user sees its own parcel's.
    for (const who of ['admin', 'user'] as const) {
      const label = await c.k.t
        .http()
        .get(`/api/order/${p.id}/carrierLabel`)
        .set(c.k.auth(who))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(label.status).toBe(200);
      expect(label.headers['content-type']).toMatch(/^application\/pdf/);
      expect((label.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    // Sending again is refused, and nothing is asked.
    const again = await c.k.t.http().post(`/api/order/${p.id}/sendToCarrier`).set(c.k.auth('admin'));
    expectError(again, 409, 'Conflict', MESSAGES.parcelAlreadyRegistered);
    expect(createRequests().length - before).toBe(1);
  });

  it('created, registered at the carrier, tracked through the status map, and the client’s webhook hears it', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await c.k.t
        .http()
        .post('/api/webhook/create')
        .set(c.k.auth('user'))
        .send({ url: receiver.url, events: ['parcel.created', 'parcel.status_changed'] });
      expect(hook.status).toBe(201);
      const map = await c.k.t
        .http()
        .post('/api/mapStatus/saveMapInDB')
        .set(c.k.auth('admin'))
        .send({
          operatorType: 'INPOST',
          rows: [
            { code: 'collected_from_sender', description: 'Collected', dbName: 'pickup', isTerminal: false },
          ],
        });
      expect(map.status).toBe(200);
      const p = await c.k.created(c.k.own.id);
      await c.reachesState(p.id, 'registered');
      const [{ external_number: number }] = await c.k.query<{ external_number: string }>(
        'select external_number from parcels where id = $1',
        [p.id],
      );
      c.inpost.setEvents(number, [{ status: 'collected_from_sender', at: new Date() }]);
      await c.k.t.depot.app.get(StatusRefreshService).refreshAll();
      expect(await c.statusOf(p.id)).toBe('pickup');
      const heard = await receiver.waitFor(
        2,
        (r) => (JSON.parse(r.body) as { data: { parcel: { id: string } } }).data.parcel.id === p.id,
      );
      expect(heard.map((r) => (JSON.parse(r.body) as { type: string }).type).sort()).toEqual([
        'parcel.created',
        'parcel.status_changed',
      ]);
      expect(heard.every((r) => String(r.headers['depot-signature']).startsWith('v1='))).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('cancelling a registered parcel names the carrier’s shipment id, not its tracking number', async () => {
    const p = await c.k.created(c.k.own.id);
    const r = await c.reachesState(p.id, 'registered');
    expect((await c.k.setStatus(p.id, 'pickup')).status).toBe(200);
    const res = await c.k.t
      .http()
      .post('/api/order/deleteShipment')
      .set(c.k.auth('admin'))
      .send({ id: p.id });
    expect(res.status).toBe(200);
    await c.reaches(p.id, 'canceled');
    const deletes = c.inpost.requests.filter((q) => q.method === 'DELETE');
    expect(deletes.at(-1)!.path).toBe(`/v1/shipments/${encodeURIComponent(r.shipmentId!)}`);
  });

  it('no answer: the parcel waits visibly with the reason and the next attempt; the sweep sends it once due', async () => {
    c.inpost.mode = 'error500';
    const p = await c.k.created(c.k.own.id);
    const waiting = await c.reachesState(p.id, 'unavailable');
    expect(waiting.reason).toBe('HTTP_500');
    expect(waiting.attempts).toBe(1);
    expect(new Date(waiting.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now());
    // Still waiting: the carrier answers again, the attempt falls due, the sweep runs.
    c.inpost.mode = 'answer';
    await c.k.query(
      "update carrier_shipments set next_attempt_at = now() - interval '1 second' where parcel_id = $1",
      [p.id],
    );
    // The scheduled job's run, as Agenda calls it every minute.
    const sweep = c.k.t.depot.app.get(RegistrationSweepJob);
    const result = await sweep.run({}, { progress: async () => undefined } as never);
    expect(result.registered).toBeGreaterThanOrEqual(1);
    const r = await c.registration(p.id);
    expect(r).toMatchObject({ state: 'registered', attempts: 2, reason: null });
  });

  it('a client whose parcels wait for the depot: not sent at creation, sent by "send to carrier"', async () => {
    const held = await c.k.newClient({ genOnlyFirstMile: true });
    const waiting = await c.k.created(held.id);
    // A parcel created after it is registered: the trigger handled the first one before (in order).
    const next = await c.k.created(c.k.own.id);
    await c.reachesState(next.id, 'registered');
    expect((await c.registration(waiting.id)).state).toBeNull();
    // A client's user may not send; staff who route may.
    for (const who of ['user', 'magazyn', 'salesman'] as const) {
      const res = await c.k.t.http().post(`/api/order/${waiting.id}/sendToCarrier`).set(c.k.auth(who));
      expect(res.status).toBe(403);
    }
    expect((await c.registration(waiting.id)).state).toBeNull();
    const res = await c.k.t.http().post(`/api/order/${waiting.id}/sendToCarrier`).set(c.k.auth('operator'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'registered', attempts: 1 });
  });

  it('"send to carrier" over a selection: a job counting what it registered and what it did not send', async () => {
    const held = await c.k.newClient({ genOnlyFirstMile: true });
    const a = await c.k.created(held.id);
    const b = await c.k.created(held.id);
    const registered = await c.k.created(c.k.own.id);
    await c.reachesState(registered.id, 'registered');
    const result = await c.sendSelection([a.id, b.id, registered.id]);
    expect(result).toEqual({ asked: 2, registered: 2, rejected: 0, unanswered: 0, notSent: 1 });
    expect((await c.registration(a.id)).state).toBe('registered');
    expect((await c.registration(b.id)).state).toBe('registered');
  });

  const labelsOf = (id: string) =>
    c.k.t
      .http()
      .post('/api/order/generateLabelsForSinglePackage')
      .set(c.k.auth('admin'))
      .send({ id })
      .buffer(true)
      .parse(binary);

  it('a client that combines labels gets the carrier’s own label in its label file, after our first mile', async () => {
    const combining = await c.k.newClient({ combineLabels: true, firstMile: true });
    const p = await c.k.created(combining.id);
    await c.reachesState(p.id, 'registered');
    const created = c.inpost.created.at(-1)!;
    const single = await labelsOf(p.id);
    expect(single.status).toBe(200);
    expect(JSON.parse(single.headers['x-label-notices'] as string)).toEqual([
      { code: 'labelCount', count: 2 },
    ]);
    const [{ internal_number: internalNumber }] = await c.k.query<{ internal_number: string }>(
      'select internal_number from parcels where id = $1',
      [p.id],
    );
    // Our first-mile label prints our number; the carrier's page is the fake InPost's, with its tracking number.
    const { pages, texts } = await readPdf(single.body as Buffer);
    expect(pages).toBe(2);
    expect(texts[0]).toContain(internalNumber);
    expect(texts[1]).toContain(created.trackingNumber);
    expect(texts[1]).not.toContain(internalNumber);
    // The same client without the flag: our own last-mile label, not the carrier's.
    await c.k.query('update clients set combine_labels = false where id = $1', [combining.id]);
    const own = await labelsOf(p.id);
    expect((await readPdf(own.body as Buffer)).texts[1]).toContain(internalNumber);
  });

  it('a parcel its carrier refuses keeps the carrier’s words under our field; corrected, it is sent again', async () => {
    // ShipX reads nine digits (a +48 allowed) as a phone.
    const p = await c.k.created(c.k.own.id, { destinationAddress: address({ country: 'DE', phone: '12' }) });
    const refused = await c.reachesState(p.id, 'rejected');
    expect(refused.errors).toEqual([
      { field: 'destinationAddress.phone', message: 'receiver.phone: invalid' },
    ]);
    expect(refused.attempts).toBe(1);
    // The edit sends it again.
    const edit = await c.k.t
      .http()
      .put(`/api/order/${p.id}`)
      .set(c.k.auth('admin'))
      .send({ destinationAddress: address({ country: 'DE', phone: '+48 600 100 200' }) });
    expect(edit.status).toBe(200);
    const r = await c.reachesState(p.id, 'registered');
    expect(r).toMatchObject({ errors: [], attempts: 2 });
  });

  it('refuses other clients, unknown and malformed ids, and a missing label; the app serves on', async () => {
    const p = await c.k.created(c.k.own.id);
    await c.reachesState(p.id, 'registered');
    const other = { token: (await c.k.newClient()).userToken };
    for (const path of ['carrierRegistration', 'carrierLabel']) {
      const foreign = await c.k.t.http().get(`/api/order/${p.id}/${path}`).set(c.k.auth(other));
      expectError(foreign, 404, 'Not Found', MESSAGES.parcelNotFound);
      const unknown = await c.k.t.http().get(`/api/order/${UNKNOWN_ID}/${path}`).set(c.k.auth('admin'));
      expectError(unknown, 404, 'Not Found', MESSAGES.parcelNotFound);
      const notId = await c.k.t.http().get(`/api/order/not-an-id/${path}`).set(c.k.auth('admin'));
      expectError(notId, 404, 'Not Found', MESSAGES.parcelNotFound);
      const nul = await c.k.t.http().get(`/api/order/x%00y/${path}`).set(c.k.auth('admin'));
      expect(nul.status).toBe(400);
    }
    const sendUnknown = await c.k.t
      .http()
      .post(`/api/order/${UNKNOWN_ID}/sendToCarrier`)
      .set(c.k.auth('admin'));
    expectError(sendUnknown, 404, 'Not Found', MESSAGES.parcelNotFound);
    // A parcel never sent (a held client's) has no carrier label.
    const held = await c.k.newClient({ genOnlyFirstMile: true });
    const unsent = await c.k.created(held.id, {
      destinationAddress: address({ country: 'DE', city: 'Berlin', zipCode: '10115' }),
    });
    const noLabel = await c.k.t.http().get(`/api/order/${unsent.id}/carrierLabel`).set(c.k.auth('admin'));
    expectError(noLabel, 409, 'Conflict', MESSAGES.carrierLabelMissing);
    // A parcel that is not new any more is not sent.
    expect((await c.k.setStatus(unsent.id, 'pickup')).status).toBe(200);
    const notNew = await c.k.t.http().post(`/api/order/${unsent.id}/sendToCarrier`).set(c.k.auth('admin'));
    expectError(notNew, 409, 'Conflict', MESSAGES.parcelNotSendable);
    // The selection: wrong types, NUL, nothing selected, roles.
    for (const body of [{ ids: 'x' }, { ids: ['a\u0000'] }, { ids: [1] }, { selectedAll: 'yes' }]) {
      const res = await c.k.t.http().post('/api/order/sendToCarrier').set(c.k.auth('admin')).send(body);
      expect(res.status).toBe(400);
    }
    const empty = await c.k.t
      .http()
      .post('/api/order/sendToCarrier')
      .set(c.k.auth('admin'))
      .send({ ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.parcelNothingSelected);
    const forged = await c.k.t
      .http()
      .post('/api/order/sendToCarrier')
      .set(c.k.auth('admin'))
      .send({ ids: [UNKNOWN_ID] });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(MESSAGES.parcelNothingSelected);
    for (const who of ['user', 'magazyn', 'salesman'] as const) {
      const res = await c.k.t
        .http()
        .post('/api/order/sendToCarrier')
        .set(c.k.auth(who))
        .send({ ids: [p.id] });
      expect(res.status).toBe(403);
    }
    // The sandboxes list: none here (no demo data), for every role.
    for (const who of ['admin', 'user', 'magazyn'] as const) {
      const res = await c.k.t.http().get('/api/carriers/sandboxes').set(c.k.auth(who));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ types: [], operatorIds: [] });
    }
    expect((await c.registration(p.id)).state).toBe('registered');
  });
});
