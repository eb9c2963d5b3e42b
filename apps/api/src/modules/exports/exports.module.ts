import { Global, Module } from '@nestjs/common';
import { ExportFilesRepository } from './export-files.repository';
import { ExportRegistry } from './export-source';
import { ExportXlsxJob } from './jobs/export-xlsx.job';

/**
 * Exports to xlsx, the part every process needs: the registry feature modules add their ExportSource to, the
 * stored files, and the export job (it runs wherever jobs run). Global, so feature modules inject the registry
 * without importing this module. The endpoints are in ExportsHttpModule (api role).
 */
@Global()
@Module({
  providers: [ExportRegistry, ExportFilesRepository, ExportXlsxJob],
  exports: [ExportRegistry, ExportFilesRepository],
})
export class ExportsModule {}
