import { Module } from '@nestjs/common';
import { MatrixEvents } from './matrix-events';
import { MatricesController } from './matrices.controller';
import { MatricesRoutingModule } from './matrices-routing.module';
import { MatricesService } from './matrices.service';
import { OperatorReplacementService } from './operator-replacement.service';

/**
 * Routing matrices (administration/matrixes): list, record, create / edit / clone / delete, the one default, the
 * route tester and the global carrier change (administration/operators/replacement). The export source lives in
 * MatricesExportModule, loaded in every process (the export job runs wherever jobs run).
 */
@Module({
  // The route tester and the repository live in MatricesRoutingModule: parcels route with it too (decision 0052).
  imports: [MatricesRoutingModule],
  controllers: [MatricesController],
  providers: [MatricesService, MatrixEvents, OperatorReplacementService],
})
export class MatricesModule {}
