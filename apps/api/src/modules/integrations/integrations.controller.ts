import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  createIntegrationSchema,
  integrationListRequestSchema,
  MESSAGES,
  staffCreateIntegrationSchema,
  updateIntegrationSchema,
  type IntegrationView,
  type ListReply,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody, ZodPipe } from '../../common/zod';
import { uuidParam } from '../../common/pipes';
import { CurrentPrincipal, OwnedRow, RequirePermission, type SessionPrincipal } from '../auth/decorators';
import { IntegrationsService } from './integrations.service';

const integrationId = uuidParam(MESSAGES.integrationNotFound);

@ApiTags('integrations')
@Controller('integration')
export class IntegrationsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @Post('get/list')
  @HttpCode(200)
  @RequirePermission('integrations.read')
  @ApiOperation({ summary: "Shop integrations, keyset pages of 50 (a client user: its own client's)" })
  @BodySchema(integrationListRequestSchema)
  list(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(integrationListRequestSchema) body: z.output<typeof integrationListRequestSchema>,
  ): Promise<ListReply<IntegrationView>> {
    return this.integrations.list(p, body);
  }

  @Post('create')
  @RequirePermission('integrations.write')
  @ApiOperation({
    summary: 'Create an integration; the key is stored encrypted and shown masked (staff name the client)',
  })
  @BodySchema(createIntegrationSchema)
  create(@CurrentPrincipal() p: SessionPrincipal, @Body() raw: unknown): Promise<IntegrationView> {
    const schema = p.clientId ? createIntegrationSchema : staffCreateIntegrationSchema;
    return this.integrations.create(p, new ZodPipe(schema).transform(raw));
  }

  @Get(':id')
  @RequirePermission('integrations.read')
  @ApiOperation({ summary: 'One integration (for the edit form), its key masked' })
  get(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('id', integrationId) id: string,
  ): Promise<IntegrationView> {
    return this.integrations.get(p, id);
  }

  @Put(':id')
  @RequirePermission('integrations.write')
  @OwnedRow('integration', 'id', MESSAGES.integrationNotFound)
  @ApiOperation({ summary: 'Edit an integration; a key not sent (or blank) is kept; the type is fixed' })
  @BodySchema(updateIntegrationSchema)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('id', integrationId) id: string,
    @ValidBody(updateIntegrationSchema) body: z.output<typeof updateIntegrationSchema>,
  ): Promise<IntegrationView> {
    return this.integrations.update(p, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('integrations.write')
  @ApiOperation({ summary: 'Delete an integration' })
  async remove(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('id', integrationId) id: string,
  ): Promise<void> {
    await this.integrations.remove(p, id);
  }
}
