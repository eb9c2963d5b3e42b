import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Role, WebhookDeliveryDetail, WebhookDeliveryView, WebhookWithSecret } from '@depot/contracts';
import { WEBHOOK_POLICY, type WebhookPolicy } from '../../src/modules/webhooks/webhook-policy';
import { startParcelsKit, type ParcelsKit } from '../parcels/parcels.kit';

/** One request a test receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver answers a request with: a status and body (after `delayMs`), or nothing at all (`hang`). */
export type Answer = { status: number; body?: string; delayMs?: number } | { hang: true };

/**
 * A local webhook receiver (node:http on 127.0.0.1): records every request and answers by `answer` (200 "ok" unless
 * told otherwise). `next` queues answers for the next requests, one each.
 */
export interface Receiver {
  url: string;
  received: Received[];
  answer: (req: Received) => Answer;
  next(...answers: Answer[]): void;
  /** Waits until `count` requests (matching `where`) have come; returns them. */
  waitFor(count: number, where?: (r: Received) => boolean, ms?: number): Promise<Received[]>;
  /** The most requests it held open at once (a request is open from its arrival until its connection closes). */
  peakOpen: number;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks/depot'): Promise<Receiver> {
  const queue: Answer[] = [];
  const hanging = new Set<http.ServerResponse>();
  const r: Receiver = {
    url: '',
    received: [],
    peakOpen: 0,
    answer: () => ({ status: 200, body: 'ok' }),
    next: (...answers) => queue.push(...answers),
    async waitFor(count, where = () => true, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = r.received.filter(where);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`the receiver got ${found.length} of ${count} requests in ${ms} ms`);
        await new Promise((done) => setTimeout(done, 20));
      }
    },
    close: () =>
      new Promise<void>((done) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  let open = 0;
  const server = http.createServer((req, res) => {
    open++;
    r.peakOpen = Math.max(r.peakOpen, open);
    res.on('close', () => open--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got: Received = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      r.received.push(got);
      const answer = queue.shift() ?? r.answer(got);
      if ('hang' in answer) {
        hanging.add(res);
        return;
      }
      setTimeout(() => {
        res.writeHead(answer.status, { 'Content-Type': 'text/plain' });
        res.end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return r;
}

export interface WebhooksKit {
  k: ParcelsKit;
  policy: WebhookPolicy;
  receiver: Receiver;
  /** Registers an endpoint of the kit's own client (as its user) for these events; expects 201. */
  register(
    events: string[],
    url?: string,
    who?: Parameters<ParcelsKit['auth']>[0],
  ): Promise<WebhookWithSecret>;
  /** The delivery log of an endpoint (as admin). */
  log(endpointId: string, filters?: Record<string, unknown>): Promise<WebhookDeliveryView[]>;
  detail(deliveryId: string): Promise<WebhookDeliveryDetail>;
  /** Waits until the delivery is in `state` with at least `attempts` attempts; returns it. */
  settled(deliveryId: string, state: string, attempts?: number, ms?: number): Promise<WebhookDeliveryDetail>;
  close(): Promise<void>;
}

/**
 * The parcels kit (a routed carrier, two clients with users and keys) with webhooks sent quickly: attempts time out
 * after 400 ms, the dispatcher looks every 50 ms, and a failed attempt is tried again after 150 ms within 3 s (the
 * app's schedule is unit-tested in libs/domain webhooks.spec.ts), through the app's policy token, as the carrier
 * kit does with its retry policy.
 */
export async function startWebhooksKit(env: Record<string, string> = {}): Promise<WebhooksKit> {
  const k = await startParcelsKit({ WEBHOOK_URLS: 'local', WEBHOOK_TIMEOUT_MS: '400', ...env });
  const policy = k.t.depot.app.get<typeof WEBHOOK_POLICY, WebhookPolicy>(WEBHOOK_POLICY);
  policy.schedule = { delaysMs: [150], windowMs: 3000, jitter: 0 };
  policy.pollMs = 50;
  const receiver = await startReceiver();
  const kit: WebhooksKit = {
    k,
    policy,
    receiver,
    async register(events, url = receiver.url, who = 'user') {
      const res = await k.t.http().post('/api/webhook/create').set(k.auth(who)).send({ url, events });
      if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as WebhookWithSecret;
    },
    async log(endpointId, filters = {}) {
      const res = await k.t
        .http()
        .post(`/api/webhook/${endpointId}/deliveries`)
        .set(k.auth('admin'))
        .send({ filters });
      if (res.status !== 200) throw new Error(`log: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.items as WebhookDeliveryView[];
    },
    async detail(deliveryId) {
      const res = await k.t.http().get(`/api/webhookDelivery/${deliveryId}`).set(k.auth('admin'));
      if (res.status !== 200) throw new Error(`detail: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as WebhookDeliveryDetail;
    },
    async settled(deliveryId, state, attempts = 1, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const d = await kit.detail(deliveryId);
        if (d.state === state && d.attempts >= attempts) return d;
        if (Date.now() > deadline)
          throw new Error(`delivery ${deliveryId} is ${d.state} after ${d.attempts} attempts, not ${state}`);
        await new Promise((done) => setTimeout(done, 25));
      }
    },
    async close() {
      await k.close();
      await receiver.close();
    },
  };
  return kit;
}

/** A URL on this machine (the tests' WEBHOOK_URLS=local) where nothing listens: for calls that need no reply. */
export const URL_OK = 'http://127.0.0.1:9/hooks/depot';
/** Roles without the webhooks permissions. */
export const REFUSED: Role[] = ['salesman', 'operator', 'magazyn'];

type Caller = Parameters<WebhooksKit['k']['auth']>[0];

/** The REST calls the endpoint suites make, as one caller or another. */
export function restCalls(kit: () => WebhooksKit) {
  const as = (who: Caller) => kit().k.auth(who);
  const http = () => kit().k.t.http();
  return {
    as,
    http,
    create: (who: Caller, body: Record<string, unknown>) =>
      http().post('/api/webhook/create').set(as(who)).send(body),
    list: (who: Caller, body: Record<string, unknown> = {}) =>
      http().post('/api/webhook/get/list').set(as(who)).send(body),
  };
}
