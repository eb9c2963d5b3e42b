import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import lockfile from 'proper-lockfile';

export interface EmbeddedServer {
  connectionString: string;
  stop(): Promise<void>;
}

/** In-memory data (tests): no directory, no lock. */
export const IN_MEMORY = 'memory://';

async function freePort(): Promise<number> {
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
 * as with a server. Takes a lock on the directory: a second process on it fails with a clear message.
 */
export async function startEmbedded(dataDir: string): Promise<EmbeddedServer> {
  let release: (() => Promise<void>) | undefined;
  let db: PGlite;
  if (dataDir === IN_MEMORY) {
    db = await PGlite.create();
  } else {
    const dir = resolve(dataDir);
    await mkdir(dir, { recursive: true });
    try {
      release = await lockfile.lock(dir, { lockfilePath: `${dir}/depot.lock`, stale: 15_000, update: 5_000 });
    } catch (err) {
      if ((err as { code?: string }).code === 'ELOCKED') {
        throw new Error(
          `The data directory ${dir} is in use by another Depot process. ` +
            'Stop that process, or set DATA_DIR to another directory.',
          { cause: err },
        );
      }
      throw err;
    }
    db = await PGlite.create(`${dir}/pg`);
  }
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 10 });
  await server.start();
  return {
    connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
      if (release) await release();
    },
  };
}
