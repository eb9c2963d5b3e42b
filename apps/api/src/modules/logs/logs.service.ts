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

/** The change log screen (administration/logs): the list, one entry, the filters, and live new entries. */
@Injectable()
export class LogsService implements OnModuleInit, OnModuleDestroy {
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly repo: LogsRepository,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  onModuleInit(): void {
    this.stopListening = this.audit.onRecorded((id) => this.announce(String(id)));
  }

  onModuleDestroy(): void {
    this.stopListening?.();
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

  /** Publishes a new entry to `list:logs`; the audit service calls this once the entry's transaction committed. */
  private async announce(id: string): Promise<void> {
    try {
      const row = await this.repo.listItem(id);
      if (!row) return;
      await this.bus.publish({
        type: 'list.changed',
        rooms: [rooms.list('logs')],
        change: { list: 'logs', op: 'upsert', row, actorId: row.createdById, created: true },
      });
    } catch (err) {
      this.log.warn({ err, entryId: id }, 'announcing a log entry failed');
    }
  }
}
