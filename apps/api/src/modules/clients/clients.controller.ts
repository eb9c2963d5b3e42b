import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { clientOptionsQuerySchema, type ClientOption } from '@depot/contracts';
import type { z } from 'zod';
import { ZodPipe } from '../../common/zod';
import { RequirePermission } from '../auth/decorators';
import { ClientsRepository } from './clients.repository';

@ApiTags('clients')
@Controller('client')
export class ClientsController {
  constructor(private readonly clients: ClientsRepository) {}

  @Get('get/options')
  @RequirePermission('clients.read', 'clientUsers.write')
  @ApiOperation({ summary: 'Clients for a picker (e.g. the client of a client user), by name' })
  options(
    @Query(new ZodPipe(clientOptionsQuerySchema)) q: z.output<typeof clientOptionsQuerySchema>,
  ): Promise<ClientOption[]> {
    return this.clients.options(q.search || undefined, q.limit);
  }
}
