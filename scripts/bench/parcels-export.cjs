// Benchmark of the parcels export to xlsx through the job path over HTTP (decisions 0080, 0095), on a fresh database.
//
//   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node scripts/bench/parcels-export.cjs [parcels=100000] [format=xlsx]
//
// Creates a fresh database (dropped after; PGlite in a temp dir without DATABASE_URL), seeds N parcels
// (scripts/bench/parcels-fixture.cjs), then starts the app in a process of its own as deployed
// (`node apps/api/dist/main.js`), signs in as a superAdmin and asks for `POST /api/order/selectedOrders` (or
// `/api/order/exportCSV` with format=csv) with the list's select-all over the year (every parcel), newest first.
// That is over EXPORT_DIRECT_MAX_ROWS, so it runs as the export job: the script follows the job over Socket.IO,
// downloads the file from GET /api/export/file/{id}, and prints the time, rows/s, the file size, progress events,
// the app process's RSS before and at peak (/proc/<pid>/status: VmRSS sampled every 20 ms, and VmHWM), and the
// machine. BENCH_TRACE=1 also prints the RSS over time. Figures only: it never fails on a timing (target: peak RSS
// ≤ 300 MB).
const { readFileSync } = require('node:fs');
const { io } = require('socket.io-client');
const {
  startBenchDepot,
  startApp,
  jobEnd,
  seedParcels,
  machine,
  out,
  ADMIN,
} = require('./parcels-fixture.cjs');

const N = Number(process.argv[2] ?? 100_000);
const FORMAT = process.argv[3] === 'csv' ? 'csv' : 'xlsx';
const PATHS = { xlsx: '/api/order/selectedOrders', csv: '/api/order/exportCSV' };
const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;

/** The app's resident memory now and its peak so far (kernel figures of the process, /proc/<pid>/status). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function main() {
  const bench = await startBenchDepot();
  let socket;
  let app;
  try {
    out(`parcels export to ${FORMAT} through the job path, ${N.toLocaleString('en')} parcels`);
    out(`  database          ${bench.mode === 'server' ? 'PostgreSQL server' : 'embedded PGlite'}`);
    const seeded = await seedParcels(bench.depot.runtime.pool, N);
    out(
      `  seed              ${seeded.insertMs} ms (${Math.round((N / seeded.insertMs) * 1000).toLocaleString('en')} parcels/s with history), vacuum analyze ${seeded.vacuumMs} ms`,
    );
    const onMachine = await machine(bench.depot.runtime.pool);
    // The export runs in an app process of its own, started as deployed, so its memory is the app's alone.
    await bench.stopApp();
    app = await startApp(bench.env);
    const signIn = await fetch(`${app.url}/api/auth/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = await signIn.json();
    socket = io(app.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const events = [];
    socket.onAny((event, payload) => events.push({ event, payload, at: Date.now() }));

    const before = memoryOf(app.pid);
    let peakRss = before.rss;
    let started = Date.now();
    const trace = [];
    const sampler = setInterval(() => {
      const { rss } = memoryOf(app.pid);
      peakRss = Math.max(peakRss, rss);
      if (process.env.BENCH_TRACE) {
        const last = events.filter((e) => e.event === 'job:progress').at(-1)?.payload.progress ?? '-';
        trace.push(`${Date.now() - started} ms, ${last}%: RSS ${mb(rss)}`);
      }
    }, 20);
    started = Date.now();
    const res = await fetch(`${app.url}${PATHS[FORMAT]}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        selectedAll: true,
        exceptId: [],
        filters: {},
        orderBy: { field: 'createdAt', direction: 'desc' },
      }),
    });
    if (res.status !== 202) throw new Error(`expected 202, got ${res.status}: ${await res.text()}`);
    const { jobId } = await res.json();
    const end = await jobEnd(events, jobId, started);
    const jobMs = end.at - started;
    if (end.event !== 'job:finished') throw new Error(`the job failed: ${end.payload.message}`);
    const jobPeak = Math.max(peakRss, memoryOf(app.pid).rss);
    const result = end.payload.result;
    const download = await fetch(`${app.url}${result.url}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const file = Buffer.from(await download.arrayBuffer());
    clearInterval(sampler);
    if (download.status !== 200) throw new Error(`download answered ${download.status}`);
    const { peak } = memoryOf(app.pid);
    const progressEvents = events.filter(
      (e) => e.event === 'job:progress' && e.payload.jobId === jobId,
    ).length;

    out(
      `  export job        ${jobMs} ms, request to job:finished (${Math.round((result.rows / jobMs) * 1000).toLocaleString('en')} rows/s)`,
    );
    out(
      `  rows in the file  ${result.rows.toLocaleString('en')} (+ header), ${mb(file.length)} (${file.length.toLocaleString('en')} bytes)`,
    );
    out(`  progress events   ${progressEvents}`);
    out(
      `  app RSS           ${mb(before.rss)} before, ${mb(jobPeak)} peak until job:finished, ${mb(Math.max(peak, peakRss))} peak with the download (the app's process${bench.mode === 'server' ? '' : ' with PGlite'}; target ≤ 300 MB)`,
    );
    if (process.env.BENCH_TRACE) for (const line of trace.filter((_, i) => i % 10 === 0)) out(`    ${line}`);
    out(`  machine           ${onMachine}`);
  } finally {
    socket?.disconnect();
    await app?.stop();
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
