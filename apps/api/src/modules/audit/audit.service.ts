import { Injectable } from '@nestjs/common';
import type { Principal } from '@depot/contracts';
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

/** Writes the change log (administration/logs): who, what, when, before and after. */
@Injectable()
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  /** Pass the transaction of the change, so the log entry commits (or not) with it. */
  async record(actor: Principal | null, change: AuditChange, tx?: DbOrTx): Promise<void> {
    await this.repo.insert(
      {
        type: change.type,
        entity: change.entity,
        entityId: change.entityId,
        createdById: actor?.userId ?? null,
        apiKeyId: actor?.kind === 'apiKey' ? actor.apiKeyId : null,
        before: change.before ?? null,
        after: change.after ?? null,
        details: change.details ?? null,
      },
      tx,
    );
  }
}
