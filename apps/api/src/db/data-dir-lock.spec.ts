import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  acquireDataDirLock,
  DataDirLockedError,
  parseHolder,
  parseProcStat,
  readProcStat,
  type DataDirLock,
  type LockHolder,
} from './data-dir-lock';

/** Process start times come from /proc: Linux only. */
const describeOnLinux = process.platform === 'linux' ? describe : describe.skip;
const longAgo = new Date(Date.now() - 3_600_000);

describe('data directory lock', () => {
  let dir: string;
  let lockPath: string;
  const held: DataDirLock[] = [];
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'depot-lock-'));
    lockPath = join(dir, 'depot.lock');
  });
  afterEach(async () => {
    await Promise.all(held.splice(0).map((l) => l.release()));
    for (const c of children.splice(0)) c.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  const take = async (options?: Parameters<typeof acquireDataDirLock>[1]) => {
    const lock = await acquireDataDirLock(lockPath, options);
    held.push(lock);
    return lock;
  };
  /** Our own identity as the lock records it (host, boot, pid namespace, start time). */
  const ownRecord = async (): Promise<LockHolder> => {
    const lock = await acquireDataDirLock(join(dir, 'probe.lock'));
    await lock.release();
    return lock.holder;
  };
  const writeHolder = async (holder: LockHolder, mtime?: Date) => {
    await writeFile(lockPath, JSON.stringify(holder));
    if (mtime) await utimes(lockPath, mtime, mtime);
  };
  const currentHolder = async () => parseHolder(await readFile(lockPath, 'utf8'));
  const sleeper = async (): Promise<ChildProcess & { pid: number }> => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(child);
    await new Promise((res, rej) => child.once('spawn', res).once('error', rej));
    return child as ChildProcess & { pid: number };
  };

  it('writes who holds it, and refuses a second acquisition in the same live process', async () => {
    const lock = await take();
    const onDisk = await currentHolder();
    expect(onDisk).toEqual(lock.holder);
    expect(onDisk?.pid).toBe(process.pid);
    expect(String(onDisk?.startTime)).toMatch(process.platform === 'linux' ? /^\d+$/ : /^null$/);
    await expect(acquireDataDirLock(lockPath)).rejects.toBeInstanceOf(DataDirLockedError);
    expect(await currentHolder()).toEqual(lock.holder);
  });

  describeOnLinux('with process start times', () => {
    it('refuses while the recorded holder is alive with the recorded start time', async () => {
      const child = await sleeper();
      const proc = await readProcStat(child.pid);
      expect(proc).not.toBeNull();
      const record = { ...(await ownRecord()), pid: child.pid, startTime: proc!.startTime, token: 'other' };
      // Even a heartbeat an hour old does not matter: the process can be asked, and it runs.
      await writeHolder(record, longAgo);
      const refused = await acquireDataDirLock(lockPath).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as DataDirLockedError).holder).toEqual(record);
      expect(await currentHolder()).toEqual(record);
    });

    it('takes over at once from a holder that died (kill -9)', async () => {
      const child = await sleeper();
      const proc = await readProcStat(child.pid);
      const record = { ...(await ownRecord()), pid: child.pid, startTime: proc!.startTime, token: 'dead' };
      await writeHolder(record); // a fresh heartbeat: only the process check can tell it is dead
      const exited = new Promise((res) => child.once('exit', res));
      child.kill('SIGKILL');
      await exited;
      const lock = await take();
      expect(await currentHolder()).toEqual(lock.holder);
    });

    it('takes over from a holder killed but not yet reaped by its parent (a zombie)', async () => {
      // The forked child exits at once; its parent never waits for it: a zombie that keeps its pid and /proc entry.
      // (perl: part of every Debian system, perl-base.)
      const parent = spawn(
        'perl',
        ['-e', '$| = 1; my $p = fork(); exit 0 unless $p; print "$p\\n"; sleep 30'],
        {
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      children.push(parent);
      const pid = Number(
        await new Promise<string>((res) => parent.stdout!.once('data', (b: Buffer) => res(String(b)))),
      );
      let proc = await readProcStat(pid);
      for (let i = 0; i < 50 && proc?.state !== 'Z'; i++) {
        await new Promise((res) => setTimeout(res, 20));
        proc = await readProcStat(pid);
      }
      expect(proc?.state).toBe('Z');
      await writeHolder({ ...(await ownRecord()), pid, startTime: proc!.startTime, token: 'zombie' });
      const lock = await take();
      expect(await currentHolder()).toEqual(lock.holder);
    });

    it('takes over when the pid now belongs to another process (other start time)', async () => {
      const own = await ownRecord();
      // Our own pid is alive, but the recorded start time is not ours: the pid was recycled.
      const recycled = { ...own, startTime: String(Number(own.startTime) + 1), token: 'recycled' };
      await writeHolder(recycled);
      const lock = await take();
      expect(await currentHolder()).toEqual(lock.holder);
    });

    it('lets exactly one of several simultaneous starters take over a dead lock', async () => {
      const own = await ownRecord();
      for (let round = 0; round < 20; round++) {
        await writeHolder({ ...own, startTime: '1', token: `dead-${round}` });
        const results = await Promise.allSettled(
          Array.from({ length: 6 }, () => acquireDataDirLock(lockPath)),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r) => r.status === 'rejected');
        expect(won).toHaveLength(1);
        for (const r of lost) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(DataDirLockedError);
        const winner = (won[0] as PromiseFulfilledResult<DataDirLock>).value;
        expect(await currentHolder()).toEqual(winner.holder);
        await winner.release();
      }
      // No temporary or second names left behind.
      expect((await readdir(dir)).filter((f) => f.startsWith('depot.lock'))).toEqual([]);
    });
  });

  it('takes over a lock whose content is not a lock record (garbage, empty, partial JSON)', async () => {
    for (const garbage of ['garbage', '', '{"pid":', JSON.stringify({ pid: -1, token: 'x' })]) {
      await writeFile(lockPath, garbage);
      await utimes(lockPath, longAgo, longAgo);
      const lock = await acquireDataDirLock(lockPath);
      expect(await currentHolder()).toEqual(lock.holder);
      await lock.release();
    }
  });

  it('gives an unparsable file that was just written time to be completed, then takes it over', async () => {
    await writeFile(lockPath, '{"pid":');
    const started = Date.now();
    const lock = await take({ settleMs: 300 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await currentHolder()).toEqual(lock.holder);
  });

  it('cannot ask a holder on another host: refuses while its heartbeat is fresh, takes over once it is stale', async () => {
    const foreign = { ...(await ownRecord()), host: 'elsewhere.example', pid: 1, token: 'foreign' };
    await writeHolder(foreign);
    await expect(acquireDataDirLock(lockPath)).rejects.toBeInstanceOf(DataDirLockedError);
    await utimes(lockPath, longAgo, longAgo);
    const lock = await take();
    expect(await currentHolder()).toEqual(lock.holder);
  });

  it('treats a lock directory of the older proper-lockfile lock by its age', async () => {
    await mkdir(lockPath);
    await expect(acquireDataDirLock(lockPath)).rejects.toBeInstanceOf(DataDirLockedError);
    await utimes(lockPath, longAgo, longAgo);
    const lock = await take();
    expect(await currentHolder()).toEqual(lock.holder);
  });

  it('release removes its own lock and frees the directory', async () => {
    const lock = await acquireDataDirLock(lockPath);
    await lock.release();
    expect(existsSync(lockPath)).toBe(false);
    await lock.release(); // twice is fine
    const next = await take();
    expect(await currentHolder()).toEqual(next.holder);
  });

  it('release leaves alone a lock that is no longer its own', async () => {
    const lock = await acquireDataDirLock(lockPath);
    const other = { ...lock.holder, token: 'someone-else' };
    await writeFile(lockPath, JSON.stringify(other));
    await lock.release();
    expect(await currentHolder()).toEqual(other);
  });

  it('keeps its heartbeat fresh while held', async () => {
    await take({ heartbeatMs: 30 });
    await utimes(lockPath, longAgo, longAgo);
    await new Promise((res) => setTimeout(res, 200));
    expect(Date.now() - (await stat(lockPath)).mtimeMs).toBeLessThan(5_000);
  });

  it('reads the start time after a command name with spaces and parentheses', async () => {
    const line = '4242 (a) b (c)) S 1 4242 4242 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 1 0 987654 12345 67 0\n';
    expect(parseProcStat(line)).toEqual({ state: 'S', startTime: '987654' });
    expect(parseProcStat('garbage')).toBeNull();
    expect(parseProcStat('1 (x) S 1 2')).toBeNull();
    const own = await readProcStat(process.pid);
    expect(String(own?.startTime)).toMatch(process.platform === 'linux' ? /^\d+$/ : /^undefined$/);
    expect(await readProcStat(2 ** 30)).toBeNull();
  });
});
