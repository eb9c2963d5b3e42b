import {
  SCAN_BATCH_MAX,
  type ParcelStatus,
  type ScanFormRequest,
  type ScanReply,
  type ScanResult,
} from '@depot/contracts';
import { ApiError } from '../../api/errors';

/** The form fields a scan is sent with (SPEC 3 "Scan form", without the numbers). */
export interface ScanFields {
  name: ParcelStatus;
  terminal: string;
  timezone: string;
  description?: string;
  driver?: string;
  registrationNumber?: string;
}

/** How a scan came in. */
export type ScanSource = 'scanner' | 'typed' | 'camera';

/**
 * One scan kept in the browser until the server has it (decision 0130): its client-made id (sending it again changes
 * nothing), when it was made, with which fields, and by whom (a scan is sent only under the user who made it).
 */
export interface QueuedScan {
  scanId: string;
  number: string;
  /** When the scan was made (ISO 8601); an automatic scan is sent with it, so a late send keeps the time. */
  at: string;
  source: ScanSource;
  fields: ScanFields;
  userId: string;
  /** Scans of one "Send all" share a batch and go in one request; an automatic scan is its own batch. */
  batch: string;
  /** What the lookup said, for the manual list (absent offline). */
  seen?: { internalNumber: string; sector: string | null; status: ParcelStatus } | null;
}

export const OUTBOX_KEY = 'depot.scan.outbox';
export const MANUAL_QUEUE_KEY = 'depot.scan.manual';

const isQueuedScan = (v: unknown): v is QueuedScan => {
  const s = v as Partial<QueuedScan> | null;
  return (
    !!s &&
    typeof s.scanId === 'string' &&
    typeof s.number === 'string' &&
    typeof s.at === 'string' &&
    typeof s.userId === 'string' &&
    typeof s.batch === 'string' &&
    !!s.fields &&
    typeof s.fields.name === 'string' &&
    typeof s.fields.terminal === 'string'
  );
};

/** A list of scans kept in localStorage under `key`: it survives a reload and a closed tab. */
export class ScanList {
  private listeners = new Set<() => void>();
  private items: QueuedScan[];

  constructor(
    private readonly key: string,
    private readonly storage: Storage = localStorage,
  ) {
    this.items = this.read();
  }

  private read(): QueuedScan[] {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(this.key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isQueuedScan) : [];
    } catch {
      return [];
    }
  }

  private write(items: QueuedScan[]): void {
    this.items = items;
    try {
      this.storage.setItem(this.key, JSON.stringify(items));
    } catch {
      // A full storage keeps the list in memory: nothing is dropped while the page stays open.
    }
    for (const l of this.listeners) l();
  }

  /** Re-reads the storage (another tab of the device changed it). */
  reload(): void {
    this.items = this.read();
    for (const l of this.listeners) l();
  }

  all(): readonly QueuedScan[] {
    return this.items;
  }

  ofUser(userId: string): QueuedScan[] {
    return this.items.filter((s) => s.userId === userId);
  }

  add(scans: readonly QueuedScan[]): void {
    const known = new Set(this.items.map((s) => s.scanId));
    this.write([...this.items, ...scans.filter((s) => !known.has(s.scanId))]);
  }

  remove(scanIds: Iterable<string>): void {
    const gone = new Set(scanIds);
    this.write(this.items.filter((s) => !gone.has(s.scanId)));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

/** The user's first batch in the list: the scans that go in the next request, in order. */
export function nextBatch(items: readonly QueuedScan[], userId: string): QueuedScan[] {
  const mine = items.filter((s) => s.userId === userId);
  if (!mine.length) return [];
  const first = mine[0];
  const same = JSON.stringify(first.fields);
  const batch: QueuedScan[] = [];
  for (const s of mine) {
    if (s.batch !== first.batch || JSON.stringify(s.fields) !== same || batch.length >= SCAN_BATCH_MAX) break;
    batch.push(s);
  }
  return batch;
}

/** The setStatusForArrayOfExtNrs body of a batch: its numbers, their scan ids, and the first scan's time. */
export function requestOf(batch: readonly QueuedScan[]): ScanFormRequest {
  const f = batch[0].fields;
  return {
    name: f.name,
    externalNumber: batch.map((s) => s.number),
    scanIds: batch.map((s) => s.scanId),
    terminal: f.terminal,
    timezone: f.timezone,
    timestamp: batch[0].at,
    ...(f.description ? { description: f.description } : {}),
    ...(f.driver ? { driver: f.driver } : {}),
    ...(f.registrationNumber ? { registrationNumber: f.registrationNumber } : {}),
  };
}

/**
 * A failure that means "not sent, try later", not "refused": no connection (0), the session ended (401: the same user
 * signs in again and the scans go), too many requests, and the server failing or restarting (500, 502–504; a database
 * restart answers 500 until it is back). Nothing is dropped for these: the scans wait, shown, in order.
 */
export const isConnectionError = (err: unknown): boolean =>
  err instanceof ApiError && [0, 401, 408, 429, 500, 502, 503, 504].includes(err.status);

export type SenderState = 'idle' | 'sending' | 'offline';

export interface SenderHooks {
  onResults(results: ScanResult[], batch: QueuedScan[]): void;
  /** Refused (validation, access): the batch is dropped, not sent again (SPEC 8: the scan is cancelled). */
  onRefused(err: unknown, batch: QueuedScan[]): void;
  onState(state: SenderState): void;
}

/**
 * Sends the outbox in order, one batch at a time, one drain at a time. A batch leaves the outbox only when the server
 * answered it; a connection failure keeps it (and everything after it) for the next drain, and the scan ids make a
 * batch that reached the server before the connection broke change nothing the second time.
 */
export class OutboxSender {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly outbox: ScanList,
    private readonly send: (body: ScanFormRequest) => Promise<ScanReply>,
    private readonly hooks: SenderHooks,
    private readonly userId: string,
  ) {}

  /** Sends what waits; resolves when the outbox is empty or the connection failed. */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        const batch = nextBatch(this.outbox.all(), this.userId);
        if (!batch.length) break;
        this.hooks.onState('sending');
        try {
          const reply = await this.send(requestOf(batch));
          this.outbox.remove(batch.map((s) => s.scanId));
          this.hooks.onResults(reply.results, batch);
        } catch (err) {
          if (isConnectionError(err)) return this.hooks.onState('offline');
          this.outbox.remove(batch.map((s) => s.scanId));
          this.hooks.onRefused(err, batch);
        }
      }
    } while (this.again);
    this.hooks.onState('idle');
  }
}
