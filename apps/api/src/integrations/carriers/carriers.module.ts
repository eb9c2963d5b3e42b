import { Module } from '@nestjs/common';
import { CarrierCancellation } from './carrier-cancellation';
import { CarrierCancellationService } from './carrier-cancellation.service';
import { CARRIER_RETRY_POLICY, DEFAULT_CARRIER_RETRY } from './carrier-retry';

/** The carrier adapters (decision 0100): cancelling a shipment at its carrier, and how often to retry. */
@Module({
  providers: [
    { provide: CarrierCancellation, useClass: CarrierCancellationService },
    { provide: CARRIER_RETRY_POLICY, useValue: DEFAULT_CARRIER_RETRY },
  ],
  exports: [CarrierCancellation, CARRIER_RETRY_POLICY],
})
export class CarriersModule {}
