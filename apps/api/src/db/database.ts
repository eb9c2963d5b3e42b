import { join } from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import type { AppConfig } from '../config/config';
import { startEmbedded, type EmbeddedServer } from './embedded';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction or the database: repositories accept either so callers can pass a transaction down. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

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

  static async open(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<DatabaseRuntime> {
    const embedded = config.databaseUrl ? undefined : await startEmbedded(config.dataDir);
    const connectionString = config.databaseUrl ?? embedded!.connectionString;
    // Embedded: PGlite runs one backend, and pglite-socket interleaves its connections message by message, so
    // two connections' Parse/Bind/Execute mix (unnamed portal lost, or one runs the other's statement). One
    // connection keeps each query's messages together; PGlite runs one query at a time anyway.
    const pool = new Pool({ connectionString, max: embedded ? 1 : 20 });
    pool.on('error', () => undefined); // idle-client errors surface on the next query instead of crashing
    const db = drizzle(pool, { schema });
    return new DatabaseRuntime(embedded ? 'embedded' : 'server', connectionString, pool, db, embedded);
  }

  async migrate(): Promise<void> {
    await migrate(this.db, { migrationsFolder: MIGRATIONS_FOLDER });
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
    if (this.embedded) await this.embedded.stop();
  }
}
