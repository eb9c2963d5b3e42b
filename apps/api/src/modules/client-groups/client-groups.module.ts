import { Module } from '@nestjs/common';
import { ClientGroupsController } from './client-groups.controller';
import { ClientGroupsRepository } from './client-groups.repository';
import { ClientGroupsService } from './client-groups.service';

/** Client groups: FV and AREA groups of clients (administration/clientsGroups). */
@Module({
  controllers: [ClientGroupsController],
  providers: [ClientGroupsService, ClientGroupsRepository],
})
export class ClientGroupsModule {}
