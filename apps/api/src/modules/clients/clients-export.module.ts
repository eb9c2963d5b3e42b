import { Module } from '@nestjs/common';
import { ClientsExportRepository } from './clients-export.repository';
import { ClientsExportSource } from './clients.export-source';

/**
 * The clients export source. Loaded in every process (not only with the api role), because the export job that
 * reads it runs wherever jobs run (decision 0045).
 */
@Module({ providers: [ClientsExportRepository, ClientsExportSource] })
export class ClientsExportModule {}
