import { Inject } from '@nestjs/common';
import { STATUS_REFRESH_JOBS, type RefreshStatusesResult } from '@depot/contracts';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { StatusRefreshService } from '../status-refresh.service';

const schema = z.object({}).strict();

/**
 * `parcels.refreshAllStatuses`, every STATUS_REFRESH_EVERY (default 30 minutes; decision 0145): every carrier with
 * configured tracking, all its tracked parcels.
 */
@JobHandler()
export class RefreshAllStatusesJob implements DepotJob<typeof schema, RefreshStatusesResult> {
  readonly name = STATUS_REFRESH_JOBS.all;
  readonly schema = schema;
  readonly lockLifetimeMs = 20_000;
  readonly every: string;

  constructor(
    @Inject(StatusRefreshService) private readonly refresh: StatusRefreshService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.every = config.carriers.refreshEvery;
  }

  async run(_data: z.output<typeof schema>, ctx: JobContext): Promise<RefreshStatusesResult> {
    let reportedAt = 0;
    return this.refresh.refreshAll(async (done) => {
      // A run has no total to measure against: progress renews the job's lock, at most every few seconds.
      if (Date.now() - reportedAt < 5000) return;
      reportedAt = Date.now();
      await ctx.progress(0, `${done}`);
    });
  }
}
