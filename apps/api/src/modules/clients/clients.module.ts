import { Module } from '@nestjs/common';
import { ClientsController } from './clients.controller';
import { ClientsRepository } from './clients.repository';
import { ClientsService } from './clients.service';

/** Clients: the administration list and form, the client picker, and a client user's own client settings. */
@Module({ controllers: [ClientsController], providers: [ClientsService, ClientsRepository] })
export class ClientsModule {}
