import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  MESSAGES,
  createAdditionalServiceSchema,
  updateAdditionalServiceSchema,
  type OperatorAdditionalService,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody } from '../../common/zod';
import { uuidParam } from '../../common/pipes';
import { CurrentPrincipal, RequirePermission, type SessionPrincipal } from '../auth/decorators';
import { OperatorServicesService } from './operator-services.service';

/** An operator's additional services (SPEC 7 POST /operator/additionalService, plus list, change and remove). */
@ApiTags('operators')
@Controller('operator')
export class OperatorServicesController {
  constructor(private readonly services: OperatorServicesService) {}

  @Get(':id/additionalServices')
  @RequirePermission('operators.read')
  @ApiOperation({ summary: "An operator's additional services, by name" })
  list(@Param('id', uuidParam(MESSAGES.operatorNotFound)) id: string): Promise<OperatorAdditionalService[]> {
    return this.services.listOf(id);
  }

  @Post('additionalService')
  @RequirePermission('operators.write')
  @ApiOperation({ summary: 'Add an additional service to an operator (code unique per operator, any case)' })
  @BodySchema(createAdditionalServiceSchema)
  add(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(createAdditionalServiceSchema) body: z.output<typeof createAdditionalServiceSchema>,
  ): Promise<OperatorAdditionalService> {
    return this.services.add(p, body);
  }

  @Put('additionalService/:serviceId')
  @RequirePermission('operators.write')
  @ApiOperation({ summary: 'Rename an additional service or switch it on or off' })
  @BodySchema(updateAdditionalServiceSchema)
  change(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('serviceId', uuidParam(MESSAGES.additionalServiceNotFound)) id: string,
    @ValidBody(updateAdditionalServiceSchema) body: z.output<typeof updateAdditionalServiceSchema>,
  ): Promise<OperatorAdditionalService> {
    return this.services.change(p, id, body);
  }

  @Delete('additionalService/:serviceId')
  @HttpCode(204)
  @RequirePermission('operators.write')
  @ApiOperation({ summary: 'Remove an additional service' })
  async remove(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('serviceId', uuidParam(MESSAGES.additionalServiceNotFound)) id: string,
  ): Promise<void> {
    await this.services.remove(p, id);
  }
}
