// Benchmark of label rendering (decisions 0055–0059): N A6 labels in one PDF, as the bulk label job renders them.
//
//   npm run build && node scripts/bench/labels.cjs [labels=1000]
//
// It plans labels for synthetic parcels with Polish text (one package each, every barcode different), renders them
// with the app's own renderer (pdfkit, DejaVu Sans embedded, Code128 from bwip-js as vector paths) into one
// streamed PDF, and prints the time, pages, file size, peak RSS and the machine. Figures only: it never fails on a
// timing. No database: loading parcels is the repository's job and is measured by the list benchmarks.
const os = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const { renderLabelsPdf } = require(join(root, 'apps/api/dist/modules/labels/render/pdf-labels.js'));
const { zplLabels } = require(join(root, 'apps/api/dist/modules/labels/render/zpl-labels.js'));
const { planLabels } = require(join(root, 'libs/domain/dist/index.js'));

const N = Number(process.argv[2] ?? 1000);
const out = (line = '') => process.stdout.write(`${line}\n`);

const address = (name, city, country) => ({
  name,
  street: 'Świętokrzyska',
  building: '12/3',
  city,
  zipCode: '90-001',
  country,
  phone: '+48 600 100 200',
  email: null,
});

const parcel = (i) => ({
  id: `p${i}`,
  clientId: 'c1',
  clientName: 'Łąkowa',
  internalNumber: `LAK${String(i).padStart(8, '0')}`,
  referenceNumber: `ZAM/2026/${i}`,
  externalNumber: null,
  firstMileNumber: null,
  lastMileNumber: `DPD${String(1_000_000_000 + i)}`,
  barcode: null,
  orderType: 'internal',
  status: 'new',
  isCorrect: true,
  packageCount: 1,
  weightKg: '2.500',
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  content: 'Książki',
  note1: 'Proszę dzwonić',
  pickupAddress: address('Łąkowa sp. z o.o.', 'Zielona Góra', 'PL'),
  destinationAddress: address(`Grzegorz Brzęczyszczykiewicz ${i}`, 'Łódź', 'DE'),
  codAmount: i % 3 === 0 ? '149.99' : null,
  codCurrency: i % 3 === 0 ? 'PLN' : null,
  carrierName: 'DPD Polska',
  carrierType: 'DPD',
  additionalShipperNameOnTheLabel: 'Sklep Żabka',
  flags: { firstMile: false, genOnlyFirstMile: false, dontPrintLastMile: false, combineLabels: true },
  createdAt: new Date(),
});

async function main() {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const rssBefore = process.memoryUsage().rss;

  const started = process.hrtime.bigint();
  const pages = [];
  for (let i = 0; i < N; i++) pages.push(...planLabels(parcel(i)));
  const batches = [];
  for (let i = 0; i < pages.length; i += 50) batches.push(pages.slice(i, i + 50));
  const { doc, done } = renderLabelsPdf(batches, 'pl');
  let size = 0;
  doc.on('data', (c) => (size += c.length));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  const labels = await done;
  await ended;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;

  const zplStarted = process.hrtime.bigint();
  const zpl = Buffer.byteLength(zplLabels(pages, 'pl'));
  const zplMs = Number(process.hrtime.bigint() - zplStarted) / 1e6;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const cpus = os.cpus();
  out(`labels: ${labels} A6 pages in one PDF`);
  out(`time: ${(ms / 1000).toFixed(2)} s (${Math.round((labels / ms) * 1000)} labels/s)`);
  out(`size: ${mb(size)} (${Math.round(size / labels / 1024)} kB a label)`);
  out(`RSS: ${mb(rssBefore)} before, ${mb(peak)} peak`);
  out(`ZPL: ${zplMs.toFixed(0)} ms, ${mb(zpl)}`);
  out(
    `machine: ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, ${mb(os.totalmem())} memory, Node ${process.version}`,
  );
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
