// Benchmark of real weights from carriers' files (issue 16 item 4, decision 0151) on a fresh database.
//
//   npm run build && node scripts/bench/real-weights.cjs [rows=100000]
//
// With DATABASE_URL set it creates (and drops) a fresh database on that server; without, it runs on embedded PGlite
// in a temporary directory. It seeds `rows` parcels (the parcels benchmarks' fixture: external numbers EXT…), writes a
// carrier's Polish Excel CSV of `rows` lines (`;`, decimal commas) — most lines naming a parcel by its external number
// (every other one in lower case), 5 % numbers no parcel has, 1 % refused weights, some with a dimensional weight — and
// uploads it as an admin (`POST /api/large/order/importRealWeightFromFile`, timed to the 201 with the counts). It prints
// the time, the lines per second, the counts by outcome, the app's RSS (the app in a process of its own, `node
// apps/api/dist/main.js`) and the machine, and (on a server) checks the parcels weighed against the file's matched lines.
// Figures only: it never fails on a timing.
const { readFileSync } = require('node:fs');
const { Client } = require('pg');
const { machine, seedParcels, startApp, startBenchDepot } = require('./parcels-fixture.cjs');

const ROWS = Number(process.argv[2] ?? 100_000);
const out = (line = '') => process.stdout.write(`${line}\n`);

/** The carrier's file: line i names parcel EXT…i (a weight from 1 to 30,9 kg), or a number no parcel has. */
function carrierFile(rows) {
  const lines = ['Numer przesyłki;Waga rzeczywista;Waga gabarytowa'];
  for (let i = 0; i < rows; i++) {
    const ext = `EXT${String(i).padStart(12, '0')}`;
    const number = i % 20 === 7 ? `NIEZNANY${i}` : i % 2 ? ext.toLowerCase() : ext;
    const weight = i % 100 === 3 ? '-1' : `${1 + ((i * 7) % 30)},${i % 10}`;
    const dimensional = i % 4 === 0 ? `${1 + ((i * 11) % 30)},5` : '';
    lines.push(`${number};${weight};${dimensional}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

async function main() {
  const bench = await startBenchDepot();
  const { depot, token } = bench;
  const pool = depot.runtime.pool;
  let app;
  try {
    const seeded = await seedParcels(pool, ROWS);
    out(`seeded ${ROWS} parcels in ${(seeded.insertMs / 1000).toFixed(1)} s`);
    const bytes = carrierFile(ROWS);
    const machineLine = await machine(pool);
    // The app in a process of its own (as deployed), so its memory is measured apart from this runner's.
    await bench.stopApp();
    app = await startApp(bench.env);
    const rssOf = (field) => {
      const line = readFileSync(`/proc/${app.pid}/status`, 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`${field}:`));
      return Number(line.split(/\s+/)[1]) / 1024;
    };
    const rssBefore = rssOf('VmRSS');
    const form = new FormData();
    form.set('file', new Blob([bytes]), 'carrier.csv');
    const t0 = Date.now();
    const res = await fetch(`${app.url}/api/large/order/importRealWeightFromFile`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const reply = await res.json();
    const ms = Date.now() - t0;
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(reply)}`);
    const peakRss = rssOf('VmHWM');
    out('real weights (upload, match, record and report in one call; the app in its own process)');
    out(`  machine    ${machineLine}`);
    out(`  database   ${bench.mode === 'server' ? 'PostgreSQL server' : 'embedded PGlite'}`);
    out(`  file       ${ROWS} lines, ${(bytes.length / 1024 / 1024).toFixed(1)} MB csv; ${ROWS} parcels`);
    out(`  upload     ${(ms / 1000).toFixed(2)} s → ${Math.round((ROWS / ms) * 1000)} lines/s`);
    out(
      `  lines      matched ${reply.matchedRows}, over-declared ${reply.overDeclaredRows}, unmatched ${reply.unmatchedRows}, invalid ${reply.invalidRows}`,
    );
    out(
      `  peak RSS   ${peakRss.toFixed(0)} MB (the app's process; ${rssBefore.toFixed(0)} MB before the upload)`,
    );
    if (bench.env.DATABASE_URL) {
      const db = new Client({ connectionString: bench.env.DATABASE_URL });
      await db.connect();
      const { rows } = await db.query(`select count(*)::int as n from parcel_weights`);
      await db.end();
      const found = reply.matchedRows + reply.overDeclaredRows;
      if (rows[0].n !== found) out(`  WARNING    ${rows[0].n} parcels weighed for ${found} matched lines`);
    }
  } finally {
    await app?.stop();
    await bench.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
