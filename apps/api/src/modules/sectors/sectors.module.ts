import { Module } from '@nestjs/common';
import { SectorsController } from './sectors.controller';
import { SectorsRepository } from './sectors.repository';
import { SectorsService } from './sectors.service';

/** Sectors: country and description, mapped to carriers (administration/sectors; decision 0124). */
@Module({
  controllers: [SectorsController],
  providers: [SectorsService, SectorsRepository],
})
export class SectorsModule {}
