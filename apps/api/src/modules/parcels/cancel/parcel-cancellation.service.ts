import { HttpException, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  PARCEL_JOBS,
  PARCEL_MASS_DIRECT_MAX,
  type DeleteShipmentReply,
  type DeleteShipmentsResult,
  type ParcelMassActionBody,
  type ParcelMassActionReply,
  type ParcelStatus,
  type Principal,
  type StatusChangeSource,
} from '@depot/contracts';
import { cancellationOf } from '@depot/domain';
import { Transactions } from '../../../db/transactions';
import { Errors } from '../../../common/errors';
import { AuditService } from '../../audit/audit.service';
import { JobsService } from '../../jobs/jobs.service';
import { ParcelCarrierCancelService, type FinishOutcome } from './parcel-carrier-cancel.service';
import { ParcelEvents } from '../parcel-events';
import { ParcelListRepository, type ParcelSelection } from '../list/parcel-list.repository';
import { ParcelsRepository } from '../parcels.repository';

const notFound = () => Errors.notFound(MESSAGES.parcelNotFound);

/** Who changed it, for the history: the API, a person in the panel, or a job acting for nobody. */
const sourceOf = (p: Principal | null, viaJob: boolean): StatusChangeSource =>
  viaJob ? 'job' : p?.kind === 'apiKey' ? 'api' : 'panel';

export const emptyResult = (): DeleteShipmentsResult => ({
  deleted: 0,
  toCancel: 0,
  canceled: 0,
  refused: 0,
});

/**
 * Cancelling parcels (decisions 0051, 0115): a parcel never handed to a carrier (status new) is cancelled at once
 * and kept; one already handed over goes to "to cancel", and the `parcels.cancel` job asks its carrier
 * and follows the answer (decision 0100); delivered or cancelled parcels are refused. Used by the API and by the jobs.
 */
@Injectable()
export class ParcelCancellationService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: ParcelsRepository,
    private readonly lists: ParcelListRepository,
    private readonly audit: AuditService,
    private readonly events: ParcelEvents,
    private readonly jobs: JobsService,
    private readonly carrier: ParcelCarrierCancelService,
  ) {}

  /** POST /order/deleteShipment. */
  async deleteShipment(principal: Principal, id: string): Promise<DeleteShipmentReply> {
    const outcome = await this.mark(principal, id, false);
    const jobId = outcome === 'toCancel' ? await this.startFinishing(principal, [id]) : null;
    return {
      id,
      status: outcome === 'deleted' ? 'canceled' : 'toCancel',
      deleted: false,
      jobId,
    };
  }

  /** POST /order/massAction. */
  async massAction(principal: Principal, body: ParcelMassActionBody): Promise<ParcelMassActionReply> {
    if (body.actionName === 'createComplex') throw Errors.badRequest(MESSAGES.parcelComplexNotAvailable);
    const selection: ParcelSelection = {
      selectedAll: body.selectedAll,
      ids: body.ids,
      exceptId: body.exceptId,
      filters: body.filters,
      orderBy: body.orderBy,
    };
    const selected = await this.lists.countSelection(principal.clientId, selection);
    if (selected > PARCEL_MASS_DIRECT_MAX) {
      const { jobId } = await this.jobs.start(
        PARCEL_JOBS.deleteShipments,
        { principal, selection },
        principal.userId,
      );
      return { jobId, selected, result: null };
    }
    const result = emptyResult();
    const toFinish: string[] = [];
    for await (const ids of this.lists.selectionIds(principal.clientId, selection)) {
      for (const id of ids) {
        const outcome = await this.markCounted(principal, id, result, false);
        if (outcome === 'toCancel') toFinish.push(id);
      }
    }
    const jobId = toFinish.length > 0 ? await this.startFinishing(principal, toFinish) : null;
    return { jobId, selected, result };
  }

  /** One parcel of a mass action: its outcome counted, a refusal counted instead of thrown. */
  async markCounted(
    principal: Principal | null,
    id: string,
    result: DeleteShipmentsResult,
    viaJob: boolean,
  ): Promise<'deleted' | 'toCancel' | 'refused'> {
    try {
      const outcome = await this.mark(principal, id, viaJob);
      result[outcome]++;
      return outcome;
    } catch (err) {
      if (!(err instanceof HttpException) || err.getStatus() >= 500) throw err;
      result.refused++;
      return 'refused';
    }
  }

  /**
   * The first step of a cancellation, in its own transaction; refusals are thrown (404, 409). A parcel in status
   * new is cancelled at once and kept (decision 0115: findable in the list, links to it keep working); the outcome
   * is still counted as `deleted`, the reply's name for "cancelled at once".
   */
  async mark(principal: Principal | null, id: string, viaJob: boolean): Promise<'deleted' | 'toCancel'> {
    const done = await this.transactions.run(async () => {
      const locked = await this.repo.lock(id, principal?.clientId ?? null);
      if (!locked) throw notFound();
      const c = cancellationOf(locked.status);
      if (c.kind === 'refused') throw Errors.conflict(c.message);
      const status: ParcelStatus = c.kind === 'cancelNow' ? 'canceled' : 'toCancel';
      await this.repo.update(id, { status });
      await this.repo.addHistory({
        parcelId: id,
        status,
        previousStatus: locked.status,
        source: sourceOf(principal, viaJob),
        changedById: principal?.userId ?? null,
        apiKeyId: principal?.kind === 'apiKey' ? principal.apiKeyId : null,
      });
      const item = (await this.repo.listItem(id))!;
      await this.audit.record(principal, {
        type: 'parcel.cancel',
        entity: 'parcel',
        entityId: id,
        before: { status: locked.status },
        after: { status },
        details: { internalNumber: item.internalNumber },
      });
      return { item, previous: locked.status, now: c.kind === 'cancelNow' };
    });
    await this.events.statusChanged(done.item, done.previous, sourceOf(principal, viaJob), principal);
    return done.now ? 'deleted' : 'toCancel';
  }

  /**
   * The second step, run by the jobs: the parcel's carrier is asked to cancel the shipment (decision 0100) and the
   * parcel follows its answer. A parcel no longer "to cancel" (changed meanwhile) is left alone (`skipped`).
   */
  finish(principal: Principal | null, id: string): Promise<FinishOutcome> {
    return this.carrier.finish(principal, id);
  }

  private async startFinishing(principal: Principal, parcelIds: string[]): Promise<string> {
    const { jobId } = await this.jobs.start(PARCEL_JOBS.cancel, { principal, parcelIds }, principal.userId);
    return jobId;
  }
}
