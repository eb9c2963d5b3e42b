import { Module } from '@nestjs/common';
import { StatusRefreshModule } from '../status-refresh/status-refresh.module';
import { StatusMapController } from './status-map.controller';
import { StatusMapRepository } from './status-map.repository';
import { StatusMapService } from './status-map.service';

/** Statuses and the status map: carriers' codes per carrier type and what each means (decision 0144). */
@Module({
  imports: [StatusRefreshModule],
  controllers: [StatusMapController],
  providers: [StatusMapService, StatusMapRepository],
})
export class StatusMapModule {}
