import { Injectable } from '@nestjs/common';
import type { Principal } from '@depot/contracts';
import { redactSecrets } from '@depot/domain';
import type { DbOrTx } from '../../db/database';
import { AuditRepository } from './audit.repository';

export interface AuditChange {
  /** What happened, `<entity>.<verb>`: `user.create`, `user.update`, `user.passwordChange`, ... */
  type: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  details?: unknown;
}

/** Hears the number of each entry written, as soon as it is written (its transaction may not have committed yet). */
export type AuditListener = (entryId: number) => void;

/** Writes the change log (administration/logs): who, what, when, before and after. */
@Injectable()
export class AuditService {
  private readonly listeners = new Set<AuditListener>();

  constructor(private readonly repo: AuditRepository) {}

  /** Registers a listener (the logs module announces new entries to the live logs list); returns its removal. */
  onRecorded(listener: AuditListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Pass the transaction of the change, so the log entry commits (or not) with it. */
  async record(actor: Principal | null, change: AuditChange, tx?: DbOrTx): Promise<void> {
    const id = await this.repo.insert(
      {
        type: change.type,
        entity: change.entity,
        entityId: change.entityId,
        createdById: actor?.userId ?? null,
        apiKeyId: actor?.kind === 'apiKey' ? actor.apiKeyId : null,
        // Secrets (password hashes, tokens, keys) never reach the log, whatever a caller passes.
        before: redactSecrets(change.before ?? null),
        after: redactSecrets(change.after ?? null),
        details: redactSecrets(change.details ?? null),
      },
      tx,
    );
    for (const listener of this.listeners) listener(id);
  }
}
