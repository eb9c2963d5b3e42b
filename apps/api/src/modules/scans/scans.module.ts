import { Module } from '@nestjs/common';
import { ConsolidationsModule } from '../consolidations/consolidations.module';
import { ScanReportService } from './scan-report.service';
import { ScansController } from './scans.controller';
import { ScansRepository } from './scans.repository';
import { ScansService } from './scans.service';

/** Scanning: status changes by scan, a terminal's scans, the daily report (operating module; decision 0127). */
@Module({
  imports: [ConsolidationsModule],
  controllers: [ScansController],
  providers: [ScansService, ScansRepository, ScanReportService],
  exports: [ScansService, ScansRepository],
})
export class ScansModule {}
