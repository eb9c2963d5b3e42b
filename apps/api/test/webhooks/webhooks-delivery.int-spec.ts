import {
  MESSAGES,
  WEBHOOK_HEADERS,
  type WebhookBody,
  type WebhookDeliveryView,
  type WebhookWithSecret,
} from '@depot/contracts';
import { PruneWebhookDeliveriesJob } from '../../src/modules/webhooks/jobs/prune-deliveries.job';
import { verifyWebhook } from '../../src/modules/webhooks/webhook-signature';
import { expectError } from '../expectations';
import { parcelBody } from '../parcels/parcels.kit';
import { startReceiver, startWebhooksKit, type Received, type WebhooksKit } from './webhooks.kit';

/**
 * Webhooks sent for real (decision 0146): parcels created and changed through the API reach a local receiver signed
 * with the endpoint's secret; a failing receiver is retried by the schedule (shortened here) and the delivery log
 * shows each attempt's reply code; replays and the test event send again; a hanging receiver never holds up the
 * change that caused its delivery.
 */

const h = (r: Received, name: string) => r.headers[name.toLowerCase()] as string | undefined;
const bodyOf = <D = Record<string, unknown>>(r: Received) => JSON.parse(r.body) as WebhookBody<D>;
const verified = (secret: string, r: Received) =>
  verifyWebhook(
    secret,
    { timestamp: h(r, WEBHOOK_HEADERS.timestamp), signature: h(r, WEBHOOK_HEADERS.signature) },
    r.body,
  );

