import { Module } from '@nestjs/common';
import { ClientsController } from './clients.controller';
import { ClientsRepository } from './clients.repository';

/** Clients. The foundation serves the client picker; the administration module adds the client screens. */
@Module({ controllers: [ClientsController], providers: [ClientsRepository] })
export class ClientsModule {}
