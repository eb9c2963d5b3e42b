// Shared pieces of the scan benchmarks (scans-latency.cjs, scans-fanout.cjs): a seeded database, the app in its own
// process, a kept-alive HTTP client, sockets in a terminal's room, and percentiles.
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { io } = require('socket.io-client');
const { startBenchDepot, startApp, seedParcels, machine, out } = require('./parcels-fixture.cjs');

const TERMINAL = 'Bench terminal';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** p50/p95/p99 and max of a list of milliseconds, as one line. */
function summary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const f = (x) => `${x.toFixed(1)} ms`;
  return `p50 ${f(percentile(s, 50))}  p95 ${f(percentile(s, 95))}  p99 ${f(percentile(s, 99))}  max ${f(s.at(-1))}  (n=${s.length})`;
}

/** Calls the app over kept-alive connections with the session token. */
function client(base, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const { hostname, port } = new URL(base);
  return (method, path, body) =>
    new Promise((resolve, reject) => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const headers = { Authorization: `Bearer ${token}` };
      if (text)
        Object.assign(headers, {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
        });
      const req = http.request({ host: hostname, port, path, method, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(text);
    });
}

/** A socket of the session, joined to the bench terminal's room. */
async function terminalSocket(url, token) {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(10_000).emitWithAck('subscribe', `terminal:${TERMINAL}`);
  if (!ack.ok) throw new Error(`subscribe refused: ${ack.error}`);
  return socket;
}

/**
 * A database with `parcels` parcels (scripts/bench/parcels-fixture.cjs), a magazyn user's session, and the app
 * started in its own process (as deployed). `numbers`: internal numbers of parcels a scan into inTransport changes.
 */
async function scanBench(parcels, wanted) {
  const bench = await startBenchDepot();
  const pool = bench.depot.runtime.pool;
  const seeded = await seedParcels(pool, parcels);
  const { rows } = await pool.query(
    `select internal_number from parcels
      where status in ('new', 'pickup', 'parcelCenter', 'problem', 'inDelivery', 'unknown', 'info', 'firstAttempt')
      order by random() limit $1`,
    [wanted],
  );
  const machineLine = await machine(pool);
  await bench.stopApp();
  const app = await startApp(bench.env);
  return {
    bench,
    app,
    seeded,
    numbers: rows.map((r) => r.internal_number),
    mode: bench.mode,
    machine: async () => machineLine,
    async close() {
      await app.stop();
      await bench.close();
    },
  };
}

/** Sends `fn(i)` every `1000 / rate` ms for `count` ticks (not waiting for replies); resolves when all settled. */
async function paced(rate, count, fn) {
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(fn(i));
  }
  return Promise.all(pending);
}

/** One scan of `number` with a fresh scan id; resolves with the id and the HTTP time. */
async function scan(call, number, scanId = randomUUID()) {
  const t0 = performance.now();
  const res = await call('POST', '/api/operatingModule/setStatusForArrayOfExtNrs', {
    externalNumber: [number],
    scanIds: [scanId],
    terminal: TERMINAL,
  });
  if (res.status !== 200) throw new Error(`scan: ${res.status} ${res.text}`);
  return { scanId, sentAt: t0, httpMs: performance.now() - t0 };
}

module.exports = {
  randomUUID,
  TERMINAL,
  summary,
  client,
  terminalSocket,
  scanBench,
  paced,
  scan,
  machine,
  out,
};
