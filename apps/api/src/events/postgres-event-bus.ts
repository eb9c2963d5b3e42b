import type { DomainEvent } from '@depot/contracts';
import { Client, type Pool } from 'pg';
import { EventBus, HandlerSet, type EventHandler } from './event-bus';

export const EVENTS_CHANNEL = 'depot_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_EVENT_BYTES = 7900;
/** Most notifications in one NOTIFY statement (the notification queue takes them all at commit). */
const MAX_NOTIFICATIONS_PER_STATEMENT = 100;

/**
 * Events published together packed into as few notifications as fit (decision 0155): a notification is one event's
 * JSON, or a JSON array of several events, in publishing order, each under MAX_EVENT_BYTES. An import's 100,000 new
 * parcels are then about 2,500 notifications for PostgreSQL to queue and every process to read, not 100,000.
 */
export function packEvents(payloads: readonly { json: string; bytes: number }[]): string[] {
  const packed: string[] = [];
  let part: string[] = [];
  /** The bytes of `[` + the part's events joined by commas + `]`. */
  let size = 0;
  const close = () => {
    if (part.length === 1) packed.push(part[0]!);
    else if (part.length > 1) packed.push(`[${part.join(',')}]`);
    part = [];
  };
  for (const p of payloads) {
    if (part.length > 0 && size + 1 + p.bytes > MAX_EVENT_BYTES) close();
    size = part.length === 0 ? 2 + p.bytes : size + 1 + p.bytes;
    part.push(p.json);
  }
  close();
  return packed;
}

/** The events of one notification, in order: one event, or the array `packEvents` made. */
export function unpackEvents(payload: string): DomainEvent[] {
  const parsed = JSON.parse(payload) as DomainEvent | DomainEvent[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

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
  private readonly outbox: {
    json: string;
    bytes: number;
    resolve: () => void;
    reject: (err: unknown) => void;
  }[] = [];

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
        for (const event of unpackEvents(msg.payload)) this.handlers.deliver(event);
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
   * status and list row; several requests' events at once) goes in one statement, packed into as few notifications
   * as fit (`packEvents`): one round trip and one commit instead of one each. NOTIFY delivers a statement's
   * notifications in order.
   */
  publish(event: DomainEvent): Promise<void> {
    const json = JSON.stringify(event);
    const bytes = Buffer.byteLength(json);
    if (bytes > MAX_EVENT_BYTES) {
      return Promise.reject(new Error(`Event ${event.type} is too large for NOTIFY (${bytes} bytes)`));
    }
    return new Promise<void>((resolve, reject) => {
      this.outbox.push({ json, bytes, resolve, reject });
      if (this.outbox.length === 1) queueMicrotask(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    // Taken whole: what was published meanwhile starts the next statement.
    const batch = this.outbox.splice(0);
    const payloads = packEvents(batch);
    try {
      for (let i = 0; i < payloads.length; i += MAX_NOTIFICATIONS_PER_STATEMENT) {
        const part = payloads.slice(i, i + MAX_NOTIFICATIONS_PER_STATEMENT);
        const calls = part.map((_, k) => `pg_notify($1, $${k + 2})`).join(', ');
        await this.pool.query(`select ${calls}`, [EVENTS_CHANNEL, ...part]);
      }
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
