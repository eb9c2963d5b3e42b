// Benchmark of the panel's first load (decision 0110): bytes over the wire and time to a usable page, cold cache.
//
//   npm run build && node scripts/bench/first-load.cjs [runs=5]
//   WEB_DIST=/path/to/another/build node scripts/bench/first-load.cjs     # the same against another panel build
//
// Starts the built app in a process of its own (`node apps/api/dist/main.js`, as deployed) on a fresh embedded
// database with the demo data, then opens in Chromium (playwright-core, /usr/bin/chromium) with a new context, so an
// empty cache, each `runs` times: the sign-in page, and the parcels list signed in as the demo admin (session cookie
// and what the panel's sign-in stores, the session's expiry and the user's language, set before the load). Prints per page the requests, the bytes transferred (encoded bodies, and with headers), the
// bytes after decoding, the median time to the page's first usable element (sign-in button; first list row) and to
// the load event, and the machine. API replies are counted apart from the panel's files. Figures only: it never
// fails on a target (sign-in ≤ 200 kB transferred, parcels list ≤ 450 kB).
const { execFileSync } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { startApp, out } = require('./parcels-fixture.cjs');

const RUNS = Number(process.argv[2] ?? 5);
const DEMO = { email: 'admin@demo.depot', password: 'depot-demo-2026' };
const CHROMIUM = '/usr/bin/chromium';

const kB = (b) => `${(b / 1000).toFixed(1)} kB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function machine() {
  const cpus = os.cpus();
  const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  let browser = 'Chromium';
  try {
    browser = execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // version unknown
  }
  return `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${mb(os.totalmem())} RAM, Node ${process.version}, ${browser}, ${os.type()} ${os.release()}`;
}

/** Opens `path` in a fresh context; resolves with what went over the wire and the timings. */
async function firstLoad(browser, url, path, ready, session) {
  const context = await browser.newContext({ locale: 'en-GB' });
  if (session) {
    await context.addCookies([{ name: 'xSessionToken', value: session.token, url }]);
    // What the panel's sign-in leaves in the browser: the session's expiry and the user's language (decision 0125:
    // the panel loads the catalogue of the language it starts in).
    await context.addInitScript(
      ({ validUntil, lang }) => {
        localStorage.setItem('depot.session.validUntil', validUntil);
        localStorage.setItem('depot.lang', JSON.stringify(lang));
      },
      { validUntil: session.validUntil, lang: session.lang },
    );
  }
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));
  const started = Date.now();
  await page.goto(`${url}${path}`, { waitUntil: 'load' });
  const loadMs = Date.now() - started;
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
  const readyMs = Date.now() - started;
  // Whatever the page asks for once usable (a lazily loaded icon set, the list's next reads) counts too.
  await page.waitForLoadState('networkidle');
  const totals = {
    panel: { requests: 0, body: 0, wire: 0, decoded: 0 },
    api: { requests: 0, body: 0, wire: 0, decoded: 0 },
  };
  const files = [];
  for (const request of finished) {
    const response = await request.response();
    if (!response) continue;
    const sizes = await request.sizes();
    const decoded = (await response.body().catch(() => Buffer.alloc(0))).length;
    const part = new URL(request.url()).pathname.startsWith('/api') ? totals.api : totals.panel;
    part.requests += 1;
    part.body += sizes.responseBodySize;
    part.wire += sizes.responseBodySize + sizes.responseHeadersSize;
    part.decoded += decoded;
    if (part === totals.panel)
      files.push({
        path: new URL(request.url()).pathname,
        body: sizes.responseBodySize,
        decoded,
        encoding: (await response.headerValue('content-encoding')) ?? '-',
      });
  }
  const navigation = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation');
    return { domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
  });
  await context.close();
  return { totals, files, loadMs, readyMs, navigation };
}

async function main() {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'depot-bench-first-load-'));
  const app = await startApp({
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    out(`panel first load, cold cache, ${RUNS} run(s) a page, loopback (no network latency)`);
    out(`  panel      ${process.env.WEB_DIST ?? 'apps/web/dist'}`);
    out(`  machine    ${machine()}`);
    const signIn = await fetch(`${app.url}/api/auth/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    if (!signIn.ok) throw new Error(`demo sign-in answered ${signIn.status}`);
    const { token, validUntil } = await signIn.json();
    const current = await fetch(`${app.url}/api/user/get/current`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!current.ok) throw new Error(`demo current user answered ${current.status}`);
    const { lang } = await current.json();
    const cases = [
      {
        name: 'sign-in page',
        path: '/auth/sign-in',
        ready: '[data-testid="sign-in-submit"]',
        target: 200_000,
      },
      {
        name: 'parcels list (signed in)',
        path: '/orders',
        ready: '[data-testid="row-check"]',
        target: 450_000,
        session: { token, lang, validUntil: new Date(validUntil ?? Date.now() + 86_400_000).toISOString() },
      },
    ];
    for (const c of cases) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await firstLoad(browser, app.url, c.path, c.ready, c.session));
      const { totals, files } = runs.at(-1);
      const p = totals.panel;
      const a = totals.api;
      out();
      out(`${c.name} (${c.path})`);
      out(
        `  panel      ${p.requests} files, ${kB(p.body)} transferred (${kB(p.wire)} with headers), ${kB(p.decoded)} decoded — target ≤ ${kB(c.target)}: ${p.body <= c.target ? 'met' : 'NOT met'}`,
      );
      out(`  api        ${a.requests} replies, ${kB(a.body)} transferred, ${kB(a.decoded)} decoded`);
      out(
        `  time       usable ${median(runs.map((r) => r.readyMs))} ms, load event ${median(runs.map((r) => Math.round(r.navigation.load)))} ms, DOMContentLoaded ${median(runs.map((r) => Math.round(r.navigation.domContentLoaded)))} ms (medians of ${RUNS})`,
      );
      for (const f of files.sort((x, y) => y.body - x.body))
        out(
          `    ${kB(f.body).padStart(10)} ${f.encoding.padEnd(4)} ${kB(f.decoded).padStart(10)}  ${f.path}`,
        );
    }
  } finally {
    await browser.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
