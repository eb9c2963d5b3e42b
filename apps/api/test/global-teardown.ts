import { rm } from 'node:fs/promises';
import { Client } from 'pg';
import { serverUrl, TEMPLATE_ENV } from './template';

/** Drops the run's migrated template (global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return;
  const base = serverUrl();
  if (base) {
    const admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  } else {
    await rm(template, { recursive: true, force: true });
  }
}
