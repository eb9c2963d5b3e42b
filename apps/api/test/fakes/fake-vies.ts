import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readBody } from '../../src/sandbox/carriers/fake-carrier-server';

/**
 * A local stand-in for the EU Commission's VIES REST API (`POST {base}/check-vat-number`), speaking its shape:
 * `{ countryCode, vatNumber }` in, `{ countryCode, vatNumber, requestDate, valid, requestIdentifier, name,
 * address }` out, `{ actionSucceed: false, errorWrappers: [{ error, message }] }` on errors.
 *
 * Numbers registered with `register` are valid; any other number is answered `valid: false`. `mode` switches the
 * whole service: `answer` (normal), `error500` (500 SERVICE_UNAVAILABLE), `msUnavailable` (member state down,
 * as VIES reports it) or `hang` (accepts the request and never answers).
 */
export type FakeViesMode = 'answer' | 'error500' | 'msUnavailable' | 'hang';

export interface FakeVies {
  /** The base URL to give as VIES_URL. */
  url: string;
  mode: FakeViesMode;
  /** Every check received, in order. */
  readonly requests: { countryCode: string; vatNumber: string }[];
  /** Makes `countryCode` + `vatNumber` (VIES's codes, e.g. 'PL', '5260001246') a valid number. */
  register(countryCode: string, vatNumber: string, trader?: { name?: string; address?: string }): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const errorReply = (error: string) => ({
  actionSucceed: false,
  errorWrappers: [{ error, message: `The fake VIES answers ${error}` }],
});

export async function startFakeVies(): Promise<FakeVies> {
  const known = new Map<string, { name: string; address: string }>();
  const sockets = new Set<Socket>();
  let sequence = 0;

  const fake: FakeVies = {
    url: '',
    mode: 'answer',
    requests: [],
    register(countryCode, vatNumber, trader = {}) {
      known.set(`${countryCode}${vatNumber}`, {
        name: trader.name ?? '---',
        address: trader.address ?? '---',
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/check-vat-number') {
        return json(res, 404, { message: 'Not Found' });
      }
      let body: unknown;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return json(res, 400, errorReply('INVALID_INPUT'));
      }
      const { countryCode, vatNumber } = (body ?? {}) as { countryCode?: unknown; vatNumber?: unknown };
      if (typeof countryCode !== 'string' || typeof vatNumber !== 'string' || !vatNumber) {
        return json(res, 400, errorReply('INVALID_INPUT'));
      }
      fake.requests.push({ countryCode, vatNumber });
      switch (fake.mode) {
        case 'hang':
          return; // never answers; the socket is destroyed on close
        case 'error500':
          return json(res, 500, errorReply('SERVICE_UNAVAILABLE'));
        case 'msUnavailable':
          return json(res, 200, errorReply('MS_UNAVAILABLE'));
        case 'answer': {
          const trader = known.get(`${countryCode}${vatNumber}`);
          sequence += 1;
          return json(res, 200, {
            countryCode,
            vatNumber,
            requestDate: new Date().toISOString().slice(0, 10) + '+01:00',
            valid: trader !== undefined,
            requestIdentifier: `WAPIFAKE${sequence}`,
            name: trader?.name ?? '---',
            address: trader?.address ?? '---',
          });
        }
      }
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
