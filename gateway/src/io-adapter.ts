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
    if (this.opts.pool) server.adapter(createAdapter(this.opts.pool, { tableName: 'socket_io_attachments' }));
    return server;
  }
}
