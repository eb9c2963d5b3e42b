import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * A port below Linux's ephemeral range (32768 and up, where outgoing connections take theirs, so a port there that is
 * free now may be taken by the time the server listens) that nothing listens on now: a random pick, tried.
 */
function freePort(): number {
  const probe = `require('node:net').createServer().once('error', () => process.exit(1)).listen(+process.argv[1], '127.0.0.1', function () { this.close(); })`;
  for (let i = 0; i < 20; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (spawnSync(process.execPath, ['-e', probe, String(port)]).status === 0) return port;
  }
  throw new Error('no free port found for the e2e server');
}

// Chosen once by the runner and inherited by its workers through the environment: a random port, so a server
// left running (or another run on the machine) cannot collide; a fresh data directory every run.
process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'depot-e2e-'));
const port = Number(process.env.E2E_PORT);
// The panel under test runs the way the README's start command runs it: embedded database, demo data.
const dataDir = process.env.E2E_DATA_DIR;
// Debian's Chromium headless shell (package chromium-headless-shell, the headless build Playwright itself runs by
// default) takes about half the CPU of the full browser in headless mode on the same tests (decision 0113); the full
// browser when the shell is not installed, or the one E2E_CHROMIUM names.
const chromium =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  timeout: 30_000,
  retries: 0,
  // Three workers against the one server, test by test: a test spends part of its time waiting (the server, a job,
  // a debounce), so on two cores three keep them busier than two (152 s -> 127 s here; four were no faster). Every
  // test makes its own data under a unique tag and finds it by that tag, so tests may run in any order and side by
  // side.
  workers: 3,
  fullyParallel: true,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    // The panel honours "reduce motion" (decision 0118): no transition to wait for before a click, no spinner or
    // skeleton redrawn every frame while a test looks at the page.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Each test's title ends with one language tag (docs/testing.md, "Which language runs a test"): `@both` runs in
  // both projects, `@en`/`@pl` (a language-independent test) in that one only. `en` takes everything not marked `@pl`,
  // so a test without a tag still runs (and support/fixtures.ts fails it for the missing tag) instead of being
  // skipped by both projects.
  projects: [
    { name: 'en', use: { locale: 'en-GB' }, grepInvert: /@pl\b/ },
    { name: 'pl', use: { locale: 'pl-PL' }, grep: /@(both|pl)\b/ },
  ],
  webServer: {
    command: 'node apps/api/dist/main.js',
    cwd: join(__dirname, '..', '..'),
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The first superAdmin (support/api.ts ROOT): only a superAdmin creates another, for the superAdmin's walk.
      DEPOT_ADMIN_EMAIL: 'root@e2e.depot',
      DEPOT_ADMIN_PASSWORD: 'e2e-root-password-2026',
      // Exports of more rows run as a background job (exports.e2e.ts makes one with a handful of clients).
      EXPORT_DIRECT_MAX_ROWS: '20',
      // Bulk labels of more parcels run as a job (parcels-list.e2e.ts prints five to see the progress bar).
      LABELS_DIRECT_MAX_PARCELS: '3',
      // Webhooks go to this machine only: webhooks.e2e.ts's receiver listens on 127.0.0.1 (decision 0146).
      WEBHOOK_URLS: 'local',
      // The carriers are the demo's sandboxes (no carrier URL: decision 0148); new parcels are sent to them only by
      // "send to carrier" (carrier-registration.e2e.ts), so the other suites' parcels stay unregistered, and a
      // sandbox moves a shipment one step every 2 seconds.
      CARRIER_REGISTRATION_ON_CREATE: 'false',
      SANDBOX_STEP_SECONDS: '2',
    },
  },
});
