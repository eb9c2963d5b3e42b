import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Client } from 'pg';
import { startEmbedded } from '../src/db/embedded';

// The embedded runtime itself, whatever DATABASE_URL says: PGlite behind a loopback socket, and the lock.
describe('embedded database (PGlite)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'depot-embedded-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('serves PGlite to a plain pg client on a loopback port, and keeps data across restarts', async () => {
    const first = await startEmbedded(dir);
    expect(first.connectionString).toMatch(/^postgresql:\/\/postgres@127\.0\.0\.1:\d+\/postgres/);
    const c = new Client({ connectionString: first.connectionString });
    await c.connect();
    await c.query('create table kept (v text)');
    await c.query("insert into kept values ('still here')");
    await c.end();
    await first.stop();

    const again = await startEmbedded(dir);
    const c2 = new Client({ connectionString: again.connectionString });
    await c2.connect();
    const { rows } = await c2.query('select v from kept');
    expect(rows).toEqual([{ v: 'still here' }]);
    await c2.end();
    await again.stop();
  });

  it('refuses a second process on the same data directory with a clear message, and frees it on stop', async () => {
    const holder = await startEmbedded(dir);
    await expect(startEmbedded(dir)).rejects.toThrow(
      `The data directory ${dir} is in use by another Depot process. Stop that process, or set DATA_DIR to another directory.`,
    );
    await holder.stop();
    const next = await startEmbedded(dir);
    await next.stop();
  });

  it('a second Depot process on a locked directory exits with that message (built app, npm run build first)', async () => {
    const main = join(__dirname, '..', 'dist', 'main.js');
    expect(existsSync(main)).toBe(true);
    const holder = await startEmbedded(dir);
    try {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [main],
          { env: { PATH: process.env.PATH, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent' }, timeout: 60_000 },
          (err, _stdout, stderr) =>
            resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`The data directory ${dir} is in use by another Depot process.`);
    } finally {
      await holder.stop();
    }
  });
});
