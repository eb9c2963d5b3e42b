import { rm } from 'node:fs/promises';
import { Client } from 'pg';
import { serverUrl, suiteDatabasePrefix, TEMPLATE_ENV } from './template';

/** Side by side: PostgreSQL serves the checkpoint that concurrent DROP DATABASE requests wait for once for all. */
const DROPS_AT_ONCE = 8;

/** Drops the run's suite databases (harness.ts), then its migrated template (global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return;
  const base = serverUrl();
  if (!base) {
    await rm(template, { recursive: true, force: true });
    return;
  }
  const admin = new Client({ connectionString: base });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
    [suiteDatabasePrefix(template)],
  );
  await admin.end();
  const names = rows.map((r) => r.datname);
  const drop = async (name: string) => {
    const c = new Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  await Promise.all(
    Array.from({ length: DROPS_AT_ONCE }, async () => {
      for (let name = names.pop(); name; name = names.pop()) await drop(name);
    }),
  );
  await drop(template);
}
