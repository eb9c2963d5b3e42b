import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Pool } from 'pg';
import type { Server, ServerOptions } from 'socket.io';

export interface DepotIoAdapterOptions {
  /** On a PostgreSQL server: share rooms across instances through LISTEN/NOTIFY. Unset: in-process. */
  pool?: Pool;
  /** Origins allowed cross-origin; empty = same origin only. */
  corsOrigins: string[];
}

/** Socket.IO at /socket.io on the app's own port, with the PostgreSQL adapter when several instances may run. */
export class DepotIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly opts: DepotIoAdapterOptions,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      cors:
        this.opts.corsOrigins.length > 0 ? { origin: this.opts.corsOrigins, credentials: true } : undefined,
    } as ServerOptions) as Server;
    if (this.opts.pool)
      server.adapter(
        createAdapter(listenerErrorsHandled(this.opts.pool), { tableName: 'socket_io_attachments' }),
      );
    return server;
  }
}

/**
 * The pool as the PostgreSQL adapter sees it: the client it checks out to LISTEN is handed back to the pool when its
 * connection breaks. The adapter listens for 'end' (and reconnects with a new client) but not for 'error', and a
 * checked-out pg client has no other listener: when PostgreSQL restarts or cuts the connection, the error would be an
 * uncaught exception that ends the process; and the dead client, never released, would keep `pool.end()` waiting
 * forever when the app stops.
 */
export function listenerErrorsHandled(pool: Pool): Pool {
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect')
        return async () => {
          const client = await target.connect();
          const release = client.release.bind(client);
          // Whichever comes first — the adapter releasing it, or its connection breaking — hands it back, once; the
          // listeners go with it (the pool may lend the same client to others afterwards, with a release of its own).
          let released = false;
          const broken = (err?: Error) => done(err ?? true);
          const onEnd = () => broken();
          const done = (err?: Error | boolean) => {
            if (released) return;
            released = true;
            client.off('error', broken);
            client.off('end', onEnd);
            release(err);
          };
          client.release = done;
          client.on('error', broken);
          client.on('end', onEnd);
          return client;
        };
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
