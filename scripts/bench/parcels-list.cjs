// Benchmark of the parcels list (POST /api/order/get/list) over HTTP on a large table (decision 0082).
//
//   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node scripts/bench/parcels-list.cjs [parcels=1000000] [samples=500]
//
// Creates a fresh database (dropped after), seeds N parcels (scripts/bench/parcels-fixture.cjs), starts the app in
// a process of its own (`node apps/api/dist/main.js`, as deployed),
// signs in as a superAdmin and calls the list endpoint with a session token for several cases of two filters and
// a sort: the first page `samples` times (round-robin over the cases), and pages 101–160 (following nextCursor) 5×
// over (each page timed).
// Prints p50/p95/p99 per case and the machine. Figures only: it never fails on a timing.
const http = require('node:http');
const { startBenchDepot, startApp, seedParcels, machine, out } = require('./parcels-fixture.cjs');

const N = Number(process.argv[2] ?? 1_000_000);
const SAMPLES = Number(process.argv[3] ?? 500);
const DEEP_FROM = 100;
const DEEP_PAGES = 60;
const DEEP_WALKS = 5;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Calls the app over one kept-alive connection with the session token; resolves with the status and the body. */
function keptAliveClient(base, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(base);
  return (method, path, body) =>
    new Promise((resolve, reject) => {
      const headers = { Authorization: `Bearer ${token}` };
      if (body)
        Object.assign(headers, {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
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
      req.end(body);
    });
}

async function main() {
  const bench = await startBenchDepot();
  let app;
  try {
    const pool = bench.depot.runtime.pool;
    out(`parcels list over HTTP, ${N.toLocaleString('en')} parcels`);
    out(`  database   ${bench.mode === 'server' ? 'PostgreSQL server' : 'embedded PGlite'}`);
    const seeded = await seedParcels(pool, N);
    out(
      `  seed       ${seeded.insertMs} ms (${Math.round((N / seeded.insertMs) * 1000).toLocaleString('en')} parcels/s with history), vacuum analyze ${seeded.vacuumMs} ms`,
    );
    const [clientA] = seeded.clientIds;
    const [dpd, , ups] = seeded.operatorIds;
    const cases = [
      {
        name: 'client + status, newest first',
        filters: { clientId: clientA, statuses: ['delivered'] },
        orderBy: { field: 'createdAt', direction: 'desc' },
      },
      {
        name: 'statuses (2) + destination DE, newest first',
        filters: { statuses: ['inTransport', 'inDelivery'], destinationCountry: 'DE' },
        orderBy: { field: 'createdAt', direction: 'desc' },
      },
      {
        name: 'carrier + destination CZ, weight ascending',
        filters: { operatorId: ups, destinationCountry: 'CZ' },
        orderBy: { field: 'weightKg', direction: 'asc' },
      },
      {
        name: 'order type + source, number ascending',
        filters: { orderTypes: ['domestic'], sources: ['amazon'] },
        orderBy: { field: 'internalNumber', direction: 'asc' },
      },
      {
        name: 'client + carrier, status ascending',
        filters: { clientId: clientA, operatorId: dpd },
        orderBy: { field: 'status', direction: 'asc' },
      },
      {
        name: 'status + number search (prefix), newest first',
        filters: { statuses: ['delivered'], search: 'EXT00000012' },
        orderBy: { field: 'createdAt', direction: 'desc' },
      },
      {
        // The usual search: a whole number (a carrier's tracking number from a label), in lower case.
        name: 'client + whole number, newest first',
        filters: { clientId: clientA, search: 'ext000000424260' },
        orderBy: { field: 'createdAt', direction: 'desc' },
      },
    ];

    // The app answers from a process of its own, started as deployed: the client's work (this script) does not
    // share its event loop.
    const onMachine = await machine(pool);
    await bench.stopApp();
    app = await startApp(bench.env);
    // The client is node:http over one kept-alive connection: it adds less of its own time to each figure than
    // fetch (undici) does, which measured ~0.8 ms more at p50 and ~1.1 ms more at p95 interleaved on the same app.
    const client = keptAliveClient(app.url, bench.token);
    const call = async (body) => {
      const t0 = performance.now();
      const { status, text } = await client('POST', '/api/order/get/list', JSON.stringify(body));
      const reply = JSON.parse(text);
      const ms = performance.now() - t0;
      if (status !== 200) throw new Error(`list answered ${status}: ${text}`);
      return { ms, reply };
    };

    // Warm up the connection and the caches the way a running server has them.
    for (const c of cases)
      for (let i = 0; i < 20; i++) await call({ filters: c.filters, orderBy: c.orderBy });

    // The request floor of this machine: an authenticated GET that reads the session and one user, no list.
    const floor = [];
    for (let i = 0; i < SAMPLES + 20; i++) {
      const t0 = performance.now();
      await client('GET', '/api/user/get/current');
      if (i >= 20) floor.push(performance.now() - t0);
    }

    // First pages round-robin over the cases, so a burst of the machine's other work spreads over all of them
    // instead of landing on whichever case ran at that moment.
    const firsts = cases.map(() => ({ ms: [], total: 0 }));
    for (let i = 0; i < SAMPLES; i++) {
      for (const [k, c] of cases.entries()) {
        const { ms, reply } = await call({ filters: c.filters, orderBy: c.orderBy });
        firsts[k].ms.push(ms);
        firsts[k].total = reply.total;
      }
    }
    const rows = [];
    for (const [k, c] of cases.entries()) {
      const { ms: first, total } = firsts[k];
      // Deep pages: walk to page DEEP_FROM, then time pages DEEP_FROM+1… DEEP_PAGES deep, DEEP_WALKS times over
      // from the same cursor (each walk is the same pages a user scrolling that far would get).
      const deep = [];
      let cursor = null;
      let page = 0;
      while (page < DEEP_FROM && (page === 0 || cursor)) {
        cursor = (await call({ filters: c.filters, orderBy: c.orderBy, cursor })).reply.nextCursor;
        page += 1;
      }
      let pagesWalked = page;
      for (let walk = 0; walk < DEEP_WALKS && cursor; walk++) {
        let next = cursor;
        for (let p = 0; p < DEEP_PAGES && next; p++) {
          const { ms, reply } = await call({ filters: c.filters, orderBy: c.orderBy, cursor: next });
          deep.push(ms);
          next = reply.nextCursor;
          pagesWalked = Math.max(pagesWalked, DEEP_FROM + p + 1);
        }
      }
      rows.push({ c, total, first, deep, pagesWalked });
    }

    const fmt = (xs) => {
      if (xs.length === 0) return 'n/a (fewer pages)';
      const s = [...xs].sort((a, b) => a - b);
      return `p50 ${percentile(s, 50).toFixed(2)}  p95 ${percentile(s, 95).toFixed(2)}  p99 ${percentile(s, 99).toFixed(2)} ms`;
    };
    for (const r of rows) {
      out(`  ${r.c.name}  (${r.total.toLocaleString('en')} match)`);
      out(`    first page  ×${r.first.length}   ${fmt(r.first)}`);
      out(
        r.deep.length > 0
          ? `    pages ${DEEP_FROM + 1}–${r.pagesWalked} ×${r.deep.length}  ${fmt(r.deep)}`
          : `    deep pages  n/a (fewer than ${DEEP_FROM + 1} pages)`,
      );
    }
    out(`  floor      GET /api/user/get/current (session + one read, no list)  ${fmt(floor)}`);
    out(`  machine    ${onMachine}`);
  } finally {
    await app?.stop();
    await bench.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  },
);
