// Benchmark of the status refresh (issue 15 item 3, decision 0145) on a fresh database.
//
//   npm run build && node scripts/bench/status-refresh.cjs [parcels=100000] [latencyMs=50]
//
// With DATABASE_URL set it creates (and drops) a fresh database on that server; without, it runs on embedded PGlite
// in a temporary directory. A local stand-in for InPost ShipX's tracking (`GET /v1/tracking/{number}`) answers every
// request after `latencyMs`, with two events per parcel (at the sorting centre, out for delivery). The parcels are
// InPost's, all "pickup" with a carrier number; the status map knows both codes. The scheduled run's work
// (StatusRefreshService.refreshAll) is timed in this process; it prints parcels refreshed per second of wall time,
// the carrier's requests, peak RSS and the machine, and checks every parcel moved. Figures only: it never fails on a
// timing. STATUS_REFRESH_PARALLEL and CARRIER_TRACKING_CONCURRENCY in the environment are passed to the app.
const http = require('node:http');
const { join } = require('node:path');
const { machine, startBenchDepot } = require('./parcels-fixture.cjs');

const PARCELS = Number(process.argv[2] ?? 100_000);
const LATENCY_MS = Number(process.argv[3] ?? 50);
const out = (line = '') => process.stdout.write(`${line}\n`);

/** ShipX tracking after `latency` ms: two events for any number. */
function startShipx(latency) {
  let requests = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  const server = http.createServer((req, res) => {
    requests++;
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    const m = /^\/v1\/tracking\/([^/?]+)$/.exec(req.url ?? '');
    setTimeout(() => {
      inFlight--;
      if (!m) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end('{"status":404,"error":"resource_not_found"}');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          tracking_number: decodeURIComponent(m[1]),
          status: 'out_for_delivery',
          tracking_details: [
            {
              status: 'out_for_delivery',
              origin_status: 'WDO',
              agency: null,
              datetime: '2026-11-28T09:00:00.000Z',
            },
            {
              status: 'adopted_at_sorting_center',
              origin_status: 'PWO',
              agency: null,
              datetime: '2026-11-28T07:00:00.000Z',
            },
          ],
        }),
      );
    }, latency);
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        stats: () => ({ requests, peakInFlight }),
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

async function seed(pool, n) {
  const started = Date.now();
  const { rows: client } = await pool.query(
    `insert into clients (company_name, short_name, unique_prefix, country, city, currency)
     values ('Bench Tracking Sp. z o.o.', 'BTRACK', 'BTR', 'PL', 'Warszawa', 'PLN') returning id`,
  );
  const { rows: operator } = await pool.query(
    `insert into operators (name, type) values ('Bench InPost', 'INPOST') returning id`,
  );
  await pool.query(
    `insert into status_map (operator_type, code, description, db_name, is_terminal) values
       ('INPOST', 'adopted_at_sorting_center', 'Adopted at sorting center', 'parcelCenter', false),
       ('INPOST', 'out_for_delivery', 'Out for delivery', 'inDelivery', false)`,
  );
  for (let from = 0; from < n; from += 10_000) {
    const to = Math.min(n, from + 10_000) - 1;
    await pool.query(
      `insert into parcels (client_id, order_type, source, status, internal_number, external_number, weight_kg,
         package_count, pickup_address, destination_address, pickup_country, destination_country, operator_id)
       select $1, 'domestic', 'api', 'pickup', 'BTR' || lpad(i::text, 10, '0'), 'IP' || lpad(i::text, 12, '0'), 1.5, 1,
              '{"name":"Bench","street":"S","building":"1","city":"Zielona Góra","zipCode":"65-001","country":"PL"}'::jsonb,
              '{"name":"R","street":"S","building":"1","city":"Poznań","zipCode":"60-001","country":"PL"}'::jsonb,
              'PL', 'PL', $2
       from generate_series(${from}::int, ${to}::int) i`,
      [client[0].id, operator[0].id],
    );
  }
  await pool.query('vacuum analyze parcels');
  return Date.now() - started;
}

async function main() {
  const shipx = await startShipx(LATENCY_MS);
  const bench = await startBenchDepot({
    CARRIER_INPOST_URL: shipx.url,
    CARRIER_TIMEOUT_MS: '10000',
    ...(process.env.STATUS_REFRESH_PARALLEL
      ? { STATUS_REFRESH_PARALLEL: process.env.STATUS_REFRESH_PARALLEL }
      : {}),
    ...(process.env.CARRIER_TRACKING_CONCURRENCY
      ? { CARRIER_TRACKING_CONCURRENCY: process.env.CARRIER_TRACKING_CONCURRENCY }
      : {}),
  });
  const { depot } = bench;
  const pool = depot.runtime.pool;
  try {
    const seedMs = await seed(pool, PARCELS);
    const { StatusRefreshService } = require(
      join(__dirname, '..', '..', 'apps/api/dist/modules/status-refresh/status-refresh.service.js'),
    );
    const refresh = depot.app.get(StatusRefreshService);
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
    const started = process.hrtime.bigint();
    const result = await refresh.refreshAll();
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    clearInterval(sampler);
    const { rows } = await pool.query(
      `select count(*) filter (where status = 'inDelivery')::int as moved,
              (select count(*)::int from parcel_status_history where source = 'carrier') as history
       from parcels`,
    );
    const stats = shipx.stats();
    out('status refresh (StatusRefreshService.refreshAll, the scheduled run)');
    out(`  machine    ${await machine(pool)}`);
    out(`  database   ${bench.mode === 'server' ? 'PostgreSQL server' : 'embedded PGlite'}`);
    out(
      `  parcels    ${PARCELS} tracked (seeded in ${(seedMs / 1000).toFixed(1)} s); carrier latency ${LATENCY_MS} ms per request`,
    );
    out(
      `  settings   STATUS_REFRESH_PARALLEL=${process.env.STATUS_REFRESH_PARALLEL ?? 4}, CARRIER_TRACKING_CONCURRENCY=${process.env.CARRIER_TRACKING_CONCURRENCY ?? 16}`,
    );
    out(`  result     ${JSON.stringify(result)}`);
    out(`  moved      ${rows[0].moved} parcels to inDelivery, ${rows[0].history} carrier history rows`);
    out(`  carrier    ${stats.requests} requests, at most ${stats.peakInFlight} at once`);
    out(`  wall       ${(wallMs / 1000).toFixed(1)} s → ${Math.round((PARCELS / wallMs) * 1000)} parcels/s`);
    out(`  peak RSS   ${(peakRss / 1024 / 1024).toFixed(0)} MB (this process: app and runner)`);
    if (rows[0].moved !== PARCELS) out(`  WARNING    ${PARCELS - rows[0].moved} parcels did not move`);
  } finally {
    await bench.close();
    await shipx.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
