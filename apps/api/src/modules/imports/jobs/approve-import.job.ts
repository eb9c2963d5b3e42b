import { Inject } from '@nestjs/common';
import { IMPORT_APPROVE_JOB, MESSAGES } from '@depot/contracts';
import { z } from 'zod';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { JobCallersRepository } from '../../jobs/job-callers.repository';
import { currentJobPrincipal, jobPrincipalSchema } from '../../jobs/job-principal';
import { ImportApprover } from '../import-approver';
import { ImportsRepository } from '../imports.repository';
import { ImportsService } from '../imports.service';

const schema = z.object({ principal: jobPrincipalSchema, importId: z.uuid() });

/** Progress is reported when the percentage grows, and at least this often (it renews the job's lock). */
const PROGRESS_EVERY_MS = 2000;

/**
 * `imports.approve` (decision 0150): creates an approved import's parcels with live progress to the user who
 * approved it. The caller is checked again first (still active, still allowed to approve imports). A job that fails
 * leaves the import `failed` with the reason; the rows it created stay created and the rest stay valid.
 */
@JobHandler()
export class ApproveImportJob implements DepotJob<typeof schema, { created: number }> {
  readonly name = IMPORT_APPROVE_JOB;
  readonly schema = schema;
  readonly lockLifetimeMs = 30_000;

  constructor(
    @Inject(ImportApprover) private readonly approver: ImportApprover,
    @Inject(ImportsRepository) private readonly repo: ImportsRepository,
    @Inject(ImportsService) private readonly imports: ImportsService,
    @Inject(JobCallersRepository) private readonly callers: JobCallersRepository,
  ) {}

  async run(data: z.output<typeof schema>, ctx: JobContext): Promise<{ created: number }> {
    try {
      const principal = await currentJobPrincipal(this.callers, data.principal, 'import.approve');
      let reported = -1;
      let reportedAt = 0;
      await ctx.progress(0);
      await this.approver.run(principal, data.importId, async (done, total) => {
        const percent = Math.min(99, Math.floor((done / Math.max(1, total)) * 100));
        if (percent > reported || Date.now() - reportedAt >= PROGRESS_EVERY_MS) {
          reported = percent;
          reportedAt = Date.now();
          await ctx.progress(percent);
        }
      });
      await ctx.progress(100);
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : MESSAGES.somethingWentWrong;
      await this.repo.moveState(data.importId, 'approving', 'failed', {
        errorMessage: message,
        finishedAt: new Date(),
      });
      await this.repo.recount(data.importId);
      await this.imports.announce(data.importId, null, false);
      throw err;
    }
    const view = await this.repo.get(data.importId, null);
    return { created: view?.createdRows ?? 0 };
  }
}
