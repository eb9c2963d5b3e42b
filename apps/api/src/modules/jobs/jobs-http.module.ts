import { Module } from '@nestjs/common';
import { JobsController } from './jobs.controller';
import { RecentJobsService } from './recent-jobs.service';

/** The jobs' endpoint (api role): the caller's recent jobs. Uses JobsModule's global providers. */
@Module({ controllers: [JobsController], providers: [RecentJobsService] })
export class JobsHttpModule {}
