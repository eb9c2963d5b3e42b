import { Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  MESSAGES,
  createOperatorSchema,
  operatorConfigModelQuerySchema,
  operatorListRequestSchema,
  updateOperatorSchema,
  type ListReply,
  type OperatorConfigModel,
  type OperatorListItem,
  type OperatorSaveBody,
  type OperatorView,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody, ZodPipe } from '../../common/zod';
import { uuidParam } from '../../common/pipes';
import { CurrentPrincipal, RequirePermission, type SessionPrincipal } from '../auth/decorators';
import { OperatorsService } from './operators.service';

@ApiTags('operators')
@Controller('operator')
export class OperatorsController {
  constructor(private readonly operators: OperatorsService) {}

  @Get('getConfig/model')
  @RequirePermission('operators.read')
  @ApiOperation({
    summary:
      'Configuration models of the operator types (config fields, importanceOfTheConfigFields); ?type= for one',
  })
  configModels(
    @Query(new ZodPipe(operatorConfigModelQuerySchema)) q: z.output<typeof operatorConfigModelQuerySchema>,
  ): OperatorConfigModel[] {
    return this.operators.configModels(q.type);
  }

  @Post('get/list')
  @HttpCode(200)
  @RequirePermission('operators.read')
  @ApiOperation({ summary: 'Operators, keyset pages of 50, filtered by search, type and active' })
  @BodySchema(operatorListRequestSchema)
  list(
    @ValidBody(operatorListRequestSchema) body: z.output<typeof operatorListRequestSchema>,
  ): Promise<ListReply<OperatorListItem>> {
    return this.operators.list(body);
  }

  @Post('create')
  @RequirePermission('operators.write')
  @ApiOperation({
    summary: 'Create an operator; secret config fields are stored encrypted and never returned',
  })
  @BodySchema(createOperatorSchema)
  create(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(createOperatorSchema) body: OperatorSaveBody,
  ): Promise<OperatorView> {
    return this.operators.create(p, body);
  }

  @Get(':id')
  @RequirePermission('operators.read')
  @ApiOperation({ summary: 'One operator (for the edit form); secrets only as set/masked' })
  get(@Param('id', uuidParam(MESSAGES.operatorNotFound)) id: string): Promise<OperatorView> {
    return this.operators.get(id);
  }

  @Put(':id')
  @RequirePermission('operators.write')
  @ApiOperation({
    summary:
      'Save the operator form; a secret left out is kept, null clears it; deactivation refused while active parcels are assigned',
  })
  @BodySchema(updateOperatorSchema)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('id', uuidParam(MESSAGES.operatorNotFound)) id: string,
    @ValidBody(updateOperatorSchema) body: OperatorSaveBody,
  ): Promise<OperatorView> {
    return this.operators.update(p, id, body);
  }
}
