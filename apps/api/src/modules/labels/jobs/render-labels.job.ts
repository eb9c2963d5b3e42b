import { Inject } from '@nestjs/common';
import {
  EXPORT_FILE_TTL_MS,
  exportFileUrl,
  LABEL_FORMATS,
  LABELS_JOB_NAME,
  type LabelsJobResult,
} from '@depot/contracts';
import { z } from 'zod';
import type { SessionPrincipal } from '../../auth/decorators';
import { ExportFilesRepository } from '../../exports/export-files.repository';
import { JobCallersRepository } from '../../jobs/job-callers.repository';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { currentJobPrincipal, sessionJobPrincipalSchema } from '../../jobs/job-principal';
import { fileJobProgress } from '../../jobs/job-progress';
import { LabelsService } from '../labels.service';
import { labelFileContent } from '../render/label-files';

const jobSchema = z.object({
  ids: z.array(z.string()).min(1),
  format: z.enum(LABEL_FORMATS),
  /** Who asked; their current role and client are read again when the job runs. */
  principal: sessionJobPrincipalSchema,
});
export type LabelsJobData = z.input<typeof jobSchema>;

/**
 * `labels.bulk` (decision 0057): renders the labels of many parcels into one file (PDF or ZPL, decision 0121),
 * reporting progress, stores it in export_files for its owner (24 h, `GET /api/export/file/{id}`), and finishes
 * with the download URL and the SPEC 8 notices.
 */
@JobHandler()
export class RenderLabelsJob implements DepotJob<typeof jobSchema, LabelsJobResult> {
  readonly name = LABELS_JOB_NAME;
  readonly schema = jobSchema;
  readonly lockLifetimeMs = 30_000;

  constructor(
    @Inject(LabelsService) private readonly labels: LabelsService,
    @Inject(ExportFilesRepository) private readonly files: ExportFilesRepository,
    @Inject(JobCallersRepository) private readonly callers: JobCallersRepository,
  ) {}

  async run(data: z.output<typeof jobSchema>, ctx: JobContext): Promise<LabelsJobResult> {
    // The user may have lost the right to print (or been deactivated, or moved to another client) since asking.
    const principal: SessionPrincipal = await currentJobPrincipal(
      this.callers,
      data.principal,
      'parcels.label',
    );
    const onProgress = fileJobProgress(ctx);
    await ctx.progress(0);
    const file = await this.labels.renderForParcels(data.ids, data.format, principal, onProgress);
    const content = await labelFileContent(file);
    await this.files.deleteExpired();
    const stored = await this.files.insert({
      ownerUserId: principal.userId,
      jobId: ctx.jobId,
      entity: 'labels',
      fileName: file.fileName,
      mimeType: file.mimeType,
      size: content.length,
      content,
      expiresAt: new Date(Date.now() + EXPORT_FILE_TTL_MS),
    });
    await this.labels.record(principal, data.ids, file.labels, data.format, { jobId: ctx.jobId });
    await ctx.progress(100);
    return {
      fileId: stored.id,
      fileName: file.fileName,
      url: exportFileUrl(stored.id),
      labels: file.labels,
      notices: file.notices,
      expiresAt: stored.expiresAt.toISOString(),
    };
  }
}
