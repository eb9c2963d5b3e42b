import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  parcelSelectionSchema,
  type ParcelSelectionBody,
  type ParcelSelectionIdsReply,
  type Principal,
} from '@depot/contracts';
import { BodySchema, ValidBody } from '../../common/zod';
import { CurrentPrincipal, RequirePermission } from '../auth/decorators';
import { ParcelSelectionService } from './parcel-selection.service';

/** The parcels list's selection resolved to ids, for calls that take ids (bulk labels; decision 0071). */
@ApiTags('parcels')
@Controller('order')
export class ParcelSelectionController {
  constructor(private readonly selection: ParcelSelectionService) {}

  @Post('selection/ids')
  @HttpCode(200)
  @RequirePermission('parcels.read')
  @ApiOperation({
    summary:
      "The ids of a list selection (picked ids, or select-all with exceptions under the list's filters), in the list's order; at most 5,000",
  })
  @BodySchema(parcelSelectionSchema)
  ids(
    @CurrentPrincipal() p: Principal,
    @ValidBody(parcelSelectionSchema) body: ParcelSelectionBody,
  ): Promise<ParcelSelectionIdsReply> {
    return this.selection.ids(p, body);
  }
}
