import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  MESSAGES,
  rooms,
  type ListReply,
  type LogAuthor,
  type LogFacets,
  type LogListItem,
  type LogView,
  type logAuthorsQuerySchema,
  type logListRequestSchema,
} from '@depot/contracts';
import { redactSecrets } from '@depot/domain';
import type { z } from 'zod';
import type { Logger } from 'pino';
import { LOGGER } from '../../core/core.tokens';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import { LogsRepository } from './logs.repository';

type ListRequest = z.output<typeof logListRequestSchema>;
type AuthorsQuery = z.output<typeof logAuthorsQuerySchema>;

/** An entry number as the API takes it in a path: digits, within bigint. */
const ENTRY_ID = /^[1-9]\d{0,17}$/;

/**
 * When a new entry is looked for after it was written: its transaction commits after `record` returns, so the
 * announcer waits until the row is visible (a rolled-back entry never is, and is given up after ~25 s).
 */
export const ANNOUNCE_DELAYS_MS = [20, 50, 100, 200, 400, 800, 1600, 3200, 6400, 12800];

/** The change log screen (administration/logs): the list, one entry, the filters, and live new entries. */
@Injectable()
export class LogsService implements OnModuleInit, OnModuleDestroy {
  private stopListening: (() => void) | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly repo: LogsRepository,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onModuleInit(): void {
    this.stopListening = this.audit.onRecorded((id) => this.announce(String(id), 0));
  }

  onModuleDestroy(): void {
    this.closed = true;
    this.stopListening?.();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  list(req: ListRequest): Promise<ListReply<LogListItem>> {
    return this.repo.list(req.filters, req.cursor, req.limit);
  }

  /** One entry; secrets in its data are hidden (also in entries written before the log hid them). */
  async get(id: string): Promise<LogView> {
    const entry = ENTRY_ID.test(id) ? await this.repo.findById(id) : undefined;
    if (!entry) throw Errors.notFound(MESSAGES.logNotFound);
    return {
      ...entry,
      before: redactSecrets(entry.before),
      after: redactSecrets(entry.after),
      details: redactSecrets(entry.details),
    };
  }

  facets(): Promise<LogFacets> {
    return this.repo.facets();
  }

  authors(q: AuthorsQuery): Promise<LogAuthor[]> {
    return this.repo.authors(q.search || undefined, q.limit);
  }

  /** Publishes a new entry to `list:logs` once its transaction has committed. */
  private announce(id: string, attempt: number): void {
    if (this.closed || attempt >= ANNOUNCE_DELAYS_MS.length) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      this.repo
        .listItem(id)
        .then(async (row) => {
          if (!row) return this.announce(id, attempt + 1);
          await this.bus.publish({
            type: 'list.changed',
            rooms: [rooms.list('logs')],
            change: { list: 'logs', op: 'upsert', row, actorId: row.createdById, created: true },
          });
        })
        .catch((err: unknown) => {
          if (!this.closed) this.log.warn({ err, entryId: id }, 'announcing a log entry failed');
        });
    }, ANNOUNCE_DELAYS_MS[attempt]);
    timer.unref();
    this.timers.add(timer);
  }
}
