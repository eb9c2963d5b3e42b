import { createHash, randomBytes } from 'node:crypto';
import {
  link,
  lstat,
  open,
  readFile,
  readlink,
  rmdir,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * A lock file that knows whether its holder still runs (decision 0103). It records who holds it: process id, the
 * process's start time (so a recycled process id does not count), host, boot and pid namespace. A starter that
 * finds the file asks whether that process is alive; if not, it takes the lock over at once, so a restart after
 * `kill -9` is not blocked. A holder on another host (or in another pid namespace) cannot be asked: it counts as
 * alive while it keeps the file's modification time fresh (a heartbeat), as the old proper-lockfile lock did.
 */

/** What the lock file holds (JSON). */
export interface LockHolder {
  pid: number;
  /** Field 22 (`starttime`) of /proc/<pid>/stat, clock ticks after boot; null where there is no /proc. */
  startTime: string | null;
  host: string;
  /** /proc/sys/kernel/random/boot_id; null where there is none. */
  bootId: string | null;
  /** The pid namespace (readlink /proc/self/ns/pid): process ids mean nothing across namespaces (containers). */
  pidNamespace: string | null;
  /** Random per acquisition: tells this lock from any other, also one the same process took before. */
  token: string;
  acquiredAt: string;
}

export interface DataDirLockOptions {
  /** A holder that cannot be asked directly counts as dead once its heartbeat is this old (ms). Default 15 000. */
  staleMs?: number;
  /** How often the holder refreshes the file's modification time (ms). Default 5 000. */
  heartbeatMs?: number;
  /** An unparsable file younger than this may be one being written without link(2) support (ms). Default 2 000. */
  settleMs?: number;
}

export interface DataDirLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** Removes the lock file if it is still this lock's; stops the heartbeat. Safe to call twice. */
  release(): Promise<void>;
}

/** The lock is held by a process that is alive (or, if it cannot be asked, keeps its heartbeat fresh). */
export class DataDirLockedError extends Error {
  constructor(
    readonly path: string,
    /** null: a lock directory left by the proper-lockfile lock of an older Depot. */
    readonly holder: LockHolder | null,
  ) {
    super(
      holder
        ? `${path} is held by process ${holder.pid} on ${holder.host} since ${holder.acquiredAt}`
        : `${path} is held by an older Depot (a lock directory with a fresh modification time)`,
    );
    this.name = 'DataDirLockedError';
  }
}

interface ProcessIdentity {
  pid: number;
  startTime: string | null;
  host: string;
  bootId: string | null;
  pidNamespace: string | null;
}

