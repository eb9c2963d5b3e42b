import { Module } from '@nestjs/common';
import { StatusMapController } from './status-map.controller';
import { StatusMapParcels } from './status-map-parcels';
import { StatusMapRepository } from './status-map.repository';
import { StatusMapService } from './status-map.service';

/** Statuses and the status map: carriers' codes per carrier type and what each means (decision 0144). */
@Module({
  controllers: [StatusMapController],
  providers: [StatusMapService, StatusMapRepository, StatusMapParcels],
})
export class StatusMapModule {}
