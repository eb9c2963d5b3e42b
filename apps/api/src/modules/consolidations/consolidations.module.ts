import { Module } from '@nestjs/common';
import { ScansRepository } from '../scans/scans.repository';
import { ConsolidationScans } from './consolidation-scans';
import { ConsolidationsController } from './consolidations.controller';
import { ConsolidationsRepository } from './consolidations.repository';
import { ConsolidationsService } from './consolidations.service';

/**
 * Consolidations (operating module; decision 0128). ScansModule imports this module for ConsolidationScans (a scan of
 * a consolidation's barcode); so this one does not import ScansModule back, and keeps its own ScansRepository (a
 * stateless reader of parcel numbers) for matching a scanned number.
 */
@Module({
  controllers: [ConsolidationsController],
  providers: [ConsolidationsService, ConsolidationsRepository, ConsolidationScans, ScansRepository],
  exports: [ConsolidationScans],
})
export class ConsolidationsModule {}
