import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { newParcelDefaultsQuerySchema, type NewParcelDefaults, type Principal } from '@depot/contracts';
import type { z } from 'zod';
import { ZodPipe } from '../../common/zod';
import { CurrentPrincipal, RequirePermission } from '../auth/decorators';
import { ParcelDefaultsService } from './parcel-defaults.service';

/** What the panel's parcel form needs beyond the order calls (decision 0075). Panel only, no API keys. */
@ApiTags('parcels')
@Controller('order')
export class ParcelFormController {
  constructor(private readonly defaults: ParcelDefaultsService) {}

  @Get('create/defaults')
  @RequirePermission('parcels.create')
  @ApiOperation({
    summary:
      'What a new parcel of the client starts from (standard parcel, pickup address, recipient defaults) and whether it may be ordered',
  })
  createDefaults(
    @CurrentPrincipal() p: Principal,
    @Query(new ZodPipe(newParcelDefaultsQuerySchema)) q: z.output<typeof newParcelDefaultsQuerySchema>,
  ): Promise<NewParcelDefaults> {
    return this.defaults.of(p, q.clientId);
  }
}
