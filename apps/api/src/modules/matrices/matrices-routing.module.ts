import { Module } from '@nestjs/common';
import { MatricesRepository } from './matrices.repository';
import { RouteTesterService } from './route-tester.service';

/**
 * Routing with the matrices, without their screens: the route tester and the repository it reads. Every process
 * that creates parcels needs it (the API, and the jobs that generate copies or make automatic returns, decision
 * 0096), so it carries no controller.
 */
@Module({
  providers: [MatricesRepository, RouteTesterService],
  exports: [MatricesRepository, RouteTesterService],
})
export class MatricesRoutingModule {}
