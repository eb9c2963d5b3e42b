import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  LABELS_JOB_NAME,
  MESSAGES,
  type Language,
  type LabelFormat,
  type LabelParcel,
  type Principal,
} from '@depot/contracts';
import { planLabels } from '@depot/domain';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import type { SessionPrincipal } from '../auth/decorators';
import { ExportFilesRepository } from '../exports/export-files.repository';
import { JobsService } from '../jobs/jobs.service';
import type { LabelsJobData } from './jobs/render-labels.job';
import { LABEL_READ_BATCH, LabelsRepository, type LabelScope } from './labels.repository';
import { renderLabelFile, type LabelFile } from './render/label-files';

/** A label request answered now (the file) or started as the bulk job. */
export type LabelsOutcome = { kind: 'file'; file: LabelFile } | { kind: 'job'; jobId: string };

/** "No package found" (SPEC 8): its own error code, so the panel can keep it silent. */
export const noPackageFound = () =>
  new HttpException(
    { statusCode: HttpStatus.NOT_FOUND, error: 'NoPackageFound', message: MESSAGES.noPackageFound },
    HttpStatus.NOT_FOUND,
  );

/** A client user or API key prints only its own client's parcels; staff print any. */
export const labelScopeOf = (p: Principal): LabelScope => ({
  clientId: p.role === 'user' ? p.clientId : null,
});

/**
 * Labels (decisions 0055–0059): loads the parcels the caller may see, plans the labels by the clients' flags,
 * renders PDF or ZPL, and answers small requests with the file and large ones with the bulk job.
 */
@Injectable()
export class LabelsService {
  constructor(
    private readonly repo: LabelsRepository,
    private readonly jobs: JobsService,
    private readonly files: ExportFilesRepository,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Where a file finds the carriers' own labels (decision 0149). */
  private readonly carrierLabels = (ids: readonly string[]) => this.repo.carrierLabels(ids);

  /** The reader's language for the words printed on labels. */
  async languageOf(principal: Principal): Promise<Language> {
    if (principal.kind !== 'session') return DEFAULT_LANGUAGE;
    return (await this.files.languageOf(principal.userId)) ?? DEFAULT_LANGUAGE;
  }

  /** The visible parcels among `ids`, in request order, read in batches. */
  async parcels(ids: readonly string[], scope: LabelScope): Promise<LabelParcel[]> {
    const unique = [...new Set(ids)];
    const out: LabelParcel[] = [];
    for (let i = 0; i < unique.length; i += LABEL_READ_BATCH) {
      out.push(...(await this.repo.byIds(unique.slice(i, i + LABEL_READ_BATCH), scope)));
    }
    return out;
  }

  /**
   * The label file of `ids` for whoever `principal` is (client scoping applies): what the parcels endpoints and
   * the external API call. Ids the caller may not see count as not found.
   */
  async renderForParcels(
    ids: readonly string[],
    format: LabelFormat,
    principal: Principal,
    onProgress?: (labels: number, total: number) => Promise<void>,
  ): Promise<LabelFile> {
    const [parcels, lang] = await Promise.all([
      this.parcels(ids, labelScopeOf(principal)),
      this.languageOf(principal),
    ]);
    return renderLabelFile(ids, parcels, format, lang, onProgress, this.carrierLabels);
  }

  /**
   * `POST /order/generateLabelsForSinglePackage`: the labels of one parcel, or of its return parcel. Not found
   * (or another client's) → 404 "No package found"; no return parcel → 404; no label → 409 "No package has been
   * created…".
   */
  async single(principal: Principal, id: string, isReturn: boolean, format: LabelFormat): Promise<LabelFile> {
    const scope = labelScopeOf(principal);
    let parcel: LabelParcel | undefined;
    if (isReturn) {
      if (!(await this.repo.exists(id, scope))) throw noPackageFound();
      parcel = await this.repo.returnOf(id, scope);
      if (!parcel) throw Errors.notFound(MESSAGES.noReturnParcel);
    } else {
      [parcel] = await this.repo.byIds([id], scope);
      if (!parcel) throw noPackageFound();
    }
    if (planLabels(parcel).length === 0) throw Errors.conflict(MESSAGES.noPackageCreated);
    const lang = await this.languageOf(principal);
    const file = renderLabelFile([parcel.id], [parcel], format, lang, undefined, this.carrierLabels);
    await this.record(principal, [parcel.id], file.labels, format, { isReturn, parcelId: id });
    return file;
  }

  /** `POST /order/labels`: small selections answer with the file, larger ones run the bulk job. */
  async bulk(principal: SessionPrincipal, ids: string[], format: LabelFormat): Promise<LabelsOutcome> {
    const unique = [...new Set(ids)];
    if (unique.length > this.config.labelsDirectMaxParcels) {
      const data: LabelsJobData = { ids: unique, format, principal };
      return { kind: 'job', jobId: (await this.jobs.start(LABELS_JOB_NAME, data, principal.userId)).jobId };
    }
    const file = await this.renderForParcels(unique, format, principal);
    await this.record(principal, unique, file.labels, format, { direct: true });
    return { kind: 'file', file };
  }

  /** Printing is logged like an export: who printed how many labels of which parcels (ids up to 50). */
  async record(
    principal: Principal,
    ids: readonly string[],
    labels: number,
    format: LabelFormat,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    await this.audit.record(principal, {
      type: 'labels.print',
      entity: 'parcels',
      entityId: ids.length === 1 ? ids[0] : null,
      details: { parcels: ids.length, labels, format, ids: ids.slice(0, 50), ...extra },
    });
  }
}
