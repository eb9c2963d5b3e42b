import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  cloneMatrixSchema,
  createMatrixSchema,
  globalOperatorChangeSchema,
  matrixListRequestSchema,
  MESSAGES,
  routeTestSchema,
  updateMatrixSchema,
  type GlobalOperatorChangeReply,
  type ListReply,
  type MatrixListItem,
  type MatrixOperatorOption,
  type MatrixView,
  type OperatorRoutingUsage,
  type RouteTestReply,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody } from '../../common/zod';
import { uuidParam } from '../../common/pipes';
import { CurrentPrincipal, RequirePermission, type SessionPrincipal } from '../auth/decorators';
import { MatricesRepository } from './matrices.repository';
import { MatricesService } from './matrices.service';
import { OperatorReplacementService } from './operator-replacement.service';
import { RouteTesterService } from './route-tester.service';

const matrixId = uuidParam(MESSAGES.matrixNotFound);

@ApiTags('matrices')
@Controller('matrix')
export class MatricesController {
  constructor(
    private readonly matrices: MatricesService,
    private readonly tester: RouteTesterService,
    private readonly replacement: OperatorReplacementService,
    private readonly repo: MatricesRepository,
  ) {}

  @Post('get/list')
  @HttpCode(200)
  @RequirePermission('matrices.read')
  @ApiOperation({ summary: 'Routing matrices, keyset pages of 50, by name or carrier name' })
  @BodySchema(matrixListRequestSchema)
  list(
    @ValidBody(matrixListRequestSchema) body: z.output<typeof matrixListRequestSchema>,
  ): Promise<ListReply<MatrixListItem>> {
    return this.matrices.list(body);
  }

  @Get('get/operators')
  @RequirePermission('matrices.read')
  @ApiOperation({ summary: 'Carriers for the condition and replacement pickers (active first)' })
  operators(): Promise<MatrixOperatorOption[]> {
    return this.repo.operatorOptions();
  }

  @Get('get/operatorUsage/:operatorId')
  @RequirePermission('matrices.read')
  @ApiOperation({ summary: 'How many conditions (in how many matrices) name this carrier' })
  operatorUsage(
    @Param('operatorId', uuidParam(MESSAGES.operatorNotFound)) operatorId: string,
  ): Promise<OperatorRoutingUsage> {
    return this.replacement.usage(operatorId);
  }

  @Post('resolve')
  @HttpCode(200)
  @RequirePermission('matrices.read')
  @ApiOperation({
    summary:
      'Route tester: the carrier a parcel gets (tested matrix or client matrix, then the default), and why',
  })
  @BodySchema(routeTestSchema)
  resolve(@ValidBody(routeTestSchema) body: z.output<typeof routeTestSchema>): Promise<RouteTestReply> {
    return this.tester.resolve(body);
  }

  @Put('update/globalOperatorChange')
  @RequirePermission('matrices.write')
  @ApiOperation({ summary: 'Move every routing condition from one carrier to another (one transaction)' })
  @BodySchema(globalOperatorChangeSchema)
  globalOperatorChange(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(globalOperatorChangeSchema) body: z.output<typeof globalOperatorChangeSchema>,
  ): Promise<GlobalOperatorChangeReply> {
    return this.replacement.change(p, body);
  }

  @Post('create')
  @RequirePermission('matrices.write')
  @ApiOperation({ summary: 'Create a matrix (the first one becomes the default)' })
  @BodySchema(createMatrixSchema)
  create(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(createMatrixSchema) body: z.output<typeof createMatrixSchema>,
  ): Promise<MatrixView> {
    return this.matrices.create(p, body);
  }

  @Get(':id')
  @RequirePermission('matrices.read')
  @ApiOperation({ summary: 'One matrix with its conditions in order (carrier names included)' })
  get(@Param('id', matrixId) id: string): Promise<MatrixView> {
    return this.matrices.get(id);
  }

  @Put(':id')
  @RequirePermission('matrices.write')
  @ApiOperation({ summary: 'Edit name, conditions (replaced whole) or make it the default' })
  @BodySchema(updateMatrixSchema)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('id', matrixId) id: string,
    @ValidBody(updateMatrixSchema) body: z.output<typeof updateMatrixSchema>,
  ): Promise<MatrixView> {
    return this.matrices.update(p, id, body);
  }

  @Put(':id/default')
  @RequirePermission('matrices.write')
  @ApiOperation({ summary: 'Make this matrix the default (the previous default loses the flag)' })
  setDefault(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('id', matrixId) id: string,
  ): Promise<MatrixView> {
    return this.matrices.setDefault(p, id);
  }

  @Post(':id/clone')
  @RequirePermission('matrices.write')
  @ApiOperation({ summary: 'Copy a matrix with its conditions under a new name (never the default)' })
  @BodySchema(cloneMatrixSchema)
  clone(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('id', matrixId) id: string,
    @ValidBody(cloneMatrixSchema) body: z.output<typeof cloneMatrixSchema>,
  ): Promise<MatrixView> {
    return this.matrices.clone(p, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('matrices.write')
  @ApiOperation({ summary: 'Delete a matrix that is not the default' })
  remove(@CurrentPrincipal() p: SessionPrincipal, @Param('id', matrixId) id: string): Promise<void> {
    return this.matrices.remove(p, id);
  }
}
