import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  createParcelSchema,
  deleteShipmentReplySchema,
  deleteShipmentSchema,
  MESSAGES,
  parcelListReplySchema,
  parcelListRequestSchema,
  parcelMassActionSchema,
  parcelStatusChangeSchema,
  parcelViewReplySchema,
  updateParcelSchema,
  type DeleteShipmentReply,
  type ListReply,
  type ParcelListItem,
  type ParcelMassActionReply,
  type ParcelView,
  type Principal,
} from '@depot/contracts';
import type { z } from 'zod';
import { ErrorReplies, ReplySchema } from '../../common/openapi';
import { BodySchema, ValidBody } from '../../common/zod';
import { uuidParam } from '../../common/pipes';
import { CurrentPrincipal, OwnedRow, RequirePermission, type SessionPrincipal } from '../auth/decorators';
import { ExternalApi, Idempotent } from '../external-api/decorators';
import { ParcelCancellationService } from './parcel-cancellation.service';
import { ParcelReturnsService } from './parcel-returns.service';
import { ParcelStatusService } from './parcel-status.service';
import { ParcelsService } from './parcels.service';

const parcelId = () => uuidParam(MESSAGES.parcelNotFound);

/**
 * SPEC 7 order calls (and REST in their spirit where SPEC names none). A client user or API key: own parcels only.
 * `@ExternalApi()` marks the integrators' calls (decision 0085): create, get, list, edit, cancel, return; the mass
 * action and the status by hand are for the panel.
 */
@ApiTags('parcels')
@Controller('order')
export class ParcelsController {
  constructor(
    private readonly parcels: ParcelsService,
    private readonly statuses: ParcelStatusService,
    private readonly cancellation: ParcelCancellationService,
    private readonly returns: ParcelReturnsService,
  ) {}

  @Post('create')
  @RequirePermission('parcels.create')
  @ExternalApi()
  @Idempotent()
  @ApiOperation({
    summary:
      "Create a parcel: blanks filled from the client's settings, numbered from its prefix, routed by the matrices",
  })
  @BodySchema(createParcelSchema)
  @ReplySchema(201, parcelViewReplySchema, { description: 'The parcel, numbered and routed' })
  create(
    @CurrentPrincipal() p: Principal,
    @ValidBody(createParcelSchema) body: z.output<typeof createParcelSchema>,
  ): Promise<ParcelView> {
    return this.parcels.create(p, body);
  }

  @Post('get/list')
  @HttpCode(200)
  @RequirePermission('parcels.read')
  @ExternalApi()
  @ApiOperation({ summary: 'Parcels, keyset pages of 50, filtered (dates default to the current year)' })
  @BodySchema(parcelListRequestSchema)
  @ReplySchema(200, parcelListReplySchema, { description: 'A page of parcels' })
  list(
    @CurrentPrincipal() p: Principal,
    @ValidBody(parcelListRequestSchema) body: z.output<typeof parcelListRequestSchema>,
  ): Promise<ListReply<ParcelListItem>> {
    return this.parcels.list(p, body);
  }

  @Post('deleteShipment')
  @HttpCode(200)
  @RequirePermission('parcels.cancel')
  @ExternalApi()
  @ApiOperation({
    summary:
      'Cancel a parcel: a new one is cancelled and deleted at once, one handed to a carrier goes to toCancel',
  })
  @BodySchema(deleteShipmentSchema)
  @ReplySchema(200, deleteShipmentReplySchema, { description: 'Cancelled, or being cancelled' })
  @ErrorReplies([404, 'No such parcel of your company'], [409, 'The parcel cannot be cancelled any more'])
  deleteShipment(
    @CurrentPrincipal() p: Principal,
    @ValidBody(deleteShipmentSchema) body: z.output<typeof deleteShipmentSchema>,
  ): Promise<DeleteShipmentReply> {
    return this.cancellation.deleteShipment(p, body.id);
  }

  @Post('massAction')
  @HttpCode(200)
  @RequirePermission('parcels.cancel')
  @ApiOperation({
    summary:
      'deleteShipments over picked parcels or select-all with exceptions (a job when large); createComplex later',
  })
  @BodySchema(parcelMassActionSchema)
  massAction(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(parcelMassActionSchema) body: z.output<typeof parcelMassActionSchema>,
  ): Promise<ParcelMassActionReply> {
    return this.cancellation.massAction(p, body);
  }

  @Get(':id')
  @RequirePermission('parcels.read')
  @ExternalApi()
  @ApiOperation({ summary: 'One parcel with its routing explanation and status history' })
  @ReplySchema(200, parcelViewReplySchema, { description: 'The parcel' })
  @ErrorReplies([404, 'No such parcel of your company'])
  get(@CurrentPrincipal() p: Principal, @Param('id', parcelId()) id: string): Promise<ParcelView> {
    return this.parcels.get(p, id);
  }

  @Put(':id')
  @RequirePermission('parcels.create')
  @OwnedRow('parcel', 'id', MESSAGES.parcelNotFound)
  @ExternalApi()
  @ApiOperation({
    summary: 'Edit a parcel while its status is new (routed again when countries or weight change)',
  })
  @BodySchema(updateParcelSchema)
  @ReplySchema(200, parcelViewReplySchema, { description: 'The parcel as saved' })
  @ErrorReplies([404, 'No such parcel of your company'], [409, 'The parcel is no longer new'])
  update(
    @CurrentPrincipal() p: Principal,
    @Param('id', parcelId()) id: string,
    @ValidBody(updateParcelSchema) body: z.output<typeof updateParcelSchema>,
  ): Promise<ParcelView> {
    return this.parcels.update(p, id, body);
  }

  @Put(':id/status')
  @RequirePermission('operating.scan')
  @ApiOperation({
    summary: 'Set a status by hand with a note (staff); reaching return may make the return parcel',
  })
  @BodySchema(parcelStatusChangeSchema)
  changeStatus(
    @CurrentPrincipal() p: Principal,
    @Param('id', parcelId()) id: string,
    @ValidBody(parcelStatusChangeSchema) body: z.output<typeof parcelStatusChangeSchema>,
  ): Promise<ParcelView> {
    return this.statuses.change(p, id, body);
  }

  @Post(':id/return')
  @RequirePermission('parcels.cancel')
  @ExternalApi()
  @Idempotent()
  @ApiOperation({
    summary: "Create the parcel's return (addresses swapped, routed by the client's return matrix)",
  })
  @ReplySchema(201, parcelViewReplySchema, { description: 'The return parcel' })
  @ErrorReplies([404, 'No such parcel of your company'])
  createReturn(@CurrentPrincipal() p: Principal, @Param('id', parcelId()) id: string): Promise<ParcelView> {
    return this.returns.create(p, id);
  }
}
