import { Inject } from '@nestjs/common';
import { PARCEL_JOBS } from '@depot/contracts';
import { z } from 'zod';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { ParcelCancellationService } from '../parcel-cancellation.service';
import { JobCallersRepository } from './job-callers.repository';
import { currentJobPrincipal, jobPrincipalSchema } from './job-principal';

const schema = z.object({ principal: jobPrincipalSchema, parcelIds: z.array(z.uuid()).min(1) });

/** `parcels.cancel`: finishes "to cancel" parcels (the carrier's cancellation) → canceled, with progress. */
@JobHandler()
export class CancelParcelsJob implements DepotJob<typeof schema, { canceled: number }> {
  readonly name = PARCEL_JOBS.cancel;
  readonly schema = schema;
  readonly lockLifetimeMs = 20_000;

  constructor(
    @Inject(ParcelCancellationService) private readonly cancellation: ParcelCancellationService,
    @Inject(JobCallersRepository) private readonly callers: JobCallersRepository,
  ) {}

  async run(data: z.output<typeof schema>, ctx: JobContext): Promise<{ canceled: number }> {
    const principal = await currentJobPrincipal(this.callers, data.principal, 'parcels.cancel');
    let canceled = 0;
    let done = 0;
    for (const id of data.parcelIds) {
      if (await this.cancellation.finish(principal, id)) canceled++;
      done++;
      if (done % 50 === 0) await ctx.progress((done / data.parcelIds.length) * 100);
    }
    await ctx.progress(100);
    return { canceled };
  }
}
