import { Module } from '@nestjs/common';
import { ParcelsExportRepository } from './parcels-export.repository';
import { ParcelsExportSource } from './parcels.export-source';

/**
 * The parcels export source (decision 0080). Loaded in every process (not only with the api role), because the
 * export job that reads it runs wherever jobs run (decision 0045).
 */
@Module({ providers: [ParcelsExportRepository, ParcelsExportSource] })
export class ParcelsExportModule {}
