import { Inject } from '@nestjs/common';
import {
  EXPORT_FILE_TTL_MS,
  EXPORT_FORMATS,
  EXPORT_JOB_NAME,
  exportFileUrl,
  LANGUAGES,
  MESSAGES,
  type ExportJobResult,
} from '@depot/contracts';
import { z } from 'zod';
import { AuditService } from '../../audit/audit.service';
import type { SessionPrincipal } from '../../auth/decorators';
import { JobCallersRepository } from '../../jobs/job-callers.repository';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { currentJobPrincipal, sessionJobPrincipalSchema } from '../../jobs/job-principal';
import { fileJobProgress } from '../../jobs/job-progress';
import { ExportFilesRepository } from '../export-files.repository';
import { ExportRegistry } from '../export-source';
import {
  EXPORT_MIME,
  exportAuditDetails,
  exportFile,
  exportFileName,
  exportWorkbookFile,
} from '../export-workbook';

const jobSchema = z.object({
  entity: z.string().min(1),
  selection: z.object({
    selectedAll: z.boolean(),
    ids: z.array(z.string()),
    exceptId: z.array(z.string()),
    filters: z.record(z.string(), z.unknown()),
    orderBy: z.unknown(),
  }),
  lang: z.enum(LANGUAGES),
  /** xlsx (the default, and every job queued before CSV existed) or csv (decision 0081). */
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  /** Rows counted when the export was asked for: the base of the progress percentage. */
  total: z.number().int().min(0),
  /** Who asked; their current role and client are read again when the job runs. */
  principal: sessionJobPrincipalSchema,
});
export type ExportJobData = z.input<typeof jobSchema>;

/**
 * Writes a large export (decisions 0045, 0081): streams the source's rows into an xlsx workbook or a CSV file,
 * reporting progress,
 * stores the file in export_files for its owner (24 h), and finishes with the download URL.
 */
@JobHandler()
export class ExportXlsxJob implements DepotJob<typeof jobSchema, ExportJobResult> {
  readonly name = EXPORT_JOB_NAME;
  readonly schema = jobSchema;
  /** Progress renews the lock at least every 2 s; 20 s leaves room for storing a big file. */
  readonly lockLifetimeMs = 20_000;

  constructor(
    @Inject(ExportRegistry) private readonly registry: ExportRegistry,
    @Inject(ExportFilesRepository) private readonly files: ExportFilesRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(JobCallersRepository) private readonly callers: JobCallersRepository,
  ) {}

  async run(data: z.output<typeof jobSchema>, ctx: JobContext): Promise<ExportJobResult> {
    const source = this.registry.get(data.entity);
    if (!source) throw new Error(MESSAGES.exportUnknownAction);
    // The user may have lost the right to export (or been deactivated) since asking.
    const principal: SessionPrincipal = await currentJobPrincipal(
      this.callers,
      data.principal,
      source.permission,
    );
    const progress = fileJobProgress(ctx);
    const onBatch = (written: number) => progress(written, data.total);
    await ctx.progress(0);
    const fileName = exportFileName(source, data.lang, new Date(), data.format);
    const file = {
      ownerUserId: principal.userId,
      jobId: ctx.jobId,
      entity: source.entity,
      fileName,
      mimeType: EXPORT_MIME[data.format],
      expiresAt: new Date(Date.now() + EXPORT_FILE_TTL_MS),
    };
    let rows: number;
    let stored: { id: string; expiresAt: Date };
    if (data.format === 'xlsx') {
      // Written to a temporary file and stored from it in slices: never held whole in memory (decision 0095).
      const written = await exportWorkbookFile(source, data.selection, principal, data.lang, onBatch);
      try {
        await this.files.deleteExpired();
        stored = await this.files.insertFromFile({ ...file, size: written.size }, written.path);
        rows = written.rows;
      } finally {
        await written.remove();
      }
    } else {
      const made = await exportFile(data.format, source, data.selection, principal, data.lang, onBatch);
      await this.files.deleteExpired();
      stored = await this.files.insert({ ...file, size: made.content.length, content: made.content });
      rows = made.rows;
    }
    await this.audit.record(principal, {
      type: `export.${data.format}`,
      entity: source.entity,
      entityId: stored.id,
      details: exportAuditDetails(data.selection, rows, { jobId: ctx.jobId, fileName }),
    });
    await ctx.progress(100);
    return {
      entity: source.entity,
      fileId: stored.id,
      fileName,
      url: exportFileUrl(stored.id),
      rows,
      expiresAt: stored.expiresAt.toISOString(),
    };
  }
}
