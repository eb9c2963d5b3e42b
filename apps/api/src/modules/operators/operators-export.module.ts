import { Module } from '@nestjs/common';
import { OperatorsExportSource } from './operators.export-source';
import { OperatorsRepository } from './operators.repository';

/**
 * The operators export source. Loaded in every process (not only with the api role), because the export job that
 * reads it runs wherever jobs run (decision 0045).
 */
@Module({ providers: [OperatorsRepository, OperatorsExportSource] })
export class OperatorsExportModule {}
