import { Module } from '@nestjs/common';
import { CarriersModule } from '../../integrations/carriers/carriers.module';
import { ParcelsCoreModule } from '../parcels/parcels-core.module';
import { RegistrationSweepJob } from './jobs/registration-sweep.job';
import { SendToCarrierJob } from './jobs/send-to-carrier.job';
import { ParcelRegistrationRepository } from './parcel-registration.repository';
import { ParcelRegistrationService } from './parcel-registration.service';
import { RegistrationTrigger } from './registration-trigger';

/** Registration at the carrier and its jobs (decision 0147): every process, as jobs run anywhere. */
@Module({
  imports: [CarriersModule, ParcelsCoreModule],
  providers: [
    ParcelRegistrationRepository,
    ParcelRegistrationService,
    RegistrationTrigger,
    SendToCarrierJob,
    RegistrationSweepJob,
  ],
  exports: [ParcelRegistrationService, ParcelRegistrationRepository],
})
export class ParcelRegistrationModule {}
