import { Inject } from '@nestjs/common';
import { emptyCancelParcelsResult, PARCEL_JOBS, type CancelParcelsResult } from '@depot/contracts';
import { z } from 'zod';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { ParcelCancellationService } from '../cancel/parcel-cancellation.service';
import { JobCallersRepository } from '../../jobs/job-callers.repository';
import { currentJobPrincipal, jobPrincipalSchema } from '../../jobs/job-principal';

const schema = z.object({ principal: jobPrincipalSchema, parcelIds: z.array(z.uuid()).min(1) });

/**
 * `parcels.cancel`: asks the carriers to cancel "to cancel" parcels and follows their answers (decision 0100),
 * with progress; the result counts cancelled, refused, unanswered and not-asked parcels.
 */
@JobHandler()
export class CancelParcelsJob implements DepotJob<typeof schema, CancelParcelsResult> {
  readonly name = PARCEL_JOBS.cancel;
  readonly schema = schema;
  readonly lockLifetimeMs = 20_000;

  constructor(
    @Inject(ParcelCancellationService) private readonly cancellation: ParcelCancellationService,
    @Inject(JobCallersRepository) private readonly callers: JobCallersRepository,
  ) {}

  async run(data: z.output<typeof schema>, ctx: JobContext): Promise<CancelParcelsResult> {
    const principal = await currentJobPrincipal(this.callers, data.principal, 'parcels.cancel');
    const result = emptyCancelParcelsResult();
    let done = 0;
    for (const id of data.parcelIds) {
      const outcome = await this.cancellation.finish(principal, id);
      if (outcome !== 'skipped') result[outcome]++;
      done++;
      // Every parcel may wait on a carrier: report each one (it also renews the job's lock).
      await ctx.progress((done / data.parcelIds.length) * 100);
    }
    await ctx.progress(100);
    return result;
  }
}
