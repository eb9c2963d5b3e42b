import { Module } from '@nestjs/common';
import { AssignedParcels, NoParcelsYet } from './assigned-parcels';
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
    // TODO(#5): the parcels module answers this once parcels exist (decision 0031).
    { provide: AssignedParcels, useClass: NoParcelsYet },
  ],
})
export class OperatorsModule {}
