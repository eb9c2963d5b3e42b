import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  clientGroupListQuerySchema,
  createClientGroupSchema,
  eligibleClientsQuerySchema,
  MESSAGES,
  updateClientGroupSchema,
  type ClientGroupListItem,
  type ClientGroupSaveReply,
  type ClientGroupView,
  type ClientOption,
  type ListReply,
  type Principal,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody, ZodPipe } from '../../common/zod';
import { uuidParam } from '../../common/pipes';
import { CurrentPrincipal, RequirePermission } from '../auth/decorators';
import { ClientGroupsService } from './client-groups.service';

const groupId = () => uuidParam(MESSAGES.clientGroupNotFound);

/** Client groups (SPEC 7 paths): FV and AREA groups, a client in at most one of them. */
@ApiTags('client groups')
@Controller('clientGroup')
export class ClientGroupsController {
  constructor(private readonly groups: ClientGroupsService) {}

  @Get('get/group')
  @RequirePermission('clientGroups.read')
  @ApiOperation({ summary: 'Client groups with member counts, keyset pages of 50, by name or type' })
  list(
    @Query(new ZodPipe(clientGroupListQuerySchema)) q: z.output<typeof clientGroupListQuerySchema>,
  ): Promise<ListReply<ClientGroupListItem>> {
    return this.groups.list(q);
  }

  @Get('get/eligibleClients')
  @RequirePermission('clientGroups.write')
  @ApiOperation({ summary: 'Clients a group of the given type may take (the picker), by company name' })
  eligible(
    @Query(new ZodPipe(eligibleClientsQuerySchema)) q: z.output<typeof eligibleClientsQuerySchema>,
  ): Promise<ClientOption[]> {
    return this.groups.eligibleClients(q);
  }

  @Get('get/groupById/:id')
  @RequirePermission('clientGroups.read')
  @ApiOperation({ summary: 'One group with its clients (id, shortName, companyName)' })
  get(@Param('id', groupId()) id: string): Promise<ClientGroupView> {
    return this.groups.get(id);
  }

  @Post('create/group')
  @RequirePermission('clientGroups.write')
  @ApiOperation({ summary: 'Create a group; clients already listed come back as info' })
  @BodySchema(createClientGroupSchema)
  create(
    @CurrentPrincipal() p: Principal,
    @ValidBody(createClientGroupSchema) body: z.output<typeof createClientGroupSchema>,
  ): Promise<ClientGroupSaveReply> {
    return this.groups.create(p, body);
  }

  @Put('update/group/:id')
  @RequirePermission('clientGroups.write')
  @ApiOperation({ summary: 'Rename (newName), change the type, remove and add clients' })
  @BodySchema(updateClientGroupSchema)
  update(
    @CurrentPrincipal() p: Principal,
    @Param('id', groupId()) id: string,
    @ValidBody(updateClientGroupSchema) body: z.output<typeof updateClientGroupSchema>,
  ): Promise<ClientGroupSaveReply> {
    return this.groups.update(p, id, body);
  }

  @Delete('delete/groupById/:id')
  @HttpCode(204)
  @RequirePermission('clientGroups.write')
  @ApiOperation({ summary: 'Delete a group (its clients become free to join another)' })
  async delete(@CurrentPrincipal() p: Principal, @Param('id', groupId()) id: string): Promise<void> {
    await this.groups.delete(p, id);
  }
}
