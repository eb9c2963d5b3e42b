import { Module } from '@nestjs/common';
import { CarrierCancellation } from './carrier-cancellation';
import { CarrierCancellationService } from './carrier-cancellation.service';
import { CARRIER_RETRY_POLICY, DEFAULT_CARRIER_RETRY } from './carrier-retry';
import { CarrierRegistration } from './carrier-registration';
import { CarrierRegistrationService } from './carrier-registration.service';
import { CarrierTracking } from './carrier-tracking';
import { CarrierTrackingService } from './carrier-tracking.service';

/**
 * The carrier adapters (decisions 0100, 0145, 0147): registering a shipment at its carrier, cancelling it, reading its
 * tracking, and how often to retry.
 */
@Module({
  providers: [
    { provide: CarrierCancellation, useClass: CarrierCancellationService },
    { provide: CarrierTracking, useClass: CarrierTrackingService },
    { provide: CarrierRegistration, useClass: CarrierRegistrationService },
    { provide: CARRIER_RETRY_POLICY, useValue: DEFAULT_CARRIER_RETRY },
  ],
  exports: [CarrierCancellation, CarrierTracking, CarrierRegistration, CARRIER_RETRY_POLICY],
})
export class CarriersModule {}
