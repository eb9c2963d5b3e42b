import { Inject } from '@nestjs/common';
import { emptyCancelParcelsResult, PARCEL_JOBS, type CancelParcelsResult } from '@depot/contracts';
import { z } from 'zod';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { ParcelCarrierRepository } from '../cancel/parcel-carrier.repository';
import { ParcelCancellationService } from '../cancel/parcel-cancellation.service';

const schema = z.object({}).strict();

/** A parcel is asked about again when nothing happened to it for this long. */
export const CANCEL_SWEEP_STALE_MS = 10 * 60_000;
/** At most this many parcels per run; the rest wait for the next one. */
export const CANCEL_SWEEP_BATCH = 500;

/**
 * `parcels.cancelSweep`, every 15 minutes (decision 0100): parcels left "to cancel" (their carrier gave no answer,
 * or the process stopped mid-job) whose latest history entry is older than 10 minutes are asked about again.
 */
@JobHandler()
export class CancelSweepJob implements DepotJob<typeof schema, CancelParcelsResult> {
  readonly name = PARCEL_JOBS.cancelSweep;
  readonly schema = schema;
  readonly lockLifetimeMs = 20_000;
  readonly every = '15 minutes';

  constructor(
    @Inject(ParcelCancellationService) private readonly cancellation: ParcelCancellationService,
    @Inject(ParcelCarrierRepository) private readonly shipments: ParcelCarrierRepository,
  ) {}

  async run(_data: z.output<typeof schema>, ctx: JobContext): Promise<CancelParcelsResult> {
    const ids = await this.shipments.staleToCancel(
      new Date(Date.now() - CANCEL_SWEEP_STALE_MS),
      CANCEL_SWEEP_BATCH,
    );
    const result = emptyCancelParcelsResult();
    let done = 0;
    for (const id of ids) {
      const outcome = await this.cancellation.finish(null, id);
      if (outcome !== 'skipped') result[outcome]++;
      await ctx.progress((++done / ids.length) * 100);
    }
    return result;
  }
}
