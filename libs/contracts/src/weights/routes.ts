import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { MESSAGES } from '../messages';
import { XLSX_MIME } from '../exports/schemas';
import { listReplySchema, route, rowId } from '../contract/route';
import { IMPORT_FILE_EXTENSIONS, IMPORT_FILE_MAX_BYTES } from '../imports/constants';
import {
  weightImportLineViewSchema,
  weightImportLinesRequestSchema,
  weightImportListRequestSchema,
  weightImportViewSchema,
  weightUploadReplySchema,
} from './schemas';

const tags = ['weights'];
const params = z.object({ id: rowId(MESSAGES.weightImportNotFound) });

/**
 * Real weights from carriers' files (issue 16 item 4, decision 0151): accounting (admins) uploads a carrier's file;
 * each line's number is matched to a parcel by any of its numbers and its real (and dimensional) weight recorded
 * beside the declared one; the report lists the unmatched numbers and the over-declared parcels.
 */
export const weightRoutes = {
  upload: route
    .meta({
      permission: ['accounting.write'],
      upload: {
        field: 'file',
        maxBytes: IMPORT_FILE_MAX_BYTES,
        extensions: IMPORT_FILE_EXTENSIONS,
        wrongType: MESSAGES.importFileType,
      },
    })
    .route({
      method: 'POST',
      path: '/large/order/importRealWeightFromFile',
      successStatus: 201,
      tags,
      summary:
        "Record carriers' real weights (.xlsx or .csv, up to 50 MB / 200,000 lines: a number column, a real weight column, optionally a dimensional weight): each line is matched to a parcel by any of its numbers; the reply counts the lines and starts the report",
    })
    .input(z.object({ body: z.object({}).strict() }))
    .output(weightUploadReplySchema),
  list: route
    .meta({ permission: ['accounting.read'] })
    .route({
      method: 'POST',
      path: '/weightImport/list',
      tags,
      summary: 'Real-weight files brought, newest first',
    })
    .input(z.object({ body: weightImportListRequestSchema }))
    .output(listReplySchema(weightImportViewSchema)),
  get: route
    .meta({ permission: ['accounting.read'] })
    .route({
      method: 'GET',
      path: '/weightImport/{id}',
      tags,
      summary: 'One real-weight file with its counts',
    })
    .input(z.object({ params }))
    .output(weightImportViewSchema),
  lines: route
    .meta({ permission: ['accounting.read'] })
    .route({
      method: 'POST',
      path: '/weightImport/{id}/lines',
      tags,
      summary: "A real-weight file's lines in file order, by outcome",
    })
    .input(z.object({ params, body: weightImportLinesRequestSchema }))
    .output(listReplySchema(weightImportLineViewSchema)),
  report: route
    .meta({ permission: ['accounting.read'], file: { [XLSX_MIME]: {} } })
    .route({
      method: 'GET',
      path: '/weightImport/{id}/report',
      successStatus: 200,
      tags,
      summary:
        "The report as a workbook: the over-declared, unmatched and invalid lines with the parcel, the weights, the difference and the reason (in the language asked, else the reader's)",
    })
    .input(z.object({ params, query: z.object({ lang: z.enum(LANGUAGES).optional() }) })),
};
