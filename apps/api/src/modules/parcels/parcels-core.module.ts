import { Global, Module } from '@nestjs/common';
import { CarriersModule } from '../../integrations/carriers/carriers.module';
import { MatricesRoutingModule } from '../matrices/matrices-routing.module';
import { GenerateParcelsJob } from './jobs/generate-parcels.job';
import { CancelParcelsJob } from './jobs/cancel-parcels.job';
import { CancelSweepJob } from './jobs/cancel-sweep.job';
import { DeleteShipmentsJob } from './jobs/delete-shipments.job';
import { ActiveParcelsOfOperator, NewParcelsCarrierChange } from './operator-parcels';
import { ParcelCancellationService } from './parcel-cancellation.service';
import { ParcelCarrierCancelService } from './parcel-carrier-cancel.service';
import { ParcelCarrierRepository } from './parcel-carrier.repository';
import { ParcelEvents } from './parcel-events';
import { ParcelGenerationService } from './parcel-generation.service';
import { ParcelListRepository } from './parcel-list.repository';
import { ParcelReturnsService } from './parcel-returns.service';
import { ParcelRouter } from './parcel-router';
import { ParcelStatusService } from './parcel-status.service';
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
