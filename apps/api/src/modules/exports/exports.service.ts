import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  can,
  DEFAULT_LANGUAGE,
  EXPORT_ACTIONS,
  EXPORT_ENTITY_PATHS,
  EXPORT_JOB_NAME,
  isExportActionName,
  isExportEntityPath,
  MESSAGES,
  PARCEL_EXPORT_ENTITY,
  type ClientExportRequest,
  type ExportFormat,
  type ExportSelectionBody,
  type Principal,
} from '@depot/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import type { SessionPrincipal } from '../auth/decorators';
import { JobsService } from '../jobs/jobs.service';
import { ExportFilesRepository, type StoredExportFile } from './export-files.repository';
import { ExportRegistry, type ExportSelection, type ExportSource } from './export-source';
import {
  EXPORT_MIME,
  exportAuditDetails,
  exportCsvStream,
  exportFile,
  exportFileName,
} from './export-workbook';
import type { ExportJobData } from './jobs/export-xlsx.job';

/**
 * An export answered at once (the file, or a CSV stream read as it downloads) or started as a job (its id;
 * progress and the file come by socket).
 */
export type ExportOutcome =
  | { kind: 'file'; fileName: string; mimeType: string; content: Buffer; rows: number }
  | { kind: 'stream'; fileName: string; mimeType: string; stream: Readable; rows: number }
  | { kind: 'job'; jobId: string };

/**
 * Exports to xlsx: picks the source for the called path and action, checks the caller may export it, counts the
 * selection (the source checks the list's filters), and either writes the file now (small) or starts the export
 * job (large). Downloads of job files go to their owner only.
 */
@Injectable()
export class ExportsService {
  constructor(
    private readonly registry: ExportRegistry,
    private readonly jobs: JobsService,
    private readonly files: ExportFilesRepository,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /client/exportToXlsx: every client the caller may see, or one client. */
  async clients(principal: SessionPrincipal, body: ClientExportRequest): Promise<ExportOutcome> {
    const selection: ExportSelection =
      body.id === 'all'
        ? { selectedAll: true, ids: [], exceptId: [], filters: {}, orderBy: undefined }
        : { selectedAll: false, ids: [body.id], exceptId: [], filters: {}, orderBy: undefined };
    return this.run(
      principal,
      this.source('clients'),
      selection,
      body.id === 'all' ? undefined : MESSAGES.clientNotFound,
    );
  }

  /** POST /{client|matrix|operator}/mass/action and POST /{entity}/export/{actionName}. */
  async action(
    principal: SessionPrincipal,
    entityPath: string,
    actionName: string,
    selection: ExportSelectionBody,
  ): Promise<ExportOutcome> {
    if (!isExportEntityPath(entityPath)) throw Errors.notFound();
    if (!isExportActionName(actionName)) throw Errors.badRequest(MESSAGES.exportUnknownAction);
    const entity = EXPORT_ENTITY_PATHS[entityPath];
    if (EXPORT_ACTIONS[actionName] !== entity) throw Errors.badRequest(MESSAGES.exportWrongList);
    return this.run(principal, this.source(entity), selection);
  }

  /**
   * POST /order/selectedOrders (xlsx) and POST /order/exportCSV: one parcel by id, picked parcels, or the parcels
   * list's select-all (decision 0080). Picked parcels none of which the caller may see are not found; a select-all
   * matching nothing is a file with the header only.
   */
  async parcels(
    principal: SessionPrincipal,
    selection: ExportSelectionBody,
    format: ExportFormat,
  ): Promise<ExportOutcome> {
    return this.run(
      principal,
      this.source(PARCEL_EXPORT_ENTITY),
      selection,
      selection.selectedAll ? undefined : MESSAGES.parcelNotFound,
      format,
    );
  }

  /**
   * GET /export/file/{id}: the owner's unexpired file, its content read as it downloads (decision 0095); anyone
   * else's, or an expired one, is not found.
   */
  async download(principal: SessionPrincipal, id: string): Promise<StoredExportFile & { content: Readable }> {
    await this.files.deleteExpired();
    const file = await this.files.findOwned(id, principal.userId);
    if (!file) throw Errors.notFound(MESSAGES.exportFileNotFound);
    return { ...file, content: Readable.from(this.files.content(file.id, file.size)) };
  }

  /** The guard asks this before the body is read (`CheckFirst`): an unknown list is 404, another role's 403. */
  assertMayExport(principal: Principal, entityPath: string | undefined): void {
    if (!entityPath || !isExportEntityPath(entityPath)) throw Errors.notFound();
    const source = this.registry.get(EXPORT_ENTITY_PATHS[entityPath]);
    if (source && !can(principal.role, source.permission)) throw Errors.forbidden();
  }

  private source(entity: string): ExportSource {
    const source = this.registry.get(entity);
    // A known action whose list has no export (yet) is as good as unknown to the caller.
    if (!source) throw Errors.badRequest(MESSAGES.exportUnknownAction);
    return source;
  }

  private async run(
    principal: SessionPrincipal,
    source: ExportSource,
    selection: ExportSelection,
    notFoundWhenEmpty?: string,
    format: ExportFormat = 'xlsx',
  ): Promise<ExportOutcome> {
    if (!can(principal.role, source.permission)) throw Errors.forbidden();
    const total = await source.count(selection, principal);
    if (total === 0 && notFoundWhenEmpty) throw Errors.notFound(notFoundWhenEmpty);
    const lang = (await this.files.languageOf(principal.userId)) ?? DEFAULT_LANGUAGE;

    if (total <= this.config.exportDirectMaxRows) {
      const fileName = exportFileName(source, lang, new Date(), format);
      const mimeType = EXPORT_MIME[format];
      if (format === 'csv') {
        // Streamed as it is read; the change log has the count the selection had when asked.
        await this.audit.record(principal, {
          type: 'export.csv',
          entity: source.entity,
          entityId: null,
          details: exportAuditDetails(selection, total, { direct: true }),
        });
        const stream = exportCsvStream(source, selection, principal, lang);
        return { kind: 'stream', fileName, mimeType, stream, rows: total };
      }
      const { content, rows } = await exportFile(format, source, selection, principal, lang);
      await this.audit.record(principal, {
        type: `export.${format}`,
        entity: source.entity,
        entityId: null,
        details: exportAuditDetails(selection, rows, { direct: true }),
      });
      return { kind: 'file', fileName, mimeType, content, rows };
    }

    const data: ExportJobData = { entity: source.entity, selection, lang, total, principal, format };
    const { jobId } = await this.jobs.start(EXPORT_JOB_NAME, data, principal.userId);
    return { kind: 'job', jobId };
  }
}
