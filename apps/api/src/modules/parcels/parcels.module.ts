import { Module } from '@nestjs/common';
import { MatricesModule } from '../matrices/matrices.module';
import { ParcelDefaultsService } from './parcel-defaults.service';
import { GenerateParcelsJob } from './jobs/generate-parcels.job';
import { ParcelFormController } from './parcel-form.controller';
import { ParcelGenerationController } from './parcel-generation.controller';
import { ParcelGenerationService } from './parcel-generation.service';
import { ParcelReturnsService } from './parcel-returns.service';
import { ParcelRouter } from './parcel-router';
import { ParcelSelectionController } from './parcel-selection.controller';
import { ParcelSelectionService } from './parcel-selection.service';
import { ParcelStatusService } from './parcel-status.service';
import { ParcelsController } from './parcels.controller';
import { ParcelsCoreModule } from './parcels-core.module';
import { ParcelsService } from './parcels.service';

/**
 * Parcels (orders, SPEC 3 and 7): create with routing, read, edit, list, status by hand, cancel and delete, mass
 * actions, returns. Routing uses the matrices module's route tester.
 */
@Module({
  imports: [ParcelsCoreModule, MatricesModule],
  controllers: [
    ParcelsController,
    ParcelSelectionController,
    ParcelFormController,
    ParcelGenerationController,
  ],
  providers: [
    ParcelsService,
    ParcelRouter,
    ParcelStatusService,
    ParcelReturnsService,
    ParcelSelectionService,
    ParcelDefaultsService,
    ParcelGenerationService,
    // Generation creates parcels with routing, so its job runs where the API modules are (decision 0096).
    GenerateParcelsJob,
  ],
})
export class ParcelsModule {}
