import { Injectable } from '@nestjs/common';
import { MESSAGES, type ParcelEventPayload, type Principal } from '@depot/contracts';
import { refusalDetails } from '../../common/errors';
import { applyClientDefaults } from '@depot/domain';
import { Transactions } from '../../db/transactions';
import { AuditService } from '../audit/audit.service';
import { ParcelEvents } from '../parcels/parcel-events';
import { assertComplete, draftOfBody, type CompleteDraft } from '../parcels/create/parcel-drafts';
import type { ParcelRoute } from '../parcels/create/parcel-router';
import { ParcelsRepository } from '../parcels/parcels.repository';
import { ParcelsService } from '../parcels/parcels.service';
import { ImportsRepository, type RowToCreate } from './imports.repository';
import { ImportsService } from './imports.service';

/** Rows made into parcels per transaction: a batch is created whole or not at all. */
export const APPROVE_BATCH = 2000;

/** A row ready to insert: its parcel complete and routed. */
interface Prepared {
  row: RowToCreate;
  draft: CompleteDraft;
  route: ParcelRoute;
}

/**
 * Creating an approved import's parcels (decision 0150), batch by batch in file order: each batch's rows are
 * completed with the client's defaults and routed (as today's form), then inserted in one transaction that first
 * locks the rows and skips any already created — so each row becomes a parcel at most once, whether the job is
 * retried, resumed after its process died, or run twice. A row the rules now refuse (the client's defaults or the
 * carrier changed since the check) turns invalid with its reason; the others go on.
 */
@Injectable()
export class ImportApprover {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: ImportsRepository,
    private readonly parcels: ParcelsService,
    private readonly parcelsRepo: ParcelsRepository,
    private readonly events: ParcelEvents,
    private readonly imports: ImportsService,
    private readonly audit: AuditService,
  ) {}

  /** Creates every valid row's parcel; `progress` hears the rows done so far of those to do. */
  async run(
    principal: Principal,
    importId: string,
    progress: (done: number, total: number) => Promise<void>,
  ): Promise<void> {
    const current = await this.repo.get(importId, null);
    if (!current || current.state !== 'approving') return;
    const client = await this.parcelsRepo.clientFacts(current.clientId);
    if (!client) throw new Error(MESSAGES.clientNotFound);
    await this.parcels.assertMayOrder(principal, client);
    const total = current.validRows;
    let done = 0;
    // In a pipeline: the next batch is read and routed while this one is written, and the parcels of a batch are
    // announced while the next is written (all announced before the import is done).
    let after = 0;
    const nextBatch = async (): Promise<{ size: number; prepared: Prepared[] } | null> => {
      const batch = await this.repo.rowsToCreate(importId, APPROVE_BATCH, after);
      if (batch.length === 0) return null;
      after = batch[batch.length - 1]!.row;
      return { size: batch.length, prepared: await this.prepare(current.clientId, client, batch) };
    };
    let announcing: Promise<void> = Promise.resolve();
    try {
      // A read ahead that fails after the run stopped for another reason is not left unhandled (it is awaited below
      // when the run goes on).
      const ahead = () => {
        const p = nextBatch();
        p.catch(() => undefined);
        return p;
      };
      let next = ahead();
      for (let batch = await next; batch; batch = await next) {
        const created = await this.insert(principal, client, batch.prepared);
        next = ahead();
        announcing = announcing.then(() => this.events.createdMany(created, principal));
        done += batch.size;
        await this.imports.announce(importId, principal, false);
        await progress(Math.min(done, total), total);
      }
    } finally {
      await announcing;
    }
    await this.repo.recount(importId);
    await this.repo.setState(importId, 'done', { finishedAt: new Date() });
    const view = await this.imports.announce(importId, principal, false);
    await this.audit.record(principal, {
      type: 'import.finish',
      entity: 'import',
      entityId: importId,
      details: { created: view.createdRows, invalid: view.invalidRows },
    });
  }

  /** Completes and routes each row; a row refused now is marked invalid with why. */
  private async prepare(
    clientId: string,
    client: Parameters<typeof applyClientDefaults>[1],
    rows: RowToCreate[],
  ): Promise<Prepared[]> {
    const out: Prepared[] = [];
    const router = this.parcels.routerOf(clientId);
    for (const row of rows) {
      try {
        const draft = assertComplete(applyClientDefaults(draftOfBody(row.parcel), client), 'derive');
        out.push({ row, draft, route: await router(draft) });
      } catch (err) {
        await this.repo.markInvalid(row.id, refusalDetails(err));
      }
    }
    return out;
  }

  /** One transaction: the rows still uncreated become parcels (source "file"), each row marked with its parcel. */
  private async insert(
    principal: Principal,
    client: Awaited<ReturnType<ParcelsRepository['clientFacts']>> & object,
    prepared: Prepared[],
  ): Promise<ParcelEventPayload[]> {
    return this.transactions.run(async () => {
      const open = await this.repo.lockUncreated(prepared.map((p) => p.row.id));
      const todo = prepared.filter((p) => open.has(p.row.id));
      const created = await this.parcels.insertMany(
        principal,
        client,
        todo.map((p) => ({ draft: p.draft, route: p.route, externalNumber: p.row.externalNumber })),
        'file',
      );
      await this.repo.markCreatedMany(
        created.map((c, i) => ({ rowId: todo[i]!.row.id, parcelId: c.id, internalNumber: c.internalNumber })),
      );
      return created.map((c) => ({
        id: c.id,
        clientId: client.id,
        internalNumber: c.internalNumber,
        status: 'new' as const,
        updatedAt: c.updatedAt,
      }));
    });
  }
}
