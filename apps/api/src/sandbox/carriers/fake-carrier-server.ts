import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Shared plumbing of the fake carrier APIs (fake-inpost, fake-ups, fake-packeta): a local HTTP server on a free
 * port, a log of every request, the behaviour modes they all know, and `failNext(n)` to answer 500 to the next
 * n requests before the mode applies (a carrier that recovers).
 *
 * Modes: `answer` (does what was asked), `refuse` (the carrier's "cannot cancel any more"), `error500`, `hang`
 * (takes the request, never answers), `badCredentials` (refuses whatever credentials come) and `rateLimited`
 * (429 with `Retry-After`, in the carrier's own words when it passes them). `delayMs` holds every answer back.
 */
export type FakeCarrierMode = 'answer' | 'refuse' | 'error500' | 'hang' | 'badCredentials' | 'rateLimited';

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeCarrier {
  /** The base URL to configure (CARRIER_*_URL). */
  url: string;
  mode: FakeCarrierMode;
  /** How long each answer waits before it is sent (0: at once). */
  delayMs: number;
  /** Every request received, in order. */
  readonly requests: FakeRequest[];
  /** The next `n` requests get a 500, whatever the mode. */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** A shipment a fake carrier registered (create-shipment), as the sandbox's journeys and the tests read it. */
export interface FakeShipment {
  /** The carrier's id of the shipment (what cancellation names). */
  shipmentId: string;
  /** The number it is tracked by (what tracking names). */
  trackingNumber: string;
  createdAt: Date;
}

/** What every fake that registers shipments adds to FakeCarrier. */
export interface FakeRegistrations {
  /** Every shipment registered, in order. */
  readonly created: FakeShipment[];
  /** Called once per shipment registered (the sandbox starts its journey here). */
  onCreated: ((shipment: FakeShipment) => void) | null;
}

export type FakeReply =
  { status: number; type?: string; body?: string | Buffer; headers?: Record<string, string> } | 'hang';

/** A request's body as text (shared with the other fakes). */
export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

export const json = (status: number, body: unknown): FakeReply => ({
  status,
  type: 'application/json',
  body: JSON.stringify(body),
});

export async function startFakeCarrier(
  route: (req: FakeRequest, fake: FakeCarrier) => FakeReply,
  error500: () => FakeReply,
  rateLimited: () => FakeReply = () => ({ status: 429, type: 'text/plain', body: 'Too Many Requests' }),
): Promise<FakeCarrier> {
  const sockets = new Set<Socket>();
  let failing = 0;
  const fake: FakeCarrier = {
    url: '',
    mode: 'answer',
    delayMs: 0,
    requests: [],
    failNext(n) {
      failing = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const send = async (res: ServerResponse, reply: FakeReply) => {
    if (reply === 'hang') return; // the socket is destroyed on close
    if (fake.delayMs > 0) await sleep(fake.delayMs);
    if (res.destroyed) return;
    res.writeHead(reply.status, { ...(reply.type ? { 'Content-Type': reply.type } : {}), ...reply.headers });
    res.end(reply.body ?? '');
  };
  const server = createServer((req, res) => {
    void (async () => {
      const request: FakeRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: await readBody(req),
      };
      fake.requests.push(request);
      if (failing > 0) {
        failing--;
        return send(res, error500());
      }
      if (fake.mode === 'hang') return send(res, 'hang');
      if (fake.mode === 'error500') return send(res, error500());
      if (fake.mode === 'rateLimited') {
        const reply = rateLimited();
        return send(
          res,
          reply === 'hang' ? reply : { ...reply, headers: { 'Retry-After': '1', ...reply.headers } },
        );
      }
      return send(res, route(request, fake));
    })();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
