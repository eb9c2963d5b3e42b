import { Module } from '@nestjs/common';
import { MatricesRoutingModule } from '../matrices/matrices-routing.module';
import { DemoConsolidationsService } from './demo-consolidations';
import { DemoDataService } from './demo-data.service';
import { DemoParcelsRepository } from './demo-parcels.repository';
import { DemoParcelsService } from './demo-parcels.service';
import { DemoRepository } from './demo.repository';
import { SeedRepository } from './seed.repository';
import { SeedService } from './seed.service';

@Module({
  // Demo parcels are routed the way real ones are: the matrices' own reads (MatricesRepository).
  imports: [MatricesRoutingModule],
  providers: [
    SeedRepository,
    SeedService,
    DemoRepository,
    DemoDataService,
    DemoParcelsRepository,
    DemoParcelsService,
    DemoConsolidationsService,
  ],
  exports: [SeedService],
})
export class SeedModule {}
