import { Module } from '@nestjs/common';
import { ViesModule } from '../../integrations/vies/vies.module';
import { ClientEvents } from './client-events';
import { ClientVatCheck } from './client-vat-check';
import { ClientsController } from './clients.controller';
import { ClientsRepository } from './clients.repository';
import { ClientsService } from './clients.service';
import { OwnClientService } from './own-client.service';

/**
 * Clients: the administration list and form (with the VIES check of VAT IDs), the client picker, and a client
 * user's own client settings.
 */
@Module({
  imports: [ViesModule],
  controllers: [ClientsController],
  providers: [ClientsService, OwnClientService, ClientsRepository, ClientEvents, ClientVatCheck],
})
export class ClientsModule {}
