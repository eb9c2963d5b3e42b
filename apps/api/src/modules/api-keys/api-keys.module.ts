import { Module } from '@nestjs/common';
import { ClientOwnedRecordsFactory } from '../../common/client-owned-records';
import { ApiKeyRecordsRepository } from './api-key-records.repository';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';

/** API keys of clients' integrators: list, create (secret shown once), rename, (de)activate, delete. */
@Module({
  controllers: [ApiKeysController],
  providers: [ApiKeysService, ApiKeyRecordsRepository, ClientOwnedRecordsFactory],
})
export class ApiKeysModule {}
