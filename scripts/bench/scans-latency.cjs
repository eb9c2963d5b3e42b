// Benchmark of scan → committed → event on a wall screen's socket (issue 14 "Performance and reliability").
//
//   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node scripts/bench/scans-latency.cjs [parcels=200000] [rate=100] [seconds=20]
//
// Seeds a database with `parcels` parcels, starts the app in its own process, opens a socket in the terminal's room
// (what a wall screen does) and, at a steady `rate` a second, scans a different parcel into inTransport over HTTP
// (kept-alive connections, a fresh scan id each). For each scan: the HTTP reply time, and the time from sending the
// request to receiving `scan:recorded` on the socket (so it includes the commit, the event bus and the relay). In the
// same run, the floor: a bare authenticated request (GET /api/user/get/current) at the same rate. Prints p50/p95/p99
// and the machine. Figures only: it never fails on a timing.
const {
  randomUUID,
  summary,
  client,
  terminalSocket,
  scanBench,
  paced,
  scan,

  out,
} = require('./scans-fixture.cjs');

const PARCELS = Number(process.argv[2] ?? 200_000);
const RATE = Number(process.argv[3] ?? 100);
const SECONDS = Number(process.argv[4] ?? 20);

async function main() {
  const count = RATE * SECONDS;
  const b = await scanBench(PARCELS, count + RATE * 2);
  try {
    out(
      `scan → wall-screen socket, ${RATE} scans/s for ${SECONDS} s, ${PARCELS.toLocaleString('en')} parcels`,
    );
    out(`  database   ${b.mode === 'server' ? 'PostgreSQL server' : 'embedded PGlite'}`);
    const call = client(b.app.url, b.bench.token);
    const socket = await terminalSocket(b.app.url, b.bench.token);
    const waiting = new Map();
    socket.on('scan:recorded', (s) => {
      const w = waiting.get(s.scanId);
      if (w) w(performance.now());
    });
    // Warm-up: the first scans pay for connections and plans.
    await paced(RATE, RATE * 2, (i) => scan(call, b.numbers[count + i]));
    const floor = await paced(RATE, Math.min(count, RATE * 10), async () => {
      const t0 = performance.now();
      const res = await call('GET', '/api/user/get/current');
      if (res.status !== 200) throw new Error(`floor: ${res.status}`);
      return performance.now() - t0;
    });
    const results = await paced(RATE, count, async (i) => {
      const scanId = randomUUID();
      const received = new Promise((resolve) => waiting.set(scanId, resolve));
      const { sentAt, httpMs } = await scan(call, b.numbers[i], scanId);
      const at = await Promise.race([received, new Promise((r) => setTimeout(() => r(null), 5000))]);
      waiting.delete(scanId);
      return { httpMs, eventMs: at === null ? null : at - sentAt };
    });
    const missed = results.filter((r) => r.eventMs === null).length;
    out(`  floor      ${summary(floor)}   (GET /api/user/get/current)`);
    out(`  scan HTTP  ${summary(results.map((r) => r.httpMs))}`);
    out(`  → socket   ${summary(results.filter((r) => r.eventMs !== null).map((r) => r.eventMs))}`);
    if (missed) out(`  missed     ${missed} events not received within 5 s`);
    out(`  ${await b.machine()}`);
    socket.close();
  } finally {
    await b.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
