import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Client } from 'pg';
import { acquireDataDirLock } from '../../src/db/data-dir-lock';
import { freePort, INITIAL_DATA_DIR, startEmbedded } from '../../src/db/embedded';
import { MIGRATIONS_FOLDER } from '../../src/db/database';
import { exited } from '../tools/child-process';

/** Runs `sql` on a new connection to `connectionString` and closes it. */
async function queryOnce<R extends Record<string, unknown>>(
  connectionString: string,
  sql: string,
): Promise<R[]> {
  const c = new Client({ connectionString });
  await c.connect();
  try {
    return (await c.query<R>(sql)).rows;
  } finally {
    await c.end();
  }
}

// The embedded runtime itself, whatever DATABASE_URL says: PGlite behind a loopback socket, and the lock.
describe('embedded database (PGlite)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'depot-embedded-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("serves PGlite to a plain pg client on a loopback port; a new data directory starts from the build's initialised and migrated copy and keeps its data across restarts (npm run build first)", async () => {
    expect(existsSync(INITIAL_DATA_DIR)).toBe(true);
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const fresh = await mkdtemp(join(tmpdir(), 'depot-initial-'));
    try {
      const db = await startEmbedded(fresh);
      expect(db.connectionString).toMatch(/^postgresql:\/\/postgres@127\.0\.0\.1:\d+\/postgres/);
      // Nothing has migrated this directory: every migration is there because the copy holds them.
      const [{ n }] = await queryOnce<{ n: string }>(
        db.connectionString,
        'select count(*) as n from drizzle.__drizzle_migrations',
      );
      expect(Number(n)).toBe(journal.entries.length);
      await queryOnce(
        db.connectionString,
        'create table kept_after_copy (v int); insert into kept_after_copy values (7)',
      );
      await db.stop();
      // A directory that holds data is opened (with what was written before the stop), never replaced by the copy.
      const again = await startEmbedded(fresh);
      expect(await queryOnce(again.connectionString, 'select v from kept_after_copy')).toEqual([{ v: 7 }]);
      await again.stop();
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
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

  // A supervisor restarts a crashed app at once: the lock of a process that died must not stand in the way.
  describe('the built app after kill -9 (npm run build first)', () => {
    const main = join(__dirname, '..', '..', 'dist', 'main.js');
    const password = 'restart-at-once-1234';
    const email = 'admin@depot.local';
    let crashDir: string;
    let port: number;
    const running: ChildProcess[] = [];

    beforeAll(async () => {
      crashDir = await mkdtemp(join(tmpdir(), 'depot-crash-'));
      port = await freePort();
    });
    afterAll(async () => {
      for (const child of running)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await Promise.all(running.map((child) => exited(child)));
      await rm(crashDir, { recursive: true, force: true });
    });

    const env = () => ({
      PATH: process.env.PATH,
      DATA_DIR: crashDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      DEPOT_ADMIN_EMAIL: email,
      DEPOT_ADMIN_PASSWORD: password,
    });
    const launch = () => {
      const child = spawn(process.execPath, [main], { env: env(), stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (b: Buffer) => (stderr += String(b)));
      running.push(child);
      return { child, stderr: () => stderr };
    };
    const url = (path: string) => `http://127.0.0.1:${port}${path}`;
    /** Polls GET /api/health until it answers 200, failing early if the process exits. */
    const serving = async (app: ReturnType<typeof launch>, timeoutMs = 90_000) => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (app.child.exitCode !== null)
          throw new Error(`Depot exited with ${app.child.exitCode}: ${app.stderr()}`);
        const res = await fetch(url('/api/health')).catch(() => null);
        if (res?.status === 200) return;
        await new Promise((res) => setTimeout(res, 250));
      }
      throw new Error(`Depot did not serve within ${timeoutMs} ms: ${app.stderr()}`);
    };
    const signIn = async () => {
      const res = await fetch(url('/api/auth/email'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { token: string }).token;
    };
    const currentUser = (token: string) =>
      fetch(url('/api/user/get/current'), { headers: { authorization: `Bearer ${token}` } });

    it('serves again at once after kill -9, with the data written before the crash', async () => {
      expect(existsSync(main)).toBe(true);
      const first = launch();
      await serving(first);
      const token = await signIn(); // a session row, written just before the crash
      expect((await currentUser(token)).status).toBe(200);

      first.child.kill('SIGKILL');
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(existsSync(join(crashDir, 'depot.lock'))).toBe(true); // the dead holder's lock is still there

      // At once: no waiting for a lock to go stale.
      const second = launch();
      await serving(second);
      expect((await currentUser(token)).status).toBe(200);
      expect(typeof (await signIn())).toBe('string');

      // While it runs, a third process on the same directory (the built app) exits 1 with the usual message.
      const third = launch();
      expect(await exited(third.child)).toBe(1);
      expect(third.stderr()).toContain(`The data directory ${crashDir} is in use by another Depot process.`);
      expect((await fetch(url('/api/health'))).status).toBe(200);

      second.child.kill('SIGTERM');
      expect(await exited(second.child)).toBe(0);
      expect(existsSync(join(crashDir, 'depot.lock'))).toBe(false); // a clean stop releases it
    }, 240_000);

    it('lets exactly one of several processes starting at once take over the lock of a dead one', async () => {
      const lockModule = join(__dirname, '..', '..', 'dist', 'db', 'data-dir-lock.js');
      const lockPath = join(crashDir, 'race.lock');
      // A dead holder: a process that has exited.
      const dead = spawn(process.execPath, ['-e', '']);
      await exited(dead);
      // The winner holds the lock until its stdin closes, which happens once every other starter has answered.
      const script = `
        const { acquireDataDirLock } = require(${JSON.stringify(lockModule)});
        acquireDataDirLock(${JSON.stringify(lockPath)}).then(
          () => { process.stdout.write('won'); process.stdin.on('end', () => process.exit(0)).resume(); },
          (err) => { process.stdout.write(err.name); process.exit(0); },
        );`;
      // Our own identity (host, boot, pid namespace) with the dead process's pid: a lock left by a crash.
      const probe = await acquireDataDirLock(join(crashDir, 'probe.lock'));
      await probe.release();
      const deadRecord = JSON.stringify({ ...probe.holder, pid: dead.pid, token: 'dead' });
      for (let round = 0; round < 3; round++) {
        await writeFile(lockPath, deadRecord);
        const starters = Array.from({ length: 5 }, () => {
          const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
          let out = '';
          const answered = new Promise<void>((resolve) => {
            child.stdout!.on('data', (b: Buffer) => {
              out += String(b);
              if (out === 'won') resolve();
            });
            void exited(child).then(() => resolve());
          });
          return { child, answered, out: () => out };
        });
        await Promise.all(starters.map((s) => s.answered));
        for (const s of starters) s.child.stdin!.end();
        await Promise.all(starters.map((s) => exited(s.child)));
        const outcomes = starters.map((s) => s.out());
        expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
        expect(outcomes.filter((o) => o === 'DataDirLockedError')).toHaveLength(4);
      }
    }, 60_000);
  });
});
