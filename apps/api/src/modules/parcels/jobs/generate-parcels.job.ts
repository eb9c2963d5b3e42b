import { Inject } from '@nestjs/common';
import { PARCEL_GENERATE_JOB, PARCEL_GENERATE_MAX, type ParcelGenerateResult } from '@depot/contracts';
import { z } from 'zod';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { ParcelGenerationService } from '../create/parcel-generation.service';
import { JobCallersRepository } from '../../jobs/job-callers.repository';
import { currentJobPrincipal, jobPrincipalSchema } from '../../jobs/job-principal';

const schema = z.object({
  principal: jobPrincipalSchema,
  templateId: z.uuid(),
  count: z.number().int().min(1).max(PARCEL_GENERATE_MAX),
});

/** Progress is reported when the percentage grows, and at least this often (it renews the job's lock). */
const PROGRESS_EVERY_MS = 2000;

/**
 * `parcels.generate` (decision 0096): copies of a parcel, each created as a new parcel, with live progress to the
 * starting user. The caller is re-checked first (decision 0087: still active, still allowed to create parcels);
 * a template gone or a client no longer allowed to order fails the job with that message.
 */
@JobHandler()
export class GenerateParcelsJob implements DepotJob<typeof schema, ParcelGenerateResult> {
  readonly name = PARCEL_GENERATE_JOB;
  readonly schema = schema;
  readonly lockLifetimeMs = 20_000;

  constructor(
    @Inject(ParcelGenerationService) private readonly generation: ParcelGenerationService,
    @Inject(JobCallersRepository) private readonly callers: JobCallersRepository,
  ) {}

  async run(data: z.output<typeof schema>, ctx: JobContext): Promise<ParcelGenerateResult> {
    const principal = await currentJobPrincipal(this.callers, data.principal, 'parcels.create');
    let reported = -1;
    let reportedAt = 0;
    await ctx.progress(0);
    const result = await this.generation.generate(principal, data.templateId, data.count, async (done) => {
      const percent = Math.min(99, Math.floor((done / data.count) * 100));
      if (percent > reported || Date.now() - reportedAt >= PROGRESS_EVERY_MS) {
        reported = percent;
        reportedAt = Date.now();
        await ctx.progress(percent);
      }
    });
    await ctx.progress(100);
    return result;
  }
}
