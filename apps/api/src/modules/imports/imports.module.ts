import { Module } from '@nestjs/common';
import { ParcelsCoreModule } from '../parcels/parcels-core.module';
import { ImportApprover } from './import-approver';
import { ImportChecker } from './import-checker';
import { ImportFiles } from './import-files';
import { ImportsRepository } from './imports.repository';
import { ImportsService } from './imports.service';
import { ImportStallsRepository } from './import-stalls.repository';
import { ApproveImportJob } from './jobs/approve-import.job';
import { StalledImportsSweepJob } from './jobs/stalled-imports-sweep.job';
import { LargeImportService } from './large-import.service';
import { ImportPresetsRepository } from './presets/import-presets.repository';
import { ImportPresetsService } from './presets/import-presets.service';

/** Imports and their approve job (decision 0150): every process, as jobs run anywhere. */
@Module({
  imports: [ParcelsCoreModule],
  providers: [
    ImportsRepository,
    ImportChecker,
    ImportsService,
    ImportApprover,
    LargeImportService,
    ImportFiles,
    ApproveImportJob,
    ImportStallsRepository,
    StalledImportsSweepJob,
    ImportPresetsRepository,
    ImportPresetsService,
  ],
  exports: [ImportsService, LargeImportService, ImportFiles, ImportPresetsService],
})
export class ImportsModule {}
