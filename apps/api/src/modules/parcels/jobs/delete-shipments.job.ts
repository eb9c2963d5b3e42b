import { Inject } from '@nestjs/common';
import { emptyCancelParcelsResult, PARCEL_JOBS, type DeleteShipmentsResult } from '@depot/contracts';
import { z } from 'zod';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { emptyResult, ParcelCancellationService } from '../cancel/parcel-cancellation.service';
import { ParcelListRepository } from '../list/parcel-list.repository';
import { JobCallersRepository } from '../../jobs/job-callers.repository';
import { currentJobPrincipal } from '../../jobs/job-principal';
import { parcelSelectionJobSchema } from './selection-job-data';

const schema = parcelSelectionJobSchema;

/** Progress is reported when the percentage grows, and at least this often (it renews the job's lock). */
const PROGRESS_EVERY_MS = 2000;

/**
 * `parcels.deleteShipments`: a large deleteShipments mass action. Every parcel of the selection (the caller's own
 * client only, for a client user or API key) is cancelled as deleteShipment would, then the "to cancel" ones are
 * finished; refusals are counted. Progress goes to the starting user.
 */
@JobHandler()
export class DeleteShipmentsJob implements DepotJob<typeof schema, DeleteShipmentsResult> {
  readonly name = PARCEL_JOBS.deleteShipments;
  readonly schema = schema;
  readonly lockLifetimeMs = 20_000;

  constructor(
    @Inject(ParcelCancellationService) private readonly cancellation: ParcelCancellationService,
    @Inject(ParcelListRepository) private readonly lists: ParcelListRepository,
    @Inject(JobCallersRepository) private readonly callers: JobCallersRepository,
  ) {}

  async run(data: z.output<typeof schema>, ctx: JobContext): Promise<DeleteShipmentsResult> {
    const { selection } = data;
    const principal = await currentJobPrincipal(this.callers, data.principal, 'parcels.cancel');
    const total = Math.max(1, await this.lists.countSelection(principal.clientId, selection));
    const result = emptyResult();
    const toFinish: string[] = [];
    let done = 0;
    let reported = -1;
    let reportedAt = 0;
    const report = async () => {
      // Every parcel is marked once, and those handed to a carrier are finished once more.
      const percent = Math.min(99, Math.floor((done / (total + toFinish.length || 1)) * 100));
      if (percent > reported || Date.now() - reportedAt >= PROGRESS_EVERY_MS) {
        reported = percent;
        reportedAt = Date.now();
        await ctx.progress(percent);
      }
    };
    await ctx.progress(0);
    for await (const ids of this.lists.selectionIds(principal.clientId, selection)) {
      for (const id of ids) {
        if ((await this.cancellation.markCounted(principal, id, result, true)) === 'toCancel')
          toFinish.push(id);
        done++;
        await report();
      }
    }
    const carrier = emptyCancelParcelsResult();
    for (const id of toFinish) {
      const outcome = await this.cancellation.finish(principal, id);
      if (outcome !== 'skipped') carrier[outcome]++;
      if (outcome === 'canceled' || outcome === 'notAsked') result.canceled++;
      done++;
      await report();
    }
    await ctx.progress(100);
    return toFinish.length > 0 ? { ...result, carrier } : result;
  }
}
