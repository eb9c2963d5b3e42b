import { writeFile } from 'node:fs/promises';
import { DatabaseRuntime } from './database';
import { IN_MEMORY, INITIAL_DATA_DIR } from './embedded';

/**
 * Writes INITIAL_DATA_DIR (decision 0142): a PGlite data directory, initialised in memory and migrated, as a tar.
 * Run by the build after the API is compiled: `node apps/api/dist/db/write-initial-data-dir.js`.
 */
export async function writeInitialDataDir(file = INITIAL_DATA_DIR): Promise<void> {
  const runtime = await DatabaseRuntime.open({ databaseUrl: undefined, dataDir: IN_MEMORY });
  try {
    await runtime.migrate();
    await writeFile(file, Buffer.from(await (await runtime.dump()).arrayBuffer()));
  } finally {
    await runtime.close();
  }
}

if (require.main === module) {
  writeInitialDataDir().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
