import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listReplySchema, noContent, route, rowId } from '../contract/route';
import {
  STATUS_MAP_FILE_MAX_BYTES,
  createStatusMapSchema,
  saveStatusMapSchema,
  statusMapImpactReplySchema,
  statusMapImpactSchema,
  statusMapListQuerySchema,
  statusMapOperatorTypeField,
  statusMapOperatorTypeSchema,
  statusMapRowSchema,
  statusMapSaveReplySchema,
  statusMapSavedSchema,
  updateStatusMapSchema,
} from './schemas';
import { statusDownloadErrorSchema } from './refresh';

const tags = ['status map'];
const BASE = '/mapStatus';
const taken: readonly [number, string] = [409, MESSAGES.statusMapCodeTaken];
const notFound: readonly [number, string] = [404, MESSAGES.statusMapNotFound];

/**
 * Statuses and the status map (SPEC 2 `/administration/statuses` and `/administration/mapStatus/map`, SPEC 7
 * `/mapStatus/...`; decision 0144): per carrier type, the carrier's status codes and the internal status each means.
 * The list, create and impact calls are Depot's own, beside SPEC's five.
 */
export const statusMapRoutes = {
  list: route
    .meta({ permission: ['statuses.read'] })
    .route({
      method: 'GET',
      path: `${BASE}/list`,
      tags,
      summary: 'Status map rows, keyset pages of 50, by carrier type, status (or unmapped) and text',
    })
    .input(z.object({ query: statusMapListQuerySchema }))
    .output(listReplySchema(statusMapRowSchema)),
  operatorTypes: route
    .meta({ permission: ['statuses.read'] })
    .route({
      method: 'POST',
      path: `${BASE}/operatorTypeGetList`,
      tags,
      summary: 'Every carrier type with its carriers and its map: codes, mapped, unmapped, seen but unmapped',
    })
    .output(z.array(statusMapOperatorTypeSchema)),
  downloadErrors: route
    .meta({ permission: ['statuses.read'] })
    .route({
      method: 'GET',
      path: `${BASE}/downloadErrors`,
      tags,
      summary:
        'Carriers whose tracking gave no answer at their last status refresh, with the reason and since when',
    })
    .output(z.array(statusDownloadErrorSchema)),
  create: route
    .meta({ permission: ['statuses.write'], errors: [taken] })
    .route({
      method: 'POST',
      path: `${BASE}/create`,
      successStatus: 201,
      tags,
      summary: 'Map one carrier code to an internal status (a code the carrier type already has is a 409)',
    })
    .input(z.object({ body: createStatusMapSchema }))
    .output(statusMapSavedSchema),
  save: route
    .meta({ permission: ['statuses.write'] })
    .route({
      method: 'POST',
      path: `${BASE}/saveMapInDB`,
      tags,
      summary:
        'Save a carrier type’s codes (added or changed by code); parcels standing on a changed code follow it',
    })
    .input(z.object({ body: saveStatusMapSchema }))
    .output(statusMapSaveReplySchema),
  impact: route
    .meta({ permission: ['statuses.write'] })
    .route({
      method: 'POST',
      path: `${BASE}/impact`,
      tags,
      summary: 'How many parcels’ current statuses saving these mappings would change (nothing is saved)',
    })
    .input(z.object({ body: statusMapImpactSchema }))
    .output(statusMapImpactReplySchema),
  update: route
    .meta({ permission: ['statuses.write'], errors: [notFound] })
    .route({
      method: 'PUT',
      path: `${BASE}/update`,
      tags,
      summary: 'Change one row’s status, description or terminal flag; parcels standing on it follow',
    })
    .input(z.object({ body: updateStatusMapSchema }))
    .output(statusMapSavedSchema),
  remove: route
    .meta({ permission: ['statuses.write'] })
    .route({
      method: 'DELETE',
      path: `${BASE}/remove/{id}`,
      successStatus: 204,
      tags,
      summary: 'Remove a carrier code from the map (parcels keep their statuses)',
    })
    .input(z.object({ params: z.object({ id: rowId(MESSAGES.statusMapNotFound) }) }))
    .output(noContent),
  importCodes: route
    .meta({
      permission: ['statuses.write'],
      upload: { field: 'file', maxBytes: STATUS_MAP_FILE_MAX_BYTES, extensions: ['xlsx'] },
    })
    .route({
      method: 'POST',
      path: `${BASE}/importOperatorStatusesXLS/{type}`,
      tags,
      summary:
        'Import a carrier type’s code list from xlsx (code, description, optional status and terminal columns)',
      description:
        'multipart/form-data with the workbook as `file`. The first sheet is read: column A the code, B the ' +
        'description, C an internal status (its code, or its English or Polish name), D terminal (yes/no, tak/nie). ' +
        'A first row of headers is skipped. Codes already in the map keep their mapping unless the file names one. ' +
        'Any bad row refuses the whole file, naming the row; nothing is saved.',
    })
    .input(z.object({ params: z.object({ type: statusMapOperatorTypeField }) }))
    .output(statusMapSaveReplySchema),
};