const LINK_UNSUPPORTED = new Set(['EPERM', 'ENOSYS', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV']);

const errCode = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code;
const sleep = (ms: number) => new Promise<void>((res) => setTimeout(res, ms));
const orNull = async (read: () => Promise<string>): Promise<string | null> => {
  try {
    return (await read()).trim() || null;
  } catch {
    return null;
  }
};

/** State (field 3) and start time (field 22) from the text of /proc/<pid>/stat; null if it is not such a line. */
export function parseProcStat(text: string): { state: string; startTime: string } | null {
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  // Field 2 (the command name, in parentheses) may hold spaces and parentheses: count from the last ')'.
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  // rest[0] is field 3 (state); field 22 (starttime) is rest[19].
  const state = rest[0];
  const startTime = rest[19];
  if (!state || !startTime || !/^\d+$/.test(startTime)) return null;
  return { state, startTime };
}

/** State and start time of a process (Linux); null if /proc has no such process. */
export async function readProcStat(pid: number): Promise<{ state: string; startTime: string } | null> {
  try {
    return parseProcStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

let selfIdentity: Promise<ProcessIdentity> | undefined;
function currentProcess(): Promise<ProcessIdentity> {
  selfIdentity ??= (async () => ({
    pid: process.pid,
    startTime: (await readProcStat(process.pid))?.startTime ?? null,
    host: hostname(),
    bootId: await orNull(() => readFile('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidNamespace: await orNull(() => readlink('/proc/self/ns/pid')),
  }))();
  return selfIdentity;
}

const nullableString = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** The holder recorded in a lock file, or null when the content is not a complete lock record. */
export function parseHolder(raw: string): LockHolder | null {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const h = v as Record<string, unknown>;
  const valid =
    typeof h.pid === 'number' &&
    Number.isSafeInteger(h.pid) &&
    h.pid > 0 &&
    nullableString(h.startTime) &&
    typeof h.host === 'string' &&
    nullableString(h.bootId) &&
    nullableString(h.pidNamespace) &&
    typeof h.token === 'string' &&
    h.token !== '' &&
    typeof h.acquiredAt === 'string';
  return valid ? (h as unknown as LockHolder) : null;
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return errCode(err) === 'EPERM';
  }
}

/** Whether the recorded holder still holds the lock. `mtimeMs`: the file's last heartbeat. */
async function holderIsAlive(
  holder: LockHolder,
  mtimeMs: number,
  self: ProcessIdentity,
  staleMs: number,
): Promise<boolean> {
  const heartbeatFresh = Date.now() - mtimeMs < staleMs;
  const sameMachine =
    holder.host === self.host && holder.bootId === self.bootId && holder.pidNamespace === self.pidNamespace;
  if (!sameMachine) return heartbeatFresh;
  if (!pidExists(holder.pid)) return false;
  const proc = await readProcStat(holder.pid);
  // A zombie (killed, not yet reaped by its parent) or a dead task holds nothing.
  if (proc && (proc.state === 'Z' || proc.state === 'X' || proc.state === 'x')) return false;
  // With a recorded start time the answer is exact: another start time means the pid was recycled.
  if (holder.startTime !== null) return proc !== null && proc.startTime === holder.startTime;
  // No /proc here: the pid alone could be recycled, so it also needs a fresh heartbeat.
  return heartbeatFresh;
}

type Found =
  | { kind: 'gone' }
  | { kind: 'legacy-dir'; mtimeMs: number }
  | { kind: 'file'; raw: string; holder: LockHolder | null; dev: bigint; ino: bigint; mtimeMs: number };

async function readLock(path: string): Promise<Found> {
  try {
    const st = await lstat(path);
    if (st.isDirectory()) return { kind: 'legacy-dir', mtimeMs: st.mtimeMs };
    const fh = await open(path, 'r');
    try {
      const fst = await fh.stat({ bigint: true });
      const raw = await fh.readFile('utf8');
      return {
        kind: 'file',
        raw,
        holder: parseHolder(raw),
        dev: fst.dev,
        ino: fst.ino,
        mtimeMs: Number(fst.mtimeMs),
      };
    } finally {
      await fh.close();
    }
  } catch (err) {
    if (errCode(err) === 'ENOENT') return { kind: 'gone' };
    throw err;
  }
}

/**
 * Creates the lock file with its whole content, or returns null if one exists. The content is written to a private
 * temporary file that link(2) then puts in place, so nobody ever reads a half-written lock. Where the file system
 * cannot link, it falls back to an exclusive create (see `settleMs`).
 */
async function createExclusive(path: string, content: string): Promise<{ dev: bigint; ino: bigint } | null> {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, content, { flag: 'wx' });
  try {
    const st = await stat(tmp, { bigint: true });
    await link(tmp, path);
    return { dev: st.dev, ino: st.ino };
  } catch (err) {
    if (errCode(err) === 'EEXIST') return null;
    if (!LINK_UNSUPPORTED.has(errCode(err) ?? '')) throw err;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  try {
    const fh = await open(path, 'wx');
    try {
      await fh.writeFile(content);
      const st = await fh.stat({ bigint: true });
      return { dev: st.dev, ino: st.ino };
    } finally {
      await fh.close();
    }
  } catch (err) {
    if (errCode(err) === 'EEXIST') return null;
    throw err;
  }
}

/**
 * Removes the dead lock `found` — that very file and never one a faster starter put in its place. Every starter
 * that judged the same file dead links it to the same second name, derived from its inode; only one link succeeds,
 * and only that starter, after checking the second name still shows the content it judged, unlinks the lock.
 */
async function reap(path: string, found: Extract<Found, { kind: 'file' }>, staleMs: number): Promise<void> {
  const digest = createHash('sha256').update(found.raw).digest('hex').slice(0, 12);
  const reapName = `${path}.reap-${found.dev}-${found.ino}-${digest}`;
  try {
    await link(path, reapName);
  } catch (err) {
    const code = errCode(err);
    if (code === 'ENOENT') return; // already gone
    if (LINK_UNSUPPORTED.has(code ?? '')) {
      // No hard links here: remove it if it still shows what we judged (a small race remains; see decision 0103).
      const again = await readLock(path);
      if (again.kind === 'file' && again.ino === found.ino && again.raw === found.raw) {
        await unlink(path).catch(() => undefined);
      }
      return;
    }
    if (code !== 'EEXIST') throw err;
    // Another starter is reaping this very file (it takes microseconds): look again shortly. A second name older
    // than `staleMs` was left by a starter that died mid-way: remove the name (only the name), then reap anew.
    const other = await stat(reapName).catch(() => null);
    if (other && Date.now() - other.ctimeMs < staleMs) await sleep(50);
    else await unlink(reapName).catch(() => undefined);
    return;
  }
  try {
    const linked = await stat(reapName, { bigint: true });
    const raw = await readFile(reapName, 'utf8');
    if (linked.dev === found.dev && linked.ino === found.ino && raw === found.raw) {
      await unlink(path).catch((err: unknown) => {
        if (errCode(err) !== 'ENOENT') throw err;
      });
    }
  } finally {
    await unlink(reapName).catch(() => undefined);
  }
}

/**
 * Takes the lock file at `path`. Throws DataDirLockedError while a live process holds it (this process too: a second
 * acquisition in the same process is refused). A lock whose holder is dead, whose pid now belongs to another process,
 * or whose content is not a lock record is taken over at once; when several starters race for it, one wins.
 */
export async function acquireDataDirLock(
  path: string,
  options: DataDirLockOptions = {},
): Promise<DataDirLock> {
  const staleMs = options.staleMs ?? 15_000;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const settleMs = options.settleMs ?? 2_000;
  const self = await currentProcess();
  const holder: LockHolder = {
    ...self,
    token: randomBytes(16).toString('hex'),
    acquiredAt: new Date().toISOString(),
  };
  const content = `${JSON.stringify(holder)}\n`;
  const giveUpAt = Date.now() + staleMs + settleMs + 5_000;
  while (Date.now() < giveUpAt) {
    const created = await createExclusive(path, content);
    if (created) return held(path, holder, created, heartbeatMs);
    const found = await readLock(path);
    if (found.kind === 'gone') continue;
    if (found.kind === 'legacy-dir') {
      // proper-lockfile (Depot before decision 0103) locked with a directory whose mtime it refreshed.
      if (Date.now() - found.mtimeMs < staleMs) throw new DataDirLockedError(path, null);
      await rmdir(path).catch(() => undefined); // rmdir never removes a lock file a faster starter made
      continue;
    }
    if (found.holder) {
      if (await holderIsAlive(found.holder, found.mtimeMs, self, staleMs)) {
        throw new DataDirLockedError(path, found.holder);
      }
    } else if (Date.now() - found.mtimeMs < settleMs) {
      await sleep(50); // perhaps being written (only without link support): look again
      continue;
    }
    await reap(path, found, staleMs);
  }
  throw new Error(`Could not take the lock ${path}: it kept changing`);
}

function held(
  path: string,
  holder: LockHolder,
  file: { dev: bigint; ino: bigint },
  heartbeatMs: number,
): DataDirLock {
  const isOurs = async () => {
    const found = await readLock(path);
    return found.kind === 'file' && found.holder?.token === holder.token && found.ino === file.ino;
  };
  const timer = setInterval(() => {
    void (async () => {
      if (await isOurs()) {
        const now = new Date();
        await utimes(path, now, now);
      }
    })().catch(() => undefined);
  }, heartbeatMs);
  timer.unref();
  let released = false;
  return {
    path,
    holder,
    async release() {
      clearInterval(timer);
      if (released) return;
      released = true;
      if (await isOurs()) {
        await unlink(path).catch((err: unknown) => {
          if (errCode(err) !== 'ENOENT') throw err;
        });
      }
    },
  };
}
