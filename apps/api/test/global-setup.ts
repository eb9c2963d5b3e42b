import { readdirSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { DatabaseRuntime } from '../src/db/database';
import { RUNNER, suitesIn, TEST_ROOT } from './suites';
import { serverUrl, SNAPSHOT, TEMPLATE_ENV } from './template';

/**
 * Migrates one template per run, so each suite's fresh database is a copy instead of a boot through every
 * migration: on a server, a database that suites create with `CREATE DATABASE … TEMPLATE`; on the embedded
 * runtime, a PGlite data directory that suites copy (initdb alone takes seconds there). See docs/testing.md.
 */
export default async function globalSetup(): Promise<void> {
  everySuiteHasARunner();
  const base = serverUrl();
  if (base) {
    const name = `depot_template_${process.pid}_${Date.now().toString(36)}`;
    const admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    await migrated({ databaseUrl: url.toString(), dataDir: '' });
    process.env[TEMPLATE_ENV] = name;
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'depot-template-'));
    await migrated({ databaseUrl: undefined, dataDir: dir });
    // Suites start in memory from this snapshot (harness.ts); the directory stays for the few that need one.
    const pglite = await PGlite.create(join(dir, 'pg'));
    await writeFile(join(dir, SNAPSHOT), Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    await pglite.close();
    process.env[TEMPLATE_ENV] = dir;
  }
}

async function migrated(config: { databaseUrl: string | undefined; dataDir: string }): Promise<void> {
  const runtime = await DatabaseRuntime.open(config);
  try {
    await runtime.migrate();
  } finally {
    await runtime.close();
  }
}

/** A suite in a folder without a runner (in it or above it) would never run: the run stops instead. */
function everySuiteHasARunner(): void {
  const hasRunner = (dir: string) => readdirSync(dir).some((f) => RUNNER.test(f));
  const orphans = suitesIn(TEST_ROOT).filter((suite) => {
    for (let dir = dirname(join(TEST_ROOT, suite)); dir.startsWith(TEST_ROOT); dir = dirname(dir))
      if (hasRunner(dir)) return false;
    return true;
  });
  if (orphans.length > 0)
    throw new Error(
      `No runner (<folder>.int-run.ts calling runSuitesIn, apps/api/test/suites.ts) runs: ${orphans.join(', ')}`,
    );
}
