import { Module } from '@nestjs/common';
import { ParcelsCoreModule } from '../parcels/parcels-core.module';
import { ParcelRegistrationController } from './parcel-registration.controller';
import { ParcelRegistrationModule } from './parcel-registration.module';
import { ParcelRegistrationStarter } from './parcel-registration-starter';

/** Registration at the carrier's calls (api role). */
@Module({
  imports: [ParcelRegistrationModule, ParcelsCoreModule],
  controllers: [ParcelRegistrationController],
  providers: [ParcelRegistrationStarter],
})
export class ParcelRegistrationHttpModule {}
