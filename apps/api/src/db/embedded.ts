import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

export interface EmbeddedServer {
  connectionString: string;
  /**
   * Drops every connection and listens again on the same port (decision 0104): a connection stuck in a
   * transaction, or any state a connection left on the one shared backend, goes with it (pglite-socket rolls
   * back the open transaction of a connection that closes; the pool's new connections start with DISCARD ALL).
   */
  restartSocket(): Promise<void>;
  /** The data directory as a tar (PGlite's dumpDataDir), as `memory://<file>` and a new data directory load it. */
  dump(): Promise<Blob>;
  stop(): Promise<void>;
}

/**
 * A new data directory, initialised and migrated, written by the build (`scripts/build-api.cjs`, decision 0142): a
 * first start copies it instead of running initdb (~6 s of PGlite on a directory, ~1.3 s from this copy) and every
 * migration; the app's migrations still run after it, so a copy older than the code is brought up to date. Without
 * it (the API run from its sources) a new directory is initialised by PGlite as before.
 */
export const INITIAL_DATA_DIR = join(__dirname, '..', '..', 'dist', 'initial-data-dir.tar');

/** True when `pgDir` holds no data directory yet (absent or empty). */
async function isNew(pgDir: string): Promise<boolean> {
  try {
    return (await readdir(pgDir)).length === 0;
  } catch {
    return true;
  }
}

/**
 * In-memory data (tests): no directory, no lock, nothing kept. `memory://<file>` starts from a snapshot of a data
 * directory (a tar made by PGlite's dumpDataDir): the tests' migrated template, without a copy on disk per suite.
 */
export const IN_MEMORY = 'memory://';

/**
 * A data-directory snapshot as PGlite loads it: each load gets its own copy of the bytes read once per process (a
 * test process starts a database from the same snapshot for every suite; Node's Blob of the file cost ~0.5 s of CPU
 * per start, reading it and copying it in chunks).
 */
class SnapshotBlob extends Blob {
  constructor(private readonly snapshot: ArrayBuffer) {
    super([]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.snapshot.slice(0));
  }
}
const snapshots = new Map<string, Promise<ArrayBuffer>>();
const snapshotOf = (file: string): Promise<ArrayBuffer> => {
  let bytes = snapshots.get(file);
  if (!bytes) {
    bytes = readFile(file).then((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    snapshots.set(file, bytes);
  }
  return bytes;
};

/** A port nobody listens on at the moment (loopback). */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

/**
 * Starts PGlite on `dataDir` and serves it on a loopback port so the app uses the same `pg` pool
 * as with a server. Takes a lock on the directory: a second live process on it fails with a clear message; the lock
 * of a process that died (kill -9, power loss) is taken over at once.
 */
export async function startEmbedded(dataDir: string): Promise<EmbeddedServer> {
  let release: (() => Promise<void>) | undefined;
  let db: PGlite;
  if (dataDir.startsWith(IN_MEMORY)) {
    const snapshot = dataDir.slice(IN_MEMORY.length);
    db = await PGlite.create(snapshot ? { loadDataDir: new SnapshotBlob(await snapshotOf(snapshot)) } : {});
  } else {
    const dir = resolve(dataDir);
    await mkdir(dir, { recursive: true });
    try {
      // Knows whether its holder still runs: a restart right after a crash takes it over (decision 0103).
      const lock = await acquireDataDirLock(`${dir}/depot.lock`);
      release = () => lock.release();
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        throw new Error(
          `The data directory ${dir} is in use by another Depot process. ` +
            'Stop that process, or set DATA_DIR to another directory.',
          { cause: err },
        );
      }
      throw err;
    }
    try {
      const pgDir = join(dir, 'pg');
      const initial = existsSync(INITIAL_DATA_DIR) && (await isNew(pgDir));
      db = await PGlite.create(
        pgDir,
        initial ? { loadDataDir: new SnapshotBlob(await snapshotOf(INITIAL_DATA_DIR)) } : {},
      );
    } catch (err) {
      await release();
      throw err;
    }
  }
  const port = await freePort();
  const serve = async () => {
    const socketServer = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 10 });
    await socketServer.start();
    return socketServer;
  };
  let server = await serve();
  return {
    connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async restartSocket() {
      await server.stop();
      if (db.isInTransaction()) await db.exec('ROLLBACK');
      server = await serve();
    },
    dump() {
      return db.dumpDataDir('none');
    },
    async stop() {
      await server.stop();
      await db.close();
      if (release) await release();
    },
  };
}
