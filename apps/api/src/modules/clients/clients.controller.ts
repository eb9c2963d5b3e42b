import { Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  clientListRequestSchema,
  clientOptionsQuerySchema,
  createClientSchema,
  MESSAGES,
  ownClientSettingsSchema,
  updateClientSchema,
  type ClientListItem,
  type ClientOption,
  type ClientSaveReply,
  type ClientView,
  type CurrentClientView,
  type ListReply,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody, ZodPipe } from '../../common/zod';
import { uuidParam } from '../../common/pipes';
import { CurrentPrincipal, RequirePermission, type SessionPrincipal } from '../auth/decorators';
import { ClientsRepository } from './clients.repository';
import { ClientsService } from './clients.service';
import { OwnClientService } from './own-client.service';

@ApiTags('clients')
@Controller('client')
export class ClientsController {
  constructor(
    private readonly clients: ClientsService,
    private readonly ownClient: OwnClientService,
    private readonly repo: ClientsRepository,
  ) {}

  @Get('get/options')
  // parcels.route: staff who create parcels for clients (an operator) pick the client too (decision 0075).
  @RequirePermission('clients.read', 'clientUsers.write', 'parcels.route')
  @ApiOperation({ summary: 'Clients for a picker (a client user, a parcel), by name' })
  options(
    @Query(new ZodPipe(clientOptionsQuerySchema)) q: z.output<typeof clientOptionsQuerySchema>,
  ): Promise<ClientOption[]> {
    return this.repo.options(q.search || undefined, q.limit);
  }

  @Post('get/list')
  @HttpCode(200)
  @RequirePermission('clients.read')
  @ApiOperation({ summary: 'Clients, keyset pages of 50 (a salesman reads them all, read-only)' })
  @BodySchema(clientListRequestSchema)
  list(
    @ValidBody(clientListRequestSchema) body: z.output<typeof clientListRequestSchema>,
  ): Promise<ListReply<ClientListItem>> {
    return this.clients.list(body);
  }

  @Get('get/current')
  @RequirePermission('ownClient.read')
  @ApiOperation({ summary: "The signed-in client user's own client: data, pickup address and settings" })
  current(@CurrentPrincipal() p: SessionPrincipal): Promise<CurrentClientView> {
    return this.ownClient.current(p);
  }

  @Put('put/current')
  @RequirePermission('ownClient.write')
  @ApiOperation({
    summary: "Edit own client's address (not the country), pickup address and settings (nothing else)",
  })
  @BodySchema(ownClientSettingsSchema)
  updateCurrent(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(ownClientSettingsSchema) body: z.output<typeof ownClientSettingsSchema>,
  ): Promise<CurrentClientView> {
    return this.ownClient.updateOwnSettings(p, body);
  }

  @Post('create')
  @RequirePermission('clients.write')
  @ApiOperation({
    summary:
      'Create a client (short name and prefix unique, case-insensitively); with viesCheck the VAT ID is checked in VIES',
  })
  @BodySchema(createClientSchema)
  create(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(createClientSchema) body: z.output<typeof createClientSchema>,
  ): Promise<ClientSaveReply> {
    return this.clients.create(p, body);
  }

  @Get(':id')
  @RequirePermission('clients.read')
  @ApiOperation({ summary: 'One client (for the edit form)' })
  get(@Param('id', uuidParam(MESSAGES.clientNotFound)) id: string): Promise<ClientView> {
    return this.clients.get(id);
  }

  @Put(':id')
  @RequirePermission('clients.write')
  @ApiOperation({
    summary:
      'Edit a client; a change reaching linked accounts of a master needs confirmLinked: true (else 409); a new VAT ID under viesCheck is checked in VIES',
  })
  @BodySchema(updateClientSchema)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('id', uuidParam(MESSAGES.clientNotFound)) id: string,
    @ValidBody(updateClientSchema) body: z.output<typeof updateClientSchema>,
  ): Promise<ClientSaveReply> {
    return this.clients.update(p, id, body);
  }
}
