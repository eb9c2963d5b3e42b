import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  parcelGenerateSchema,
  type ParcelGenerateBody,
  type ParcelGenerateReply,
  type Principal,
} from '@depot/contracts';
import { ErrorReplies } from '../../common/openapi';
import { BodySchema, ValidBody } from '../../common/zod';
import { CurrentPrincipal, RequirePermission } from '../auth/decorators';
import { ParcelGenerationService } from './parcel-generation.service';

/** Parcel generation (issue item 8, decision 0096): copies of a parcel made by a job. Panel only. */
@ApiTags('parcels')
@Controller('order')
export class ParcelGenerationController {
  constructor(private readonly generation: ParcelGenerationService) {}

  @Post('generate')
  @HttpCode(202)
  @RequirePermission('parcels.create')
  @ApiOperation({
    summary:
      'Make 1–500 copies of a parcel (as "clone parcel", each numbered and routed like a new parcel) in a job',
  })
  @BodySchema(parcelGenerateSchema)
  @ErrorReplies([404, 'No such parcel of your company'], [403, 'Ordering is blocked for the client'])
  generate(
    @CurrentPrincipal() p: Principal,
    @ValidBody(parcelGenerateSchema) body: ParcelGenerateBody,
  ): Promise<ParcelGenerateReply> {
    return this.generation.start(p, body);
  }
}
