import { z } from 'zod';
import { MESSAGES } from '../messages';
import { route, rowId } from '../contract/route';
import { newParcelDefaultsQuerySchema, newParcelDefaultsSchema } from './form';
import { parcelGenerateReplySchema, parcelGenerateSchema } from './generate';
import { parcelListRequestSchema, parcelMassActionReplySchema, parcelMassActionSchema } from './list';
import { deleteShipmentReplySchema, parcelListReplySchema, parcelViewReplySchema } from './replies';
import {
  createParcelSchema,
  deleteShipmentSchema,
  parcelStatusChangeSchema,
  updateParcelSchema,
} from './schemas';
import { parcelSelectionIdsReplySchema, parcelSelectionSchema } from './selection';
import { refreshStatusesReplySchema } from '../status-map/refresh';

const parcelParams = z.object({ id: rowId(MESSAGES.parcelNotFound) });
const tags = ['parcels'];
const ownedRow = { kind: 'parcel', param: 'id', notFound: MESSAGES.parcelNotFound } as const;
const noSuchParcel = [404, 'No such parcel of your company'] as const;

/**
 * SPEC 7 order calls (and REST in their spirit where SPEC names none), the list's selection, the new-parcel form and
 * generation. A client user or an API key: own parcels only. `external` marks the integrators' calls (decision
 * 0085): create, get, list, edit, cancel, return; the others are for the panel.
 */
export const parcelRoutes = {
  create: route
    .meta({ permission: ['parcels.create'], external: true, idempotent: true })
    .route({
      method: 'POST',
      path: '/order/create',
      successStatus: 201,
      successDescription: 'The parcel, numbered and routed',
      tags,
      summary:
        "Create a parcel: blanks filled from the client's settings, numbered from its prefix, routed by the matrices",
    })
    .input(z.object({ body: createParcelSchema }))
    .output(parcelViewReplySchema),
  list: route
    .meta({ permission: ['parcels.read'], external: true })
    .route({
      method: 'POST',
      path: '/order/get/list',
      successStatus: 200,
      successDescription: 'A page of parcels',
      tags,
      summary: 'Parcels, keyset pages of 50, filtered (dates default to the current year)',
    })
    .input(z.object({ body: parcelListRequestSchema }))
    .output(parcelListReplySchema),
  deleteShipment: route
    .meta({
      permission: ['parcels.cancel'],
      external: true,
      errors: [noSuchParcel, [409, 'The parcel cannot be cancelled any more']],
    })
    .route({
      method: 'POST',
      path: '/order/deleteShipment',
      successStatus: 200,
      successDescription: 'Cancelled, or being cancelled',
      tags,
      summary:
        'Cancel a parcel: a new one is cancelled and deleted at once, one handed to a carrier goes to toCancel',
    })
    .input(z.object({ body: deleteShipmentSchema }))
    .output(deleteShipmentReplySchema),
  refreshStatuses: route
    .meta({ permission: ['parcels.route'] })
    .route({
      method: 'POST',
      path: '/order/refreshStatuses',
      successStatus: 202,
      tags,
      summary:
        'Ask the carriers of a selection of parcels for their tracking now (a job with progress; may take a while)',
    })
    .input(z.object({ body: parcelSelectionSchema }))
    .output(refreshStatusesReplySchema),
  massAction: route
    .meta({ permission: ['parcels.cancel'] })
    .route({
      method: 'POST',
      path: '/order/massAction',
      successStatus: 200,
      tags,
      summary:
        'deleteShipments over picked parcels or select-all with exceptions (a job when large); createComplex later',
    })
    .input(z.object({ body: parcelMassActionSchema }))
    .output(parcelMassActionReplySchema),
  get: route
    .meta({ permission: ['parcels.read'], external: true, errors: [noSuchParcel] })
    .route({
      method: 'GET',
      path: '/order/{id}',
      successDescription: 'The parcel',
      tags,
      summary: 'One parcel with its routing explanation and status history',
    })
    .input(z.object({ params: parcelParams }))
    .output(parcelViewReplySchema),
  update: route
    .meta({
      permission: ['parcels.create'],
      external: true,
      ownedRow,
      errors: [noSuchParcel, [409, 'The parcel is no longer new']],
    })
    .route({
      method: 'PUT',
      path: '/order/{id}',
      successDescription: 'The parcel as saved',
      tags,
      summary: 'Edit a parcel while its status is new (routed again when countries or weight change)',
    })
    .input(z.object({ params: parcelParams, body: updateParcelSchema }))
    .output(parcelViewReplySchema),
  changeStatus: route
    .meta({ permission: ['operating.scan'] })
    .route({
      method: 'PUT',
      path: '/order/{id}/status',
      tags,
      summary: 'Set a status by hand with a note (staff); reaching return may make the return parcel',
    })
    .input(z.object({ params: parcelParams, body: parcelStatusChangeSchema }))
    .output(parcelViewReplySchema),
  createReturn: route
    .meta({ permission: ['parcels.cancel'], external: true, idempotent: true, errors: [noSuchParcel] })
    .route({
      method: 'POST',
      path: '/order/{id}/return',
      successStatus: 201,
      successDescription: 'The return parcel',
      tags,
      summary: "Create the parcel's return (addresses swapped, routed by the client's return matrix)",
    })
    .input(z.object({ params: parcelParams }))
    .output(parcelViewReplySchema),
  /** The list's selection resolved to ids, for calls that take ids (bulk labels; decision 0071). */
  selectionIds: route
    .meta({ permission: ['parcels.read'] })
    .route({
      method: 'POST',
      path: '/order/selection/ids',
      successStatus: 200,
      tags,
      summary:
        "The ids of a list selection (picked ids, or select-all with exceptions under the list's filters), in the list's order; at most 5,000",
    })
    .input(z.object({ body: parcelSelectionSchema }))
    .output(parcelSelectionIdsReplySchema),
  /** What the panel's parcel form needs beyond the order calls (decision 0075). Panel only, no API keys. */
  createDefaults: route
    .meta({ permission: ['parcels.create'] })
    .route({
      method: 'GET',
      path: '/order/create/defaults',
      tags,
      summary:
        'What a new parcel of the client starts from (standard parcel, pickup address, recipient defaults) and whether it may be ordered',
    })
    .input(z.object({ query: newParcelDefaultsQuerySchema }))
    .output(newParcelDefaultsSchema),
  /** Parcel generation (issue item 8, decision 0096): copies of a parcel made by a job. Panel only. */
  generate: route
    .meta({
      permission: ['parcels.create'],
      errors: [noSuchParcel, [403, 'Ordering is blocked for the client']],
    })
    .route({
      method: 'POST',
      path: '/order/generate',
      successStatus: 202,
      tags,
      summary:
        'Make 1–500 copies of a parcel (as "clone parcel", each numbered and routed like a new parcel) in a job',
    })
    .input(z.object({ body: parcelGenerateSchema }))
    .output(parcelGenerateReplySchema),
};
