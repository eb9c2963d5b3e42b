import { Module } from '@nestjs/common';
import { DemoDataService } from './demo-data.service';
import { DemoParcelsRepository } from './demo-parcels.repository';
import { DemoParcelsService } from './demo-parcels.service';
import { DemoRepository } from './demo.repository';
import { SeedRepository } from './seed.repository';
import { SeedService } from './seed.service';

@Module({
  providers: [
    SeedRepository,
    SeedService,
    DemoRepository,
    DemoDataService,
    DemoParcelsRepository,
    DemoParcelsService,
  ],
  exports: [SeedService],
})
export class SeedModule {}
