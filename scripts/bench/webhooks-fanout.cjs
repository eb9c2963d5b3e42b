// Benchmark of webhook deliveries (issue 15 item 4, decision 0146): status changes → signed deliveries to a local
// receiver.
//
//   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     node scripts/bench/webhooks-fanout.cjs [changes=10000] [rate=100] [concurrency=16]
//
// Creates a fresh database on that server (dropped after; without DATABASE_URL: embedded PGlite in a temporary
// directory), seeds `changes` parcels of 20 clients in status "pickup", starts the app in its own process (as
// deployed, WEBHOOK_URLS=local, WEBHOOK_CONCURRENCY=`concurrency`), registers one endpoint per client for
// parcel.status_changed pointing at a receiver in this process (node:http on 127.0.0.1, answering 200 at once), then
// changes every parcel to "inTransport" through `PUT /api/order/{id}/status` at `rate` changes per second. Each
// delivery's latency is from the change (the parcel's updatedAt in the body: the change's transaction) to the
// receiver reading the whole request; every signature is checked. Prints p50/p95/p99/max, throughput, the app's CPU
// per change and RSS, and the machine. BENCH_NO_WEBHOOKS=1 makes the same changes without endpoints. Figures only: it
// never fails on a timing.
const http = require('node:http');
const { createHmac } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { Client } = require('pg');
const { client, paced, summary } = require('./scans-fixture.cjs');
const { machine, out, seedParcels, startApp, startBenchDepot } = require('./parcels-fixture.cjs');

const CHANGES = Number(process.argv[2] ?? 10_000);
const RATE = Number(process.argv[3] ?? 100);
const CONCURRENCY = Number(process.argv[4] ?? 16);

/** The receiver: records each delivery's latency, checks its signature, counts duplicates. */
function startReceiver(secrets) {
  const latencies = [];
  const seen = new Set();
  const stats = { received: 0, duplicates: 0, badSignatures: 0, first: 0, last: 0 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = Buffer.concat(chunks).toString('utf8');
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('ok');
      const parsed = JSON.parse(body);
      const delivery = req.headers['depot-delivery'];
      if (seen.has(delivery)) stats.duplicates++;
      seen.add(delivery);
      const secret = secrets.get(parsed.data.parcel.clientId);
      const expected = `v1=${createHmac('sha256', secret ?? '')
        .update(`${req.headers['depot-timestamp']}.${body}`)
        .digest('hex')}`;
      if (req.headers['depot-signature'] !== expected) stats.badSignatures++;
      latencies.push(at - Date.parse(parsed.data.parcel.updatedAt));
      stats.received++;
      stats.first ||= at;
      stats.last = at;
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/depot-webhooks`,
        latencies,
        stats,
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

/** CPU seconds (user + system) the process has used (Linux /proc). */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The app process's resident memory now and at its peak (Linux /proc). */
function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

async function main() {
  const bench = await startBenchDepot({ WEBHOOK_URLS: 'local', WEBHOOK_CONCURRENCY: String(CONCURRENCY) });
  let app;
  let receiver;
  try {
    out(`webhooks fan-out: ${CHANGES} status changes at ${RATE}/s, ${CONCURRENCY} deliveries in flight`);
    out(`  database   ${bench.mode === 'server' ? 'PostgreSQL server' : 'embedded PGlite'}`);
    const pool = bench.depot.runtime.pool;
    const seeded = await seedParcels(pool, CHANGES);
    await pool.query(`update parcels set status = 'pickup'`);
    const { rows } = await pool.query('select id from parcels order by random()');
    const ids = rows.map((r) => r.id);
    const machineLine = await machine(pool);
    out(`  seeded     ${CHANGES} parcels of ${seeded.clientIds.length} clients in ${seeded.insertMs} ms`);
    await bench.stopApp();
    app = await startApp(bench.env);
    const call = client(app.url, bench.token);

    const secrets = new Map();
    receiver = await startReceiver(secrets);
    // BENCH_NO_WEBHOOKS=1: the same changes without endpoints (what the webhooks add to a status change).
    for (const clientId of process.env.BENCH_NO_WEBHOOKS ? [] : seeded.clientIds) {
      const res = await call('POST', '/api/webhook/create', {
        url: receiver.url,
        events: ['parcel.status_changed'],
        clientId,
      });
      if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
      secrets.set(clientId, JSON.parse(res.text).secret);
    }
    out(`  endpoints  ${secrets.size} (one per client), receiver ${receiver.url}`);

    const rssBefore = rssOf(app.pid).rss;
    const cpuBefore = cpuOf(app.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(app.pid).rss)), 200);
    const httpMs = [];
    const started = Date.now();
    await paced(RATE, ids.length, async (i) => {
      const t0 = performance.now();
      const res = await call('PUT', `/api/order/${ids[i]}/status`, { status: 'inTransport' });
      if (res.status !== 200) throw new Error(`status change: ${res.status} ${res.text}`);
      httpMs.push(performance.now() - t0);
    });
    const changedIn = Date.now() - started;
    const deadline = Date.now() + 120_000;
    const expected = process.env.BENCH_NO_WEBHOOKS ? 0 : ids.length;
    while (receiver.stats.received < expected && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    clearInterval(sampler);
    const appCpu = cpuOf(app.pid) - cpuBefore;
    const s = receiver.stats;
    const deliveredIn = s.last - started;
    out(
      `  changes    ${ids.length} in ${(changedIn / 1000).toFixed(1)} s (${((ids.length * 1000) / changedIn).toFixed(0)}/s); HTTP ${summary(httpMs)}`,
    );
    if (expected > 0)
      out(
        `  delivered  ${s.received} of ${ids.length} (duplicates ${s.duplicates}, bad signatures ${s.badSignatures}) by ${(deliveredIn / 1000).toFixed(1)} s: ${((s.received * 1000) / Math.max(1, s.last - s.first)).toFixed(0)} deliveries/s`,
      );
    if (receiver.latencies.length > 0) out(`  latency    change → delivery ${summary(receiver.latencies)}`);
    out(`  app CPU    ${appCpu.toFixed(1)} s (${((appCpu * 1000) / ids.length).toFixed(2)} ms per change)`);
    out(
      `  app RSS    ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB at peak (VmHWM ${rssOf(app.pid).peak.toFixed(0)} MB)`,
    );
    const db = new Client({ connectionString: bench.env.DATABASE_URL || undefined });
    if (bench.mode === 'server') await db.connect();
    const { rows: states } =
      bench.mode === 'server'
        ? await db.query(
            `select state, count(*)::int as n, max(attempts)::int as attempts from webhook_deliveries group by state`,
          )
        : { rows: [] };
    if (bench.mode === 'server') await db.end();
    out(`  rows       ${states.map((r) => `${r.state} ${r.n} (max ${r.attempts} attempt(s))`).join(', ')}`);
    out(`  machine    ${machineLine}`);
  } finally {
    if (app) await app.stop();
    if (receiver) await receiver.close();
    await bench.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
