// Benchmark of shipment imports (issue 16, decision 0150) on a fresh database.
//
//   npm run build && node scripts/bench/imports.cjs [rows=100000]
//
// With DATABASE_URL set it creates (and drops) a fresh database on that server; without, it runs on embedded PGlite
// in a temporary directory. It writes an xlsx of `rows` shipments (Polish headers, decimal-comma weights, country
// names) with exceljs's streaming writer, uploads it as staff for a client with a standard parcel
// (`POST /api/import/createShipmentFromFile`, timed to the 201 of the checked import), approves it
// (`POST /api/import/approved/{id}`, timed until the import reads `done`), and prints both times, the rows per second,
// the file's size, the app's RSS (VmRSS before, VmHWM after; the app runs in a process of its own, `node
// apps/api/dist/main.js`, once the bench's in-process app has set up the client and matrix) and the machine. It checks
// every row became one parcel. Figures only: it never fails on a timing.
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const ExcelJS = require('exceljs');
const { Client } = require('pg');
const { machine, startApp, startBenchDepot } = require('./parcels-fixture.cjs');

const ROWS = Number(process.argv[2] ?? 100_000);
const out = (line = '') => process.stdout.write(`${line}\n`);
const HEADERS = [
  'Numer referencyjny',
  'Nazwa odbiorcy',
  'Ulica odbiorcy',
  'Numer budynku odbiorcy',
  'Miasto odbiorcy',
  'Kod pocztowy odbiorcy',
  'Kraj odbiorcy',
  'Waga (kg)',
];
const CITIES = [
  ['Berlin', '10115', 'Niemcy'],
  ['Praha', '11000', 'Czechy'],
  ['Łódź', '90-001', 'Polska'],
  ['Wien', '1010', 'Austria'],
];

async function writeFile(path, rows) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Przesyłki');
  sheet.addRow(HEADERS).commit();
  for (let i = 0; i < rows; i++) {
    const [city, zip, country] = CITIES[i % CITIES.length];
    const weight = `${1 + (i % 20)},${i % 10}`;
    sheet
      .addRow([
        `BENCH/${i}`,
        `Odbiorca ${i}`,
        'Świętokrzyska',
        String(1 + (i % 90)),
        city,
        zip,
        country,
        weight,
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

async function main() {
  const dir = mkdtempSync(join(os.tmpdir(), 'depot-bench-import-'));
  const file = join(dir, 'shipments.xlsx');
  const bench = await startBenchDepot(
    process.env.CARRIER_REGISTRATION_ON_CREATE
      ? { CARRIER_REGISTRATION_ON_CREATE: process.env.CARRIER_REGISTRATION_ON_CREATE }
      : {},
  );
  const { depot, token } = bench;
  const pool = depot.runtime.pool;
  let base = depot.url;
  let app;
  const api = (path, init = {}) =>
    fetch(`${base}/api${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
  try {
    const { rows: client } = await pool.query(
      `insert into clients (company_name, short_name, unique_prefix, country, city, currency, default_address,
         parcel_settings, default_phone_shipping)
       values ('Bench Import Sp. z o.o.', 'BIMP', 'BIM', 'PL', 'Zielona Góra', 'PLN',
         '{"name":"Bench","street":"Sportowa","building":"1","city":"Zielona Góra","zipCode":"65-001","country":"PL","phone":null,"email":null}',
         '{"content":"Books","sizeL":30,"sizeW":20,"sizeD":10,"value":"100.00","valueCurrency":"PLN","weightKg":null}',
         '+48600100200') returning id`,
    );
    const { rows: operator } = await pool.query(
      `insert into operators (name, type) values ('Bench DPD', 'DPD') returning id`,
    );
    const matrix = await api('/matrix/create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench default',
        isDefault: true,
        conditions: [
          { pickupCountry: null, destinationCountry: null, maxWeightKg: 50, operatorId: operator[0].id },
        ],
      }),
    });
    if (matrix.status !== 201) throw new Error(`matrix: ${matrix.status}`);
    const writeStarted = Date.now();
    await writeFile(file, ROWS);
    const bytes = readFileSync(file);
    out(
      `wrote ${ROWS} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB xlsx in ${((Date.now() - writeStarted) / 1000).toFixed(1)} s`,
    );
    const machineLine = await machine(pool);
    // The app in a process of its own (as deployed), so its memory is measured apart from this runner's.
    await bench.stopApp();
    app = await startApp(bench.env);
    base = app.url;
    const rssOf = (field) => {
      const line = readFileSync(`/proc/${app.pid}/status`, 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`${field}:`));
      return Number(line.split(/\s+/)[1]) / 1024;
    };
    const rssBefore = rssOf('VmRSS');

    const form = new FormData();
    form.set('clientId', client[0].id);
    form.set('file', new Blob([bytes]), 'shipments.xlsx');
    const t0 = Date.now();
    const uploaded = await api('/import/createShipmentFromFile', { method: 'POST', body: form });
    const view = await uploaded.json();
    const checkMs = Date.now() - t0;
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(view)}`);
    const checkRss = rssOf('VmHWM');
    const t1 = Date.now();
    const approved = await api(`/import/approved/${view.id}`, { method: 'POST' });
    if (approved.status !== 202) throw new Error(`approve: ${approved.status}`);
    let done;
    for (;;) {
      done = await (await api(`/import/${view.id}`)).json();
      if (done.state !== 'approving') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const approveMs = Date.now() - t1;
    const peakRss = rssOf('VmHWM');
    out('shipment import (upload and check, then approve; the app in its own process)');
    out(`  machine    ${machineLine}`);
    out(`  database   ${bench.mode === 'server' ? 'PostgreSQL server' : 'embedded PGlite'}`);
    out(`  file       ${ROWS} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB xlsx`);
    out(
      `  check      ${(checkMs / 1000).toFixed(1)} s → ${Math.round((ROWS / checkMs) * 1000)} rows/s (valid ${view.validRows}, invalid ${view.invalidRows}); app's peak RSS ${checkRss.toFixed(0)} MB`,
    );
    out(
      `  approve    ${(approveMs / 1000).toFixed(1)} s → ${Math.round((ROWS / approveMs) * 1000)} parcels/s (state ${done.state}, created ${done.createdRows})`,
    );
    out(
      `  peak RSS   ${peakRss.toFixed(0)} MB (the app's process; ${rssBefore.toFixed(0)} MB before the upload)`,
    );
    if (done.createdRows !== ROWS) out(`  WARNING    ${done.createdRows} parcels created for ${ROWS} rows`);
    if (bench.env.DATABASE_URL) {
      const db = new Client({ connectionString: bench.env.DATABASE_URL });
      await db.connect();
      const { rows: count } = await db.query(
        `select count(*)::int as n, count(distinct reference_number)::int as refs from parcels where client_id = $1`,
        [client[0].id],
      );
      await db.end();
      if (count[0].n !== ROWS || count[0].refs !== ROWS)
        out(`  WARNING    ${count[0].n} parcels, ${count[0].refs} distinct references for ${ROWS} rows`);
    }
  } finally {
    await app?.stop();
    await bench.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
