import { Module } from '@nestjs/common';
import { WeightReport } from './weight-report';
import { WeightsController } from './weights.controller';
import { WeightsRepository } from './weights.repository';
import { WeightsService } from './weights.service';

/** Real weights from carriers' files (issue 16 item 4, decision 0151): the calls (api role). */
@Module({
  providers: [WeightsRepository, WeightsService, WeightReport],
  controllers: [WeightsController],
})
export class WeightsModule {}
