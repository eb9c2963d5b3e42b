import { Module } from '@nestjs/common';
import { ClientOwnedRecordsFactory } from '../../common/client-owned-records';
import { IntegrationsController } from './integrations.controller';
import { IntegrationsRepository } from './integrations.repository';
import { IntegrationsService } from './integrations.service';

/** Shop integrations of clients (name, type, encrypted key, user). The sales import itself is another module. */
@Module({
  controllers: [IntegrationsController],
  providers: [IntegrationsService, IntegrationsRepository, ClientOwnedRecordsFactory],
})
export class IntegrationsModule {}
