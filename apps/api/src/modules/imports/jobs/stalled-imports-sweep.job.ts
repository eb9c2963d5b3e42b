import { Inject } from '@nestjs/common';
import { IMPORT_STALLED_SWEEP_JOB, MESSAGES } from '@depot/contracts';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { AuditService } from '../../audit/audit.service';
import { JobHandler, type DepotJob } from '../../jobs/job-definition';
import { ImportStallsRepository } from '../import-stalls.repository';
import { ImportsRepository } from '../imports.repository';
import { ImportsService } from '../imports.service';

const schema = z.object({}).strict();

/** Imports one run fails at most (the next run takes the rest). */
export const STALLED_SWEEP_BATCH = 500;

/**
 * `imports.stalledSweep`, when a worker starts and every minute (decision 0153): an import still `validating` whose
 * check has given no sign of life (it marks the import after each batch) for IMPORT_STALLED_MINUTES stopped with its
 * process. It becomes `failed` with a reason to upload the file again, its counts say what was checked, open lists
 * are told, and the change log has a line for it.
 */
@JobHandler()
export class StalledImportsSweepJob implements DepotJob<typeof schema, { failed: number }> {
  readonly name = IMPORT_STALLED_SWEEP_JOB;
  readonly schema = schema;
  readonly lockLifetimeMs = 20_000;
  readonly every = '1 minute';
  readonly runAtStart = true;

  constructor(
    @Inject(ImportStallsRepository) private readonly stalls: ImportStallsRepository,
    @Inject(ImportsRepository) private readonly repo: ImportsRepository,
    @Inject(ImportsService) private readonly imports: ImportsService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(): Promise<{ failed: number }> {
    const before = new Date(Date.now() - this.config.importStalledMs);
    const failed = await this.stalls.failStalled(before, MESSAGES.importStalled, STALLED_SWEEP_BATCH);
    for (const { id } of failed) {
      await this.repo.recount(id);
      await this.imports.announce(id, null, false);
      await this.audit.record(null, {
        type: 'import.stalled',
        entity: 'import',
        entityId: id,
        details: { untouchedSince: before.toISOString() },
      });
    }
    return { failed: failed.length };
  }
}
