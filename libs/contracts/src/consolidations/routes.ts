import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listReplySchema, route, rowId } from '../contract/route';
import {
  addToConsolidationSchema,
  consolidationIdBodySchema,
  consolidationLabelReplySchema,
  consolidationListItemSchema,
  consolidationListQuerySchema,
  consolidationLookupReplySchema,
  consolidationLookupSchema,
  consolidationViewSchema,
  createConsolidationSchema,
  removeFromConsolidationSchema,
} from './schemas';

const tags = ['consolidations'];
const BASE = '/operatingModule/consolidation';
const notFound: readonly [number, string] = [404, MESSAGES.consolidationNotFound];
const blocked: readonly [number, string] = [409, MESSAGES.consolidationBlocked];
const refused: readonly [number, string] = [
  409,
  'A rule refuses it: the mix errors (car, Landmark, normal), a consolidation into a regular one, an item already in a consolidation, a final parcel',
];
const read = { permission: ['consolidations.read'] } as const;
const write = { permission: ['consolidations.write'] } as const;

/**
 * Consolidations (SPEC 3, 4, 7 `/operatingModule/consolidation/...`, 8; issue 14 item 6; decision 0128): a car or
 * a normal (possibly Landmark) consolidation of parcels, blocked against change, printed as an A6 label whose barcode
 * a scan applies to every parcel in it. The list, block and unblock follow SPEC's calls in their spirit.
 */
export const consolidationRoutes = {
  list: route
    .meta(read)
    .route({
      method: 'GET',
      path: `${BASE}/list`,
      tags,
      summary: 'Consolidations, newest first, keyset pages of 50, by barcode, driver or registration number',
    })
    .input(z.object({ query: consolidationListQuerySchema }))
    .output(listReplySchema(consolidationListItemSchema)),
  lookup: route
    .meta({ ...read, errors: [[404, MESSAGES.scanNothingFound]] })
    .route({
      method: 'POST',
      path: `${BASE}/isExternalNumberInDB`,
      tags,
      summary: 'The parcel (by any of its numbers) or consolidation (by barcode) a scanned number names',
    })
    .input(z.object({ body: consolidationLookupSchema }))
    .output(consolidationLookupReplySchema),
  create: route
    .meta(write)
    .route({
      method: 'POST',
      path: `${BASE}/create`,
      successStatus: 201,
      tags,
      summary: 'Create a consolidation: car (driver and registration number) or normal (Landmark or not)',
    })
    .input(z.object({ body: createConsolidationSchema }))
    .output(consolidationViewSchema),
  addPackage: route
    .meta({ ...write, errors: [notFound, blocked, refused, [404, MESSAGES.scanNothingFound]] })
    .route({
      method: 'POST',
      path: `${BASE}/addPackage`,
      tags,
      summary:
        'Put a parcel (any of its numbers) or, into a car, a consolidation (its barcode) into the consolidation',
    })
    .input(z.object({ body: addToConsolidationSchema }))
    .output(consolidationViewSchema),
  deletePackage: route
    .meta({ ...write, errors: [notFound, blocked, [409, MESSAGES.consolidationItemAbsent]] })
    .route({
      method: 'POST',
      path: `${BASE}/deletePackage`,
      tags,
      summary: 'Take a parcel or a held consolidation out of the consolidation',
    })
    .input(z.object({ body: removeFromConsolidationSchema }))
    .output(consolidationViewSchema),
  getLabel: route
    .meta({ ...write, errors: [notFound] })
    .route({
      method: 'POST',
      path: `${BASE}/getLabel`,
      tags,
      summary:
        'The A6 label (base64 PDF): barcode and the parcels inside; error.isBlank when it lists none, error.errorList the notices',
    })
    .input(z.object({ body: consolidationIdBodySchema }))
    .output(consolidationLabelReplySchema),
  block: route
    .meta({ ...write, errors: [notFound, [400, MESSAGES.noValueChanged]] })
    .route({
      method: 'POST',
      path: `${BASE}/block`,
      tags,
      summary: 'Block the consolidation: it takes no change (no parcel in or out, no scan) until unblocked',
    })
    .input(z.object({ body: consolidationIdBodySchema }))
    .output(consolidationViewSchema),
  unblock: route
    .meta({ ...write, errors: [notFound, [400, MESSAGES.noValueChanged]] })
    .route({
      method: 'POST',
      path: `${BASE}/unblock`,
      tags,
      summary: 'Unblock the consolidation',
    })
    .input(z.object({ body: consolidationIdBodySchema }))
    .output(consolidationViewSchema),
  get: route
    .meta({ ...read, errors: [notFound] })
    .route({
      method: 'GET',
      path: `${BASE}/{id}`,
      tags,
      summary: 'One consolidation with isBlocked, its parcels and the consolidations it holds',
    })
    .input(z.object({ params: z.object({ id: rowId(MESSAGES.consolidationNotFound) }) }))
    .output(consolidationViewSchema),
};
