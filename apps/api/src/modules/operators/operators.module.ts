import { Module } from '@nestjs/common';
import { ActiveParcelsOfOperator } from '../parcels/operator-parcels';
import { AssignedParcels } from './assigned-parcels';
import { OperatorServicesController } from './operator-services.controller';
import { OperatorServicesRepository } from './operator-services.repository';
import { OperatorServicesService } from './operator-services.service';
import { OperatorsController } from './operators.controller';
import { OperatorsRepository } from './operators.repository';
import { OperatorsService } from './operators.service';

/**
 * Operators (carriers): the administration list and form, configuration models, encrypted secrets, additional
 * services. The export source is in OperatorsExportModule (every process).
 */
@Module({
  controllers: [OperatorsController, OperatorServicesController],
  providers: [
    OperatorsService,
    OperatorsRepository,
    OperatorServicesService,
    OperatorServicesRepository,
    // The parcels module answers (ParcelsCoreModule is global; decision 0031).
    { provide: AssignedParcels, useExisting: ActiveParcelsOfOperator },
  ],
})
export class OperatorsModule {}
