// Benchmark of the fan-out of scans to wall screens (issue 14 "Performance and reliability").
//
//   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node scripts/bench/scans-fanout.cjs [sockets=1000] [rate=20] [seconds=15]
//
// Starts the app in its own process, opens `sockets` sockets in one terminal's room (in this process, as wall
// screens would from many machines), and scans a different parcel every 1000/rate ms over HTTP. Each delivery's time
// is from sending the scan request to that socket receiving `scan:recorded`; prints p50/p95/p99 over all deliveries
// (sockets × scans) and the machine. The sockets' own client work runs on the same two cores as the app, so the
// figures are an upper bound. Figures only: it never fails on a timing.
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

const SOCKETS = Number(process.argv[2] ?? 1000);
const RATE = Number(process.argv[3] ?? 20);
const SECONDS = Number(process.argv[4] ?? 15);

async function main() {
  const count = RATE * SECONDS;
  const b = await scanBench(20_000, count + RATE);
  try {
    out(`scan fan-out: ${SOCKETS} sockets in one terminal room, ${RATE} scans/s for ${SECONDS} s`);
    out(`  database   ${b.mode === 'server' ? 'PostgreSQL server' : 'embedded PGlite'}`);
    const call = client(b.app.url, b.bench.token);
    const sockets = [];
    const connectStarted = performance.now();
    for (let i = 0; i < SOCKETS; i += 50)
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, SOCKETS - i) }, () => terminalSocket(b.app.url, b.bench.token)),
        )),
      );
    out(`  connected  ${SOCKETS} sockets in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`);
    const sent = new Map();
    const deliveries = [];
    let received = 0;
    for (const s of sockets)
      s.on('scan:recorded', (e) => {
        const at = sent.get(e.scanId);
        received++;
        if (at !== undefined) deliveries.push(performance.now() - at);
      });
    await paced(RATE, RATE, (i) => scan(call, b.numbers[count + i]));
    const expected = SOCKETS * (RATE + count);
    await paced(RATE, count, async (i) => {
      const scanId = randomUUID();
      sent.set(scanId, performance.now());
      await scan(call, b.numbers[i], scanId);
    });
    const deadline = Date.now() + 10_000;
    while (received < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    out(`  delivery   ${summary(deliveries)}`);
    out(`  received   ${received} of ${expected} events`);
    out(`  ${await b.machine()}`);
    for (const s of sockets) s.close();
  } finally {
    await b.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
