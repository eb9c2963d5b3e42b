import { Injectable } from '@nestjs/common';
import type { LogEntity, LogType, Principal } from '@depot/contracts';
import { redactSecrets } from '@depot/domain';
import { Transactions } from '../../db/transactions';
import { AuditRepository } from './audit.repository';

export interface AuditChange {
  /**
   * What happened, `<entity>.<verb>`: `user.create`, `user.update`, `user.passwordChange`, ... One of LOG_TYPES, which
   * the logs screen names in both languages (a new kind of entry is added there first, with its words).
   */
  type: LogType;
  entity: LogEntity;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  details?: unknown;
}

/** Hears the number of each entry written, once its transaction has committed (never for a rolled-back one). */
export type AuditListener = (entryId: number) => unknown;

/** Writes the change log (administration/logs): who, what, when, before and after. */
@Injectable()
export class AuditService {
  private readonly listeners = new Set<AuditListener>();

  constructor(
    private readonly repo: AuditRepository,
    private readonly transactions: Transactions,
  ) {}

  /** Registers a listener (the logs module announces new entries to the live logs list); returns its removal. */
  onRecorded(listener: AuditListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Writes the entry in the caller's transaction, so it commits (or not) with the change it describes. `actor` is who
   * made the change (a person's session or an API key); null only for what the app does by itself.
   */
  async record(actor: Principal | null, change: AuditChange): Promise<void> {
    const id = await this.repo.insert({
      type: change.type,
      entity: change.entity,
      entityId: change.entityId,
      createdById: actor?.userId ?? null,
      apiKeyId: actor?.kind === 'apiKey' ? actor.apiKeyId : null,
      // Secrets (password hashes, tokens, keys) never reach the log, whatever a caller passes.
      before: redactSecrets(change.before ?? null),
      after: redactSecrets(change.after ?? null),
      details: redactSecrets(change.details ?? null),
    });
    await this.transactions.afterCommit(async () => {
      for (const listener of this.listeners) await listener(id);
    });
  }
}
