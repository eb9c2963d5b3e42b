import type { DomainEvent } from '@depot/contracts';
import { Client, type Pool } from 'pg';
import { EventBus, HandlerSet, type EventHandler } from './event-bus';

export const EVENTS_CHANNEL = 'depot_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_EVENT_BYTES = 7900;

/**
 * Server mode: events go through PostgreSQL NOTIFY on one channel and come back through LISTEN
 * in every process (the publisher included), so all instances see the same stream.
 */
export class PostgresEventBus extends EventBus {
  readonly kind = 'postgres' as const;
  private readonly handlers: HandlerSet;
  private listener: Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly connectionString: string,
    private readonly log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void },
  ) {
    super();
    this.handlers = new HandlerSet((err, event) =>
      log.error({ err, type: event.type }, 'event handler failed'),
    );
  }

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
      try {
        this.handlers.deliver(JSON.parse(msg.payload) as DomainEvent);
      } catch (err) {
        this.log.error({ err }, 'unreadable event payload');
      }
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'event bus connection lost; reconnecting');
      this.listener = undefined;
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.listener = client;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect().catch(() => this.scheduleReconnect());
    }, 1000);
    this.retryTimer.unref();
  }

  async publish(event: DomainEvent): Promise<void> {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_EVENT_BYTES) {
      throw new Error(`Event ${event.type} is too large for NOTIFY (${Buffer.byteLength(payload)} bytes)`);
    }
    await this.pool.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
  }

  subscribe(handler: EventHandler): () => void {
    return this.handlers.add(handler);
  }

  isHealthy(): boolean {
    return this.listener !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const l = this.listener;
    this.listener = undefined;
    if (l) await l.end().catch(() => undefined);
  }
}
