import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobsService } from './jobs.service';

/** Agenda jobs. Feature modules provide `@JobHandler()` classes; this module finds and runs them. */
@Global()
@Module({ imports: [DiscoveryModule], providers: [JobsService], exports: [JobsService] })
export class JobsModule {}
