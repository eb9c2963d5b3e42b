// Benchmark of the clients export through the job path (decision 0045), on a fresh database.
//
//   npm run build && node scripts/bench/export-clients.cjs [rows=50000]
//
// With DATABASE_URL set it creates (and drops) a fresh database on that server; without, it runs on embedded
// PGlite in a temporary directory. It inserts the clients with batched INSERTs, starts the app on a loopback port,
// asks for `POST /api/client/exportToXlsx { id: "all" }` as a superAdmin, follows the job over Socket.IO, downloads
// the file, and prints rows/s, the file size, peak RSS and the machine. Figures only: it never fails on a timing.
const os = require('node:os');
const { io } = require('socket.io-client');
const { jobEnd, startBenchDepot } = require('./parcels-fixture.cjs');

const ROWS = Number(process.argv[2] ?? 50_000);
const BATCH = 1000;
const out = (line = '') => process.stdout.write(`${line}\n`);

async function insertClients(pool, n) {
  const started = Date.now();
  for (let from = 0; from < n; from += BATCH) {
    const values = [];
    const params = [];
    for (let i = from; i < Math.min(n, from + BATCH); i++) {
      const p = params.length;
      values.push(`($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7}, $${p + 8})`);
      params.push(
        `Bench Client ${String(i).padStart(7, '0')} Sp. z o.o.`,
        `B${i}`,
        `BC${i}`,
        `PL${String(5260000000 + i)}`,
        'Warszawa',
        'PL',
        i % 30,
        i % 10 !== 0,
      );
    }
    await pool.query(
      `insert into clients (company_name, short_name, unique_prefix, vat_id, city, country, debt_block_days, active)
       values ${values.join(',')}`,
      params,
    );
  }
  return Date.now() - started;
}

async function main() {
  // A fresh database (dropped after; PGlite in a temp dir without DATABASE_URL) and the app in this process.
  const bench = await startBenchDepot();
  const { depot, token } = bench;
  let socket;
  try {
    const insertMs = await insertClients(depot.runtime.pool, ROWS);
    socket = io(depot.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });

    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);
    const events = [];
    socket.onAny((event, payload) => events.push({ event, payload, at: Date.now() }));
    const started = Date.now();
    const res = await fetch(`${depot.url}/api/client/exportToXlsx`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: 'all' }),
    });
    if (res.status !== 202) throw new Error(`expected 202, got ${res.status}: ${await res.text()}`);
    const { jobId } = await res.json();
    const end = await jobEnd(events, jobId, started);
    const jobMs = end.at - started;
    clearInterval(sampler);
    if (end.event !== 'job:finished') throw new Error(`the job failed: ${end.payload.message}`);
    const result = end.payload.result;
    const download = await fetch(`${depot.url}${result.url}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const file = Buffer.from(await download.arrayBuffer());
    const progressEvents = events.filter(
      (e) => e.event === 'job:progress' && e.payload.jobId === jobId,
    ).length;

    const cpus = os.cpus();
    const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;
    out(`clients export through the job path, ${ROWS.toLocaleString('en')} clients`);
    out(`  database          ${depot.runtime.mode === 'server' ? 'PostgreSQL server' : 'embedded PGlite'}`);
    out(
      `  insert            ${insertMs} ms (${Math.round((ROWS / insertMs) * 1000).toLocaleString('en')} rows/s, batches of ${BATCH})`,
    );
    out(
      `  export job        ${jobMs} ms, request to job:finished (${Math.round((result.rows / jobMs) * 1000).toLocaleString('en')} rows/s)`,
    );
    out(
      `  rows in the file  ${result.rows.toLocaleString('en')} (+ header), ${mb(file.length)} (${file.length.toLocaleString('en')} bytes)`,
    );
    out(`  progress events   ${progressEvents}`);
    out(
      `  RSS               ${mb(rssBefore)} before, ${mb(peakRss)} peak during the export (whole process: app${depot.runtime.mode === 'server' ? '' : ' + PGlite'})`,
    );
    out(
      `  machine           ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${mb(os.totalmem())} RAM, Node ${process.version}, ${os.platform()} ${os.release()}`,
    );
  } finally {
    socket?.disconnect();
    await bench.close();
  }
}

main().then(
  // Agenda's job watcher keeps a timer alive for a while after the job: leave at once.
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  },
);
