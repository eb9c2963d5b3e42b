import { readdirSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DatabaseRuntime } from '../src/db/database';
import { RUNNER, SHARD_RUNNERS, TEST_ROOT } from './suites';
import { serverUrl, SNAPSHOT, TEMPLATE_ENV } from './template';

/**
 * Migrates one template per run, so each suite's fresh database is a copy instead of a boot through every
 * migration: on a server, a database that suites create with `CREATE DATABASE … TEMPLATE`; on the embedded
 * runtime, a PGlite data directory that suites copy (initdb alone takes seconds there). See docs/testing.md.
 */
export default async function globalSetup(): Promise<void> {
  everyShardHasARunner();
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
    // Suites start in memory from this snapshot (harness.ts); the directory stays for the few that need one.
    await migrated({ databaseUrl: undefined, dataDir: dir }, async (runtime) =>
      writeFile(join(dir, SNAPSHOT), Buffer.from(await (await runtime.dump()).arrayBuffer())),
    );
    process.env[TEMPLATE_ENV] = dir;
  }
}

async function migrated(
  config: { databaseUrl: string | undefined; dataDir: string },
  then?: (runtime: DatabaseRuntime) => Promise<void>,
): Promise<void> {
  const runtime = await DatabaseRuntime.open(config);
  try {
    await runtime.migrate();
    await then?.(runtime);
  } finally {
    await runtime.close();
  }
}

/**
 * Every suite runs in one of the shard runners (apps/api/test/suites.ts), which share all suites out between
 * `shard-1` … `shard-<SHARD_RUNNERS>`: a missing, extra or misplaced runner would leave suites unrun or run twice, so
 * the run stops instead.
 */
function everyShardHasARunner(): void {
  const expected = Array.from({ length: SHARD_RUNNERS }, (_, i) => `shard-${i + 1}.int-run.ts`);
  const found = readdirSync(TEST_ROOT)
    .filter((f) => RUNNER.test(f))
    .sort();
  const nested = hasNestedRunner(TEST_ROOT);
  if (found.join() !== [...expected].sort().join() || nested)
    throw new Error(
      `The integration runners must be exactly ${expected.join(', ')} in apps/api/test (found ${found.join(', ') || 'none'}${nested ? ', and a runner in a folder below' : ''}).`,
    );
}

/** A runner file in a folder below `dir` (folder runners are gone: decision 0136). */
function hasNestedRunner(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some(
    (e) => e.isDirectory() && e.name !== 'node_modules' && nestedRunnerIn(join(dir, e.name)),
  );
}
const nestedRunnerIn = (dir: string): boolean =>
  readdirSync(dir, { withFileTypes: true }).some((e) =>
    e.isDirectory() ? nestedRunnerIn(join(dir, e.name)) : RUNNER.test(e.name),
  );
