import { Module } from '@nestjs/common';
import { MatricesExportSource } from './matrices.export-source';
import { MatricesRepository } from './matrices.repository';

/**
 * The matrices export source. Loaded in every process (not only with the api role), because the export job that
 * reads it runs wherever jobs run (decision 0045).
 */
@Module({ providers: [MatricesRepository, MatricesExportSource] })
export class MatricesExportModule {}