describe('webhook deliveries', () => {
  let w: WebhooksKit;
  let endpoint: WebhookWithSecret;

  beforeAll(async () => {
    w = await startWebhooksKit();
    endpoint = await w.register(['parcel.created', 'parcel.status_changed', 'label.ready']);
  });
  afterAll(async () => {
    await w.close();
  });
  beforeEach(() => {
    w.receiver.answer = () => ({ status: 200, body: 'ok' });
  });

  const forParcel = (id: string, event?: string) => (r: Received) =>
    bodyOf<{ parcel: { id: string } }>(r).data.parcel?.id === id &&
    (!event || h(r, WEBHOOK_HEADERS.event) === event);

  it('a parcel created through the API reaches the receiver signed: parcel.created and label.ready', async () => {
    const res = await w.k.create({ apiKey: w.k.own.apiKey }, parcelBody({ referenceNumber: 'WH-1' }));
    expect(res.status).toBe(201);
    const parcel = res.body as { id: string; internalNumber: string; updatedAt: string };
    const [created] = await w.receiver.waitFor(1, forParcel(parcel.id, 'parcel.created'));
    expect(verified(endpoint.secret, created)).toBe(true);
    expect(verified('whsec_wrong', created)).toBe(false);
    expect(h(created, 'content-type')).toBe('application/json');
    expect(h(created, WEBHOOK_HEADERS.signature)).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(Number(h(created, WEBHOOK_HEADERS.timestamp))).toBeCloseTo(Date.now() / 1000, -1);
    expect(bodyOf(created)).toEqual({
      id: expect.any(String),
      type: 'parcel.created',
      createdAt: parcel.updatedAt,
      data: {
        parcel: {
          id: parcel.id,
          clientId: w.k.own.id,
          internalNumber: parcel.internalNumber,
          status: 'new',
          updatedAt: parcel.updatedAt,
        },
      },
    });
    // The delivery's id is the header's; the log has it, delivered with the reply's code.
    const deliveryId = h(created, WEBHOOK_HEADERS.delivery)!;
    const d = await w.settled(deliveryId, 'delivered');
    expect(d).toMatchObject({
      endpointId: endpoint.id,
      event: 'parcel.created',
      attempts: 1,
      lastStatusCode: 200,
    });
    expect(d.body).toBe(created.body);
    expect(d.attemptsLog).toEqual([
      expect.objectContaining({
        attempt: 1,
        statusCode: 200,
        error: null,
        responseExcerpt: 'ok',
        manual: false,
      }),
    ]);

    // The routed parcel has a label: label.ready, once.
    const [ready] = await w.receiver.waitFor(1, forParcel(parcel.id, 'label.ready'));
    expect(verified(endpoint.secret, ready)).toBe(true);
    expect(bodyOf(ready).data).toMatchObject({ labels: 1, formats: ['pdf', 'zpl'] });
    const edit = await w.k.t
      .http()
      .put(`/api/order/${parcel.id}`)
      .set(w.k.auth('user'))
      .send({ note1: 'Gate 4' });
    expect(edit.status).toBe(200);
    await new Promise((done) => setTimeout(done, 300));
    expect(w.receiver.received.filter(forParcel(parcel.id, 'label.ready'))).toHaveLength(1);
  });

  it('a status change (PUT /api/order/{id}/status) reaches the receiver signed, with the status before it', async () => {
    const parcel = await w.k.created(w.k.own.id);
    expect((await w.k.setStatus(parcel.id, 'pickup')).status).toBe(200);
    expect((await w.k.setStatus(parcel.id, 'inTransport')).status).toBe(200);
    const changes = await w.receiver.waitFor(2, forParcel(parcel.id, 'parcel.status_changed'));
    for (const c of changes) expect(verified(endpoint.secret, c)).toBe(true);
    const datas = changes
      .map((c) => bodyOf<{ parcel: { status: string }; previousStatus: string; source: string }>(c).data)
      .map((d) => [d.previousStatus, d.parcel.status, d.source])
      .sort();
    expect(datas).toEqual([
      ['new', 'pickup', 'panel'],
      ['pickup', 'inTransport', 'panel'],
    ]);
    // Two changes, two deliveries (each once, whatever number of processes heard them).
    const log = await w.log(endpoint.id, { event: 'parcel.status_changed' });
    expect(log.filter((d) => changes.some((c) => h(c, WEBHOOK_HEADERS.delivery) === d.id))).toHaveLength(2);
  });

  it("another client's parcels send nothing to this endpoint; an endpoint gets only its events", async () => {
    const other = await startReceiver();
    try {
      const onlyStatus = await w.register(['parcel.status_changed'], other.url, { apiKey: w.k.other.apiKey });
      const mine = await w.k.created(w.k.own.id);
      const theirs = await w.k.created(w.k.other.id);
      expect((await w.k.setStatus(theirs.id, 'pickup')).status).toBe(200);
      const [got] = await other.waitFor(1);
      expect(verified(onlyStatus.secret, got)).toBe(true);
      expect(bodyOf<{ parcel: { id: string } }>(got).data.parcel.id).toBe(theirs.id);
      await w.receiver.waitFor(1, forParcel(mine.id, 'parcel.created'));
      await new Promise((done) => setTimeout(done, 200));
      expect(other.received).toHaveLength(1);
      expect(w.receiver.received.filter(forParcel(theirs.id))).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('a failing receiver (500, then no reply) is retried by the schedule; the log shows each attempt', async () => {
    const parcel = await w.k.created(w.k.own.id);
    const isIt = forParcel(parcel.id, 'parcel.status_changed');
    w.receiver.answer = (r) => {
      const n = w.receiver.received.filter(isIt).length;
      if (!isIt(r)) return { status: 200, body: 'ok' };
      if (n === 1) return { status: 500, body: 'Internal trouble' };
      if (n === 2) return { hang: true };
      return { status: 204 };
    };
    expect((await w.k.setStatus(parcel.id, 'pickup')).status).toBe(200);
    const tries = await w.receiver.waitFor(3, isIt);
    // The same delivery, id and body every time, each signed afresh.
    expect(new Set(tries.map((r) => h(r, WEBHOOK_HEADERS.delivery))).size).toBe(1);
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    for (const r of tries) expect(verified(endpoint.secret, r)).toBe(true);
    const d = await w.settled(h(tries[0], WEBHOOK_HEADERS.delivery)!, 'delivered', 3);
    expect(d.lastStatusCode).toBe(204);
    expect(d.attemptsLog.map((a) => [a.attempt, a.statusCode, a.error, a.responseExcerpt])).toEqual([
      [1, 500, null, 'Internal trouble'],
      [2, null, 'No reply within 400 ms', null],
      [3, 204, null, null],
    ]);
    // Waited at least the schedule's 150 ms between attempts.
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(140);
  });

  it('a receiver that keeps failing: failed once the window is over; a replay sends it again', async () => {
    const failing = await startReceiver();
    failing.answer = () => ({ status: 503, body: 'x'.repeat(5000) });
    try {
      const ep = await w.register(['parcel.created'], failing.url);
      const parcel = await w.k.created(w.k.own.id);
      const [first] = await failing.waitFor(1);
      const id = h(first, WEBHOOK_HEADERS.delivery)!;
      const failed = await w.settled(id, 'failed', 2, 15_000);
      expect(failed.nextAttemptAt).toBeNull();
      expect(failed.lastStatusCode).toBe(503);
      // The reply body is kept to its first 1 kB.
      expect(failed.attemptsLog[0].responseExcerpt).toHaveLength(1024);
      expect(bodyOf<{ parcel: { id: string } }>(first).data.parcel.id).toBe(parcel.id);
      const [logged] = await w.log(ep.id, { state: 'failed' });
      expect(logged).toMatchObject({ id, state: 'failed', lastStatusCode: 503 });

      // Fixed receiver, replay by hand (as the client's own user): the same delivery, delivered.
      failing.answer = () => ({ status: 200, body: 'thanks' });
      const before = failing.received.length;
      const replay = await w.k.t.http().post(`/api/webhookDelivery/${id}/replay`).set(w.k.auth('user'));
      expect(replay.status).toBe(202);
      expect(replay.body).toMatchObject({ id, state: 'pending' });
      const [again] = await failing.waitFor(before + 1);
      expect(h(failing.received[before], WEBHOOK_HEADERS.delivery)).toBe(id);
      expect(again).toBeDefined();
      const done = await w.settled(id, 'delivered', failed.attempts + 1);
      expect(done.attemptsLog.at(-1)).toMatchObject({
        statusCode: 200,
        manual: true,
        responseExcerpt: 'thanks',
      });
      expect(done.deliveredAt).not.toBeNull();
      // A replay of a delivered delivery sends it once more.
      expect(
        (await w.k.t.http().post(`/api/webhookDelivery/${id}/replay`).set(w.k.auth('admin'))).status,
      ).toBe(202);
      await failing.waitFor(before + 2);
      await w.settled(id, 'delivered', failed.attempts + 2);
      const [audit] = await w.k.query<{ details: { deliveryId: string } }>(
        "select details from audit_log where type = 'webhook.replay' and entity_id = $1 order by id limit 1",
        [ep.id],
      );
      expect(audit.details.deliveryId).toBe(id);
    } finally {
      await failing.close();
    }
  });

  it('the change that causes a delivery is not held up by a receiver that hangs', async () => {
    const hanging = await startReceiver();
    hanging.answer = () => ({ hang: true });
    try {
      await w.register(['parcel.created', 'parcel.status_changed'], hanging.url);
      const started = Date.now();
      const parcel = await w.k.created(w.k.own.id);
      for (const status of ['pickup', 'inTransport', 'inDelivery']) {
        const res = await w.k.setStatus(parcel.id, status);
        expect(res.status).toBe(200);
      }
      // Four changes answered while every delivery to that receiver hangs (each attempt waits 400 ms).
      expect(Date.now() - started).toBeLessThan(3000);
      await hanging.waitFor(2);
      const res = await w.k.t.http().get(`/api/order/${parcel.id}`).set(w.k.auth('user'));
      expect(res.body.status).toBe('inDelivery');
    } finally {
      await hanging.close();
    }
  });

  it('a receiver that hangs holds at most a few slots: other endpoints are sent to meanwhile', async () => {
    const hanging = await startReceiver();
    hanging.answer = () => ({ hang: true });
    try {
      const slow = await w.register(['parcel.created'], hanging.url);
      const fast = await w.register(['parcel.created']);
      const test = (id: string) => w.k.t.http().post(`/api/webhook/${id}/test`).set(w.k.auth('user'));
      for (let i = 0; i < 12; i++) expect((await test(slow.id)).status).toBe(202);
      await hanging.waitFor(w.policy.perEndpoint);
      const { body: quick } = await test(fast.id);
      // Delivered while the slow endpoint's attempts still hang (each waits out its 400 ms).
      await w.receiver.waitFor(1, (r) => h(r, WEBHOOK_HEADERS.delivery) === quick.id, 2000);
      await new Promise((done) => setTimeout(done, 100));
      // Never more than perEndpoint requests open at the slow receiver at once (4 with 16 slots), counted by the
      // receiver from each request's arrival to its connection's close (the sender gives up after 400 ms).
      expect(w.policy.perEndpoint).toBe(4);
      expect(hanging.received.length).toBeGreaterThanOrEqual(w.policy.perEndpoint);
      expect(hanging.peakOpen).toBe(w.policy.perEndpoint);
    } finally {
      await hanging.close();
    }
  });

  it('sends the test event to the endpoint now, signed; refused for an inactive endpoint', async () => {
    const before = w.receiver.received.length;
    const res = await w.k.t
      .http()
      .post(`/api/webhook/${endpoint.id}/test`)
      .set(w.k.auth({ apiKey: w.k.own.apiKey }));
    expect(res.status).toBe(202);
    const queued = res.body as WebhookDeliveryView;
    expect(queued).toMatchObject({ endpointId: endpoint.id, event: 'webhook.test', state: 'pending' });
    const [got] = await w.receiver.waitFor(1, (r) => h(r, WEBHOOK_HEADERS.delivery) === queued.id);
    expect(w.receiver.received.length).toBeGreaterThan(before);
    expect(h(got, WEBHOOK_HEADERS.event)).toBe('webhook.test');
    expect(verified(endpoint.secret, got)).toBe(true);
    expect(bodyOf(got)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    const d = await w.settled(queued.id, 'delivered');
    expect(d.attemptsLog[0].manual).toBe(true);

    const off = await w.register(['parcel.created']);
    await w.k.t.http().put(`/api/webhook/${off.id}`).set(w.k.auth('user')).send({ active: false });
    expectError(
      await w.k.t.http().post(`/api/webhook/${off.id}/test`).set(w.k.auth('user')),
      409,
      'Conflict',
      MESSAGES.webhookEndpointInactive,
    );
  });

  it('an inactive endpoint is sent nothing until it is active again; what waited is sent then', async () => {
    const paused = await startReceiver();
    try {
      const ep = await w.register(['parcel.status_changed'], paused.url);
      const parcel = await w.k.created(w.k.own.id);
      await w.k.setStatus(parcel.id, 'pickup');
      await paused.waitFor(1);
      await w.k.t.http().put(`/api/webhook/${ep.id}`).set(w.k.auth('user')).send({ active: false });
      await w.k.setStatus(parcel.id, 'inTransport');
      await new Promise((done) => setTimeout(done, 300));
      expect(paused.received).toHaveLength(1);
      // No delivery is made for an event heard while inactive.
      expect((await w.log(ep.id)).map((d) => d.state)).toEqual(['delivered']);
      // A replay of an inactive endpoint's delivery is refused.
      const [d] = await w.log(ep.id);
      expectError(
        await w.k.t.http().post(`/api/webhookDelivery/${d.id}/replay`).set(w.k.auth('user')),
        409,
        'Conflict',
        MESSAGES.webhookEndpointInactive,
      );
    } finally {
      await paused.close();
    }
  });

  it('after a rotation both secrets sign for a day; the new one is shown once', async () => {
    const rotating = await startReceiver();
    try {
      const ep = await w.register(['parcel.created'], rotating.url);
      const res = await w.k.t.http().post(`/api/webhook/${ep.id}/rotateSecret`).set(w.k.auth('user'));
      expect(res.status).toBe(200);
      const rotated = res.body as WebhookWithSecret;
      expect(rotated.secret).not.toBe(ep.secret);
      expect(rotated.previousSecretUntil).not.toBeNull();
      await w.k.created(w.k.own.id);
      const [got] = await rotating.waitFor(1);
      expect(h(got, WEBHOOK_HEADERS.signature)).toMatch(/^v1=[0-9a-f]{64}, v1=[0-9a-f]{64}$/);
      expect(verified(rotated.secret, got)).toBe(true);
      expect(verified(ep.secret, got)).toBe(true);
    } finally {
      await rotating.close();
    }
  });

  it('a URL the setting no longer allows: the attempt fails without a request', async () => {
    const ep = await w.register(['parcel.created'], 'http://localhost:9/nobody');
    w.policy.urls = 'public';
    try {
      await w.k.created(w.k.own.id);
      let log: WebhookDeliveryView[] = [];
      for (let i = 0; i < 200 && !log[0]?.lastError; i++) {
        log = await w.log(ep.id);
        await new Promise((done) => setTimeout(done, 25));
      }
      expect(log[0].lastError).toBe(MESSAGES.webhookUrlHttpsRequired);
    } finally {
      w.policy.urls = 'local';
    }
  });

  it('a receiver that refuses connections: the error is recorded', async () => {
    const ep = await w.register(['parcel.created'], 'http://127.0.0.1:9/closed');
    await w.k.created(w.k.own.id);
    let log: WebhookDeliveryView[] = [];
    for (let i = 0; i < 200 && !log[0]?.lastError; i++) {
      log = await w.log(ep.id);
      await new Promise((done) => setTimeout(done, 25));
    }
    expect(log[0]).toMatchObject({ lastStatusCode: null, lastError: 'Connection refused' });
  });

  it('the hourly prune deletes settled deliveries older than 30 days, with their attempts, and keeps the rest', async () => {
    const ep = await w.register(['parcel.created']);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await w.k.t.http().post(`/api/webhook/${ep.id}/test`).set(w.k.auth('user'));
      ids.push(res.body.id as string);
    }
    for (const id of ids) await w.settled(id, 'delivered');
    // Two are old: one delivered, one still pending (a pending one is never pruned).
    await w.k.query(
      `update webhook_deliveries set created_at = now() - interval '31 days',
              state = case when id = $2 then 'pending' else state end,
              next_attempt_at = case when id = $2 then now() + interval '1 hour' else next_attempt_at end
        where id = any($1::uuid[])`,
      [[ids[0], ids[1]], ids[1]],
    );
    const result = await w.k.t.depot.app.get(PruneWebhookDeliveriesJob).run();
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    const left = await w.k.query<{ id: string }>(
      'select id from webhook_deliveries where id = any($1::uuid[])',
      [ids],
    );
    expect(left.map((r) => r.id).sort()).toEqual([ids[1], ids[2]].sort());
    expect(
      await w.k.query('select id from webhook_delivery_attempts where delivery_id = $1', [ids[0]]),
    ).toEqual([]);
  });
});
