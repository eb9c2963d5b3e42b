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
/** Batches written at once, each in its own transaction. */
export const APPROVE_WRITERS = 2;

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
    // Batches are read and routed one after another, in file order, and written by APPROVE_WRITERS writers at once,
    // each in its own transaction (on the server, its own connection): while one batch is written the next is read,
    // routed and written beside it. A batch's parcels are announced while others are written (all of them before the
    // import is done). Once a writer fails, no writer takes another batch, and the run fails after every writer
    // has stopped, so nothing is written after it returns.
    let after = 0;
    let stopped = false;
    let reading: Promise<unknown> = Promise.resolve();
    const take = (): Promise<{ size: number; prepared: Prepared[]; first: number } | null> => {
      const batch = reading.then(async () => {
        if (stopped) return null;
        const rows = await this.repo.rowsToCreate(importId, APPROVE_BATCH, after);
        if (rows.length === 0) return null;
        after = rows[rows.length - 1]!.row;
        const prepared = await this.prepare(current.clientId, client, rows);
        // Numbers in file order, reserved here (in turn) rather than in each writer's transaction.
        const first = await this.parcels.reserveNumbers(client.id, prepared.length);
        return { size: rows.length, prepared, first };
      });
      reading = batch.catch(() => undefined);
      return batch;
    };
    let announcing: Promise<void> = Promise.resolve();
    const writer = async (): Promise<void> => {
      try {
        for (let batch = await take(); batch; batch = await take()) {
          const created = await this.insert(principal, client, batch.prepared, batch.first);
          announcing = announcing.then(() => this.events.createdMany(created, principal));
          done += batch.size;
          await this.imports.announce(importId, principal, false);
          await progress(Math.min(done, total), total);
        }
      } catch (err) {
        stopped = true;
        throw err;
      }
    };
    const ended = await Promise.allSettled(Array.from({ length: APPROVE_WRITERS }, writer));
    await announcing;
    const failed = ended.find((e): e is PromiseRejectedResult => e.status === 'rejected');
    if (failed) throw failed.reason;
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

  /**
   * One transaction: the rows still uncreated become parcels (source "file") numbered from `first`, each row marked
   * with its parcel.
   */
  private async insert(
    principal: Principal,
    client: Awaited<ReturnType<ParcelsRepository['clientFacts']>> & object,
    prepared: Prepared[],
    first: number,
  ): Promise<ParcelEventPayload[]> {
    return this.transactions.run(async () => {
      const open = await this.repo.lockUncreated(prepared.map((p) => p.row.id));
      const todo = prepared.filter((p) => open.has(p.row.id));
      const created = await this.parcels.insertMany(
        principal,
        client,
        todo.map((p) => ({ draft: p.draft, route: p.route, externalNumber: p.row.externalNumber })),
        'file',
        first,
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
