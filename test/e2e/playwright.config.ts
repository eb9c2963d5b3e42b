import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
// The panel under test runs the way the README's start command runs it: embedded database, demo data.
const dataDir = mkdtempSync(join(tmpdir(), 'depot-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
  projects: [
    { name: 'en', use: { locale: 'en-GB' } },
    { name: 'pl', use: { locale: 'pl-PL' } },
  ],
  webServer: {
    command: 'node apps/api/dist/main.js',
    cwd: join(__dirname, '..', '..'),
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  },
});
