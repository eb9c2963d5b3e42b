import type { DomainEvent } from '@depot/contracts';
import { Client, type Pool } from 'pg';
import { EventBus, HandlerSet, type EventHandler } from './event-bus';

export const EVENTS_CHANNEL = 'depot_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_EVENT_BYTES = 7900;
/** Most events in one NOTIFY statement (the notification queue takes them all at commit). */
const MAX_EVENTS_PER_NOTIFY = 100;

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
  /** Events published in this turn of the event loop, sent together by `flush`. */
  private readonly outbox: { payload: string; resolve: () => void; reject: (err: unknown) => void }[] = [];

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

  /**
   * Sends the event with NOTIFY. What is published in the same turn of the event loop (a scan's event, its parcel's
   * status and list row; several requests' events at once) goes in one statement: one round trip and one commit
   * instead of one each. NOTIFY delivers a statement's notifications in order.
   */
  publish(event: DomainEvent): Promise<void> {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_EVENT_BYTES) {
      return Promise.reject(
        new Error(`Event ${event.type} is too large for NOTIFY (${Buffer.byteLength(payload)} bytes)`),
      );
    }
    return new Promise<void>((resolve, reject) => {
      this.outbox.push({ payload, resolve, reject });
      if (this.outbox.length === 1) queueMicrotask(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.outbox.splice(0, MAX_EVENTS_PER_NOTIFY);
    if (this.outbox.length > 0) queueMicrotask(() => void this.flush());
    const calls = batch.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
    try {
      await this.pool.query(`select ${calls}`, [EVENTS_CHANNEL, ...batch.map((b) => b.payload)]);
      for (const b of batch) b.resolve();
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
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
