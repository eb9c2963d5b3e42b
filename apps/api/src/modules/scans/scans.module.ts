import { Module } from '@nestjs/common';
import { ScanReportService } from './scan-report.service';
import { ScansController } from './scans.controller';
import { ScansRepository } from './scans.repository';
import { ScansService } from './scans.service';

/** Scanning: status changes by scan, a terminal's scans, the daily report (operating module; decision 0127). */
@Module({
  controllers: [ScansController],
  providers: [ScansService, ScansRepository, ScanReportService],
  exports: [ScansService, ScansRepository],
})
export class ScansModule {}
