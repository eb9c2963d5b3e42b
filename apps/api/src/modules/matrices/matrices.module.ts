import { Module } from '@nestjs/common';
import { MatrixEvents } from './matrix-events';
import { MatricesController } from './matrices.controller';
import { MatricesRepository } from './matrices.repository';
import { MatricesService } from './matrices.service';
import { OperatorReplacementService } from './operator-replacement.service';
import { RouteTesterService } from './route-tester.service';

/**
 * Routing matrices (administration/matrixes): list, record, create / edit / clone / delete, the one default, the
 * route tester and the global carrier change (administration/operators/replacement). The export source lives in
 * MatricesExportModule, loaded in every process (the export job runs wherever jobs run).
 */
@Module({
  controllers: [MatricesController],
  providers: [
    MatricesRepository,
    MatricesService,
    MatrixEvents,
    RouteTesterService,
    OperatorReplacementService,
  ],
  // The parcels module routes real parcels with the route tester (decision 0052).
  exports: [RouteTesterService],
})
export class MatricesModule {}
