import { join } from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool, type ClientBase } from 'pg';
import type { AppConfig } from '../config/config';
import { startEmbedded, type EmbeddedServer } from './embedded';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type { DbOrTx, Tx } from './transactions';

/** Clears every piece of per-session state PostgreSQL keeps (DISCARD ALL runs outside a transaction only). */
export const RESET_SESSION = 'DISCARD ALL';

/**
 * A statement's name for `.prepare(name)`: named on a server, where each connection has a backend of its own;
 * unnamed on the embedded runtime, where connections share one backend and names would collide (decision 0104).
 */
export const statementName = (mode: 'server' | 'embedded', name: string): string =>
  mode === 'server' ? name : '';

export const MIGRATIONS_FOLDER = join(__dirname, '..', '..', 'migrations');

/** The open database: pool, Drizzle handle, and which runtime serves it. */
export class DatabaseRuntime {
  constructor(
    readonly mode: 'server' | 'embedded',
    readonly connectionString: string,
    readonly pool: Pool,
    readonly db: Db,
    private readonly embedded: EmbeddedServer | undefined,
  ) {}

  static async open(
    config: Pick<AppConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<AppConfig, 'databasePoolMax'>>,
  ): Promise<DatabaseRuntime> {
    const embedded = config.databaseUrl ? undefined : await startEmbedded(config.dataDir);
    const connectionString = config.databaseUrl ?? embedded!.connectionString;
    // Embedded: PGlite runs one backend, and pglite-socket interleaves its connections message by message, so
    // two connections' Parse/Bind/Execute mix (unnamed portal lost, or one runs the other's statement). One
    // connection keeps each query's messages together; PGlite runs one query at a time anyway.
    // Embedded: every connection shares PGlite's one backend, so whatever an earlier connection left there
    // (named prepared statements, open cursors, SET values, LISTENs, advisory locks, temp tables) outlives it.
    // pg-pool drops a connection after any failed query and opens a new one whose client believes the backend
    // is fresh: a named statement then collides ("already exists") for every later call. So a new connection
    // wipes the session before its first query (pg-pool awaits onConnect). An open transaction is rolled back
    // by pglite-socket when its connection goes, before anything else runs (decision 0104).
    const pool = new Pool({
      connectionString,
      max: embedded ? 1 : (config.databasePoolMax ?? 20),
      // pg's types say onConnect returns void, but pg-pool awaits what it returns (a failed reset fails the connect).
      // oxlint-disable-next-line typescript/no-misused-promises
      ...(embedded ? { onConnect: (client: ClientBase) => client.query(RESET_SESSION) } : {}),
    });
    pool.on('error', () => undefined); // idle-client errors surface on the next query instead of crashing
    // A checked-out client (a transaction's, a job backend's, a LISTEN) has no 'error' listener of pg-pool's own: when
    // PostgreSQL restarts or cuts the connection, its error would be an uncaught exception that ends the process. The
    // query in flight fails with the error anyway, and pg-pool drops a broken client when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzle(pool, { schema });
    return new DatabaseRuntime(embedded ? 'embedded' : 'server', connectionString, pool, db, embedded);
  }

  async migrate(): Promise<void> {
    await migrate(this.db, { migrationsFolder: MIGRATIONS_FOLDER });
  }

  /** Embedded runtime only: the data directory as a tar (what `memory://<file>` and a new directory start from). */
  async dump(): Promise<Blob> {
    if (!this.embedded) throw new Error('Only the embedded runtime has a data directory to dump');
    return this.embedded.dump();
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Embedded runtime only: drops every connection to PGlite (rolling back a stuck transaction) and serves it
   * again; the pool opens fresh connections that start with DISCARD ALL. Called when a health check fails.
   */
  async recover(): Promise<void> {
    if (!this.embedded) return;
    await this.embedded.restartSocket();
  }

  async close(): Promise<void> {
    await endPool(this.pool);
    if (this.embedded) await this.embedded.stop();
  }
}

/** How long stopping waits for checked-out connections to come back before closing them. */
const POOL_END_GRACE_MS = 5_000;

/**
 * Ends the pool. `pool.end()` waits for every checked-out client to be released; a client some library holds after
 * its connection broke (PostgreSQL restarted under it) may never be, and stopping would wait forever. After a grace
 * period the clients still out are closed.
 */
async function endPool(pool: Pool): Promise<void> {
  const ended = pool.end();
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<'late'>(
    (resolve) => (timer = setTimeout(() => resolve('late'), POOL_END_GRACE_MS)),
  );
  if ((await Promise.race([ended, grace])) === 'late') {
    const out = (pool as unknown as { _clients?: { end(): Promise<void> }[] })._clients ?? [];
    await Promise.all(out.map((c) => c.end().catch(() => undefined)));
    await Promise.race([ended, new Promise((r) => setTimeout(r, 1_000))]);
  }
  clearTimeout(timer);
}
