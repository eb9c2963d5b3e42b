import { Global, Module } from '@nestjs/common';
import { CarriersModule } from '../../integrations/carriers/carriers.module';
import { MatricesRoutingModule } from '../matrices/matrices-routing.module';
import { GenerateParcelsJob } from './jobs/generate-parcels.job';
import { CancelParcelsJob } from './jobs/cancel-parcels.job';
import { CancelSweepJob } from './jobs/cancel-sweep.job';
import { DeleteShipmentsJob } from './jobs/delete-shipments.job';
import { ActiveParcelsOfOperator, NewParcelsCarrierChange } from './operator-parcels';
import { ParcelCancellationService } from './cancel/parcel-cancellation.service';
import { ParcelCarrierCancelService } from './cancel/parcel-carrier-cancel.service';
import { ParcelCarrierRepository } from './cancel/parcel-carrier.repository';
import { ParcelEvents } from './parcel-events';
import { ParcelGenerationService } from './create/parcel-generation.service';
import { ParcelListRepository } from './list/parcel-list.repository';
import { ParcelReturnsService } from './status/parcel-returns.service';
import { ParcelRouter } from './create/parcel-router';
import { ParcelStatusService } from './status/parcel-status.service';
import { ParcelsRepository } from './parcels.repository';
import { ParcelsService } from './parcels.service';

/**
 * The part of parcels every process needs: the repositories, events, creating parcels (routing included),
 * status changes, returns, cancellation with its carrier adapters, and the jobs (they run wherever jobs run), and
 * what the operators and matrices modules ask about parcels (active parcels of a carrier, moving new parcels to
 * another carrier). Global, so those modules inject it without importing parcels.
 */
@Global()
@Module({
  imports: [CarriersModule, MatricesRoutingModule],
  providers: [
    ParcelsRepository,
    ParcelListRepository,
    ParcelEvents,
    ParcelCancellationService,
    ParcelCarrierCancelService,
    ParcelCarrierRepository,
    CancelParcelsJob,
    CancelSweepJob,
    DeleteShipmentsJob,
    ActiveParcelsOfOperator,
    NewParcelsCarrierChange,
    // Creating parcels (with routing), status changes with automatic returns, and generation with its job run in
    // every process, so a worker-only process takes generation jobs too (decision 0096).
    ParcelsService,
    ParcelRouter,
    ParcelStatusService,
    ParcelReturnsService,
    ParcelGenerationService,
    GenerateParcelsJob,
  ],
  exports: [
    ParcelsRepository,
    ParcelListRepository,
    ParcelEvents,
    ParcelCancellationService,
    ActiveParcelsOfOperator,
    NewParcelsCarrierChange,
    ParcelsService,
    ParcelStatusService,
    ParcelReturnsService,
    ParcelGenerationService,
  ],
})
export class ParcelsCoreModule {}
