import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobCallersRepository } from './job-callers.repository';
import { JobRunsRepository } from './job-runs.repository';
import { JobsService } from './jobs.service';

/**
 * Agenda jobs. Feature modules provide `@JobHandler()` classes; this module finds and runs them, and gives them the
 * re-check of their caller (`currentJobPrincipal`).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobsService, JobCallersRepository, JobRunsRepository],
  exports: [JobsService, JobCallersRepository, JobRunsRepository],
})
export class JobsModule {}
