import { Global, Module } from '@nestjs/common';
import { CancelParcelsJob } from './jobs/cancel-parcels.job';
import { DeleteShipmentsJob } from './jobs/delete-shipments.job';
import { JobCallersRepository } from './jobs/job-callers.repository';
import { ActiveParcelsOfOperator, NewParcelsCarrierChange } from './operator-parcels';
import { ParcelCancellationService } from './parcel-cancellation.service';
import { ParcelEvents } from './parcel-events';
import { ParcelListRepository } from './parcel-list.repository';
import { ParcelsRepository } from './parcels.repository';

/**
 * The part of parcels every process needs: the repositories, events, cancellation and its jobs (they run wherever
 * jobs run), and what the operators and matrices modules ask about parcels (active parcels of a carrier, moving
 * new parcels to another carrier). Global, so those modules inject it without importing parcels.
 */
@Global()
@Module({
  providers: [
    ParcelsRepository,
    ParcelListRepository,
    ParcelEvents,
    ParcelCancellationService,
    CancelParcelsJob,
    DeleteShipmentsJob,
    JobCallersRepository,
    ActiveParcelsOfOperator,
    NewParcelsCarrierChange,
  ],
  exports: [
    ParcelsRepository,
    ParcelListRepository,
    ParcelEvents,
    ParcelCancellationService,
    JobCallersRepository,
    ActiveParcelsOfOperator,
    NewParcelsCarrierChange,
  ],
})
export class ParcelsCoreModule {}
