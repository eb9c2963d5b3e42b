import { Inject } from '@nestjs/common';
import {
  can,
  EXPORT_FILE_TTL_MS,
  exportFileUrl,
  LABEL_FORMATS,
  LABELS_JOB_NAME,
  MESSAGES,
  ROLES,
  type LabelsJobResult,
} from '@depot/contracts';
import { z } from 'zod';
import type { SessionPrincipal } from '../../auth/decorators';
import { ExportFilesRepository } from '../../exports/export-files.repository';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { LabelsService } from '../labels.service';
import { labelFileContent } from '../render/label-files';

const jobSchema = z.object({
  ids: z.array(z.string()).min(1),
  format: z.enum(LABEL_FORMATS),
  /** Who asked; their current role and client are read again when the job runs. */
  principal: z.object({
    kind: z.literal('session'),
    userId: z.string(),
    role: z.enum(ROLES),
    clientId: z.string().nullable(),
    sessionId: z.string(),
    expiresAt: z.string(),
  }),
});
export type LabelsJobData = z.input<typeof jobSchema>;

const PROGRESS_EVERY_MS = 2000;

/**
 * `labels.bulk` (decision 0057): renders the labels of many parcels into one file (PDF, ZIP of PDFs, or ZPL),
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
  ) {}

  async run(data: z.output<typeof jobSchema>, ctx: JobContext): Promise<LabelsJobResult> {
    // The user may have lost the right to print (or been deactivated, or moved to another client) since asking.
    const user = await this.files.user(data.principal.userId);
    if (!user?.active || !can(user.role, 'parcels.label')) throw new Error(MESSAGES.forbidden);
    const principal: SessionPrincipal = { ...data.principal, role: user.role, clientId: user.clientId };

    let reported = -1;
    let reportedAt = 0;
    const onProgress = async (written: number, total: number) => {
      // 99 at most until the file is stored: 100 means it can be downloaded.
      const percent = total > 0 ? Math.min(99, Math.floor((written / total) * 100)) : 99;
      if (percent > reported || Date.now() - reportedAt >= PROGRESS_EVERY_MS) {
        reported = percent;
        reportedAt = Date.now();
        await ctx.progress(percent);
      }
    };
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
