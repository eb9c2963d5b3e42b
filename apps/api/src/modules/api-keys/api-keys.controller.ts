import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  apiKeyListRequestSchema,
  createApiKeySchema,
  MESSAGES,
  staffCreateApiKeySchema,
  updateApiKeySchema,
  type ApiKeyView,
  type CreatedApiKey,
  type ListReply,
  type Principal,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody, ZodPipe } from '../../common/zod';
import { uuidParam } from '../../common/pipes';
import { CurrentPrincipal, OwnedRow, RequirePermission, type SessionPrincipal } from '../auth/decorators';
import { ExternalApi } from '../external-api/decorators';
import { ApiKeysService } from './api-keys.service';

const keyId = uuidParam(MESSAGES.apiKeyNotFound);

@ApiTags('apiKeys')
@Controller('apiKey')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post('get/list')
  @HttpCode(200)
  @RequirePermission('apiKeys.read')
  @ApiOperation({ summary: "API keys, keyset pages of 50 (a client user: its own client's)" })
  @BodySchema(apiKeyListRequestSchema)
  list(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(apiKeyListRequestSchema) body: z.output<typeof apiKeyListRequestSchema>,
  ): Promise<ListReply<ApiKeyView>> {
    return this.keys.list(p, body);
  }

  @Get('get/current')
  @RequirePermission('apiKeys.read')
  @ExternalApi()
  @ApiOperation({ summary: 'For integrators: the API key this call is made with (checks that a key works)' })
  current(@CurrentPrincipal() p: Principal): Promise<ApiKeyView> {
    return this.keys.current(p);
  }

  @Post('create')
  @RequirePermission('apiKeys.write')
  @ApiOperation({
    summary:
      'Create a key; the reply carries secretKey, shown this once (staff name the client, a client user gets its own)',
  })
  @BodySchema(createApiKeySchema)
  create(@CurrentPrincipal() p: SessionPrincipal, @Body() raw: unknown): Promise<CreatedApiKey> {
    const schema = p.clientId ? createApiKeySchema : staffCreateApiKeySchema;
    return this.keys.create(p, new ZodPipe(schema).transform(raw));
  }

  @Put(':id')
  @RequirePermission('apiKeys.write')
  @OwnedRow('apiKey', 'id', MESSAGES.apiKeyNotFound)
  @ApiOperation({
    summary: 'Rename, activate or deactivate a key (deactivated: refused at once, sockets cut)',
  })
  @BodySchema(updateApiKeySchema)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('id', keyId) id: string,
    @ValidBody(updateApiKeySchema) body: z.output<typeof updateApiKeySchema>,
  ): Promise<ApiKeyView> {
    return this.keys.update(p, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('apiKeys.write')
  @ApiOperation({ summary: 'Delete a key (refused at once, sockets cut)' })
  async remove(@CurrentPrincipal() p: SessionPrincipal, @Param('id', keyId) id: string): Promise<void> {
    await this.keys.remove(p, id);
  }
}
