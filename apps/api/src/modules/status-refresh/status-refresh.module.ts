import { Module } from '@nestjs/common';
import { CarriersModule } from '../../integrations/carriers/carriers.module';
import { RefreshAllStatusesJob } from './jobs/refresh-all-statuses.job';
import { RefreshStatusesJob } from './jobs/refresh-statuses.job';
import { StatusRefreshEvents } from './status-refresh-events';
import { StatusRefreshRepository } from './status-refresh.repository';
import { StatusRefreshService } from './status-refresh.service';

/** The status refresh and its jobs (decision 0145): every process, as jobs run anywhere. */
@Module({
  imports: [CarriersModule],
  providers: [
    StatusRefreshService,
    StatusRefreshRepository,
    StatusRefreshEvents,
    RefreshStatusesJob,
    RefreshAllStatusesJob,
  ],
  exports: [StatusRefreshService, StatusRefreshRepository, StatusRefreshEvents],
})
export class StatusRefreshModule {}
