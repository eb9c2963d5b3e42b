import { Module } from '@nestjs/common';
import { ParcelDefaultsService } from './create/parcel-defaults.service';
import { ParcelFormController } from './create/parcel-form.controller';
import { ParcelGenerationController } from './create/parcel-generation.controller';
import { ParcelSelectionController } from './list/parcel-selection.controller';
import { ParcelSelectionService } from './list/parcel-selection.service';
import { ParcelsController } from './parcels.controller';
import { ParcelsCoreModule } from './parcels-core.module';

/**
 * Parcels (orders, SPEC 3 and 7): create with routing, read, edit, list, status by hand, cancel and delete, mass
 * actions, returns. The services behind them are in ParcelsCoreModule.
 */
@Module({
  imports: [ParcelsCoreModule],
  controllers: [
    ParcelsController,
    ParcelSelectionController,
    ParcelFormController,
    ParcelGenerationController,
  ],
  // The services the controllers call live in ParcelsCoreModule (every process); these are only the API's.
  providers: [ParcelSelectionService, ParcelDefaultsService],
})
export class ParcelsModule {}
