import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { MESSAGES } from '../messages';
import { CSV_MIME } from '../exports/parcel-exports';
import { XLSX_MIME } from '../exports/schemas';
import { listReplySchema, route, rowId } from '../contract/route';
import { IMPORT_FILE_EXTENSIONS, IMPORT_FILE_MAX_BYTES } from './constants';
import {
  importListRequestSchema,
  importRowFixSchema,
  importRowListRequestSchema,
  importRowViewSchema,
  importUploadFieldsSchema,
  importViewSchema,
  largeImportReplySchema,
} from './schemas';

const tags = ['imports'];
const importParams = z.object({ id: rowId(MESSAGES.importNotFound) });
const rowParams = z.object({ id: rowId(MESSAGES.importNotFound), rowId: rowId(MESSAGES.importRowNotFound) });
const ownedImport = { kind: 'import', param: 'id', notFound: MESSAGES.importNotFound } as const;
const notReady = [409, MESSAGES.importNotReady] as const;
const spreadsheet = { [XLSX_MIME]: {}, [CSV_MIME]: { text: true } } as const;
/** A file's format and the language of its headers. */
const fileQuery = z.object({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  lang: z.enum(LANGUAGES).default('en'),
});
/** The failed rows' format and language: the language asked, else the reader's own (as exports), else English. */
const failedRowsQuery = fileQuery.extend({ lang: z.enum(LANGUAGES).optional() });
const fileUpload = {
  field: 'file',
  maxBytes: IMPORT_FILE_MAX_BYTES,
  extensions: IMPORT_FILE_EXTENSIONS,
  wrongType: MESSAGES.importFileType,
};

/**
 * Imports of shipments from files (SPEC 2 `/import` + details, SPEC 7 `/import/...`; issue 16, decision 0150). A
 * client user or an API key works with its own client's imports only.
 */
export const importRoutes = {
  upload: route
    .meta({
      permission: ['import.create'],
      external: true,
      upload: fileUpload,
      errors: [[403, MESSAGES.ordersBlocked]],
    })
    .route({
      method: 'POST',
      path: '/import/createShipmentFromFile',
      successStatus: 201,
      tags,
      summary:
        'Upload shipments (.xlsx or .csv, up to 50 MB / 200,000 rows): every row is checked as the parcel form checks it; nothing is created before approve',
    })
    .input(z.object({ body: importUploadFieldsSchema }))
    .output(importViewSchema),
  list: route
    .meta({ permission: ['import.read'], external: true })
    .route({
      method: 'POST',
      path: '/import/list',
      tags,
      summary: 'Imports, newest first, by state and client',
    })
    .input(z.object({ body: importListRequestSchema }))
    .output(listReplySchema(importViewSchema)),
  get: route
    .meta({ permission: ['import.read'], external: true, ownedRow: ownedImport })
    .route({ method: 'GET', path: '/import/{id}', tags, summary: 'One import with its counts and state' })
    .input(z.object({ params: importParams }))
    .output(importViewSchema),
  rows: route
    .meta({ permission: ['import.read'], external: true, ownedRow: ownedImport })
    .route({
      method: 'POST',
      path: '/import/{id}/rows',
      tags,
      summary: "An import's rows in file order, by state, with each invalid row's errors by field",
    })
    .input(z.object({ params: importParams, body: importRowListRequestSchema }))
    .output(listReplySchema(importRowViewSchema)),
  fixRow: route
    .meta({ permission: ['import.create'], external: true, ownedRow: ownedImport, errors: [notReady] })
    .route({
      method: 'PUT',
      path: '/import/{id}/rows/{rowId}',
      tags,
      summary: "Fix a row's cells in place: it is checked again (duplicates included) and the counts follow",
    })
    .input(z.object({ params: rowParams, body: importRowFixSchema }))
    .output(importRowViewSchema),
  approve: route
    .meta({ permission: ['import.approve'], external: true, ownedRow: ownedImport, errors: [notReady] })
    .route({
      method: 'POST',
      path: '/import/approved/{id}',
      successStatus: 202,
      tags,
      summary:
        'Approve: a job creates the parcels of the valid rows (source "file"), each row at most once; follow it on the import',
    })
    .input(z.object({ params: importParams }))
    .output(importViewSchema),
  cancel: route
    .meta({ permission: ['import.approve'], external: true, ownedRow: ownedImport, errors: [notReady] })
    .route({
      method: 'POST',
      path: '/import/cancel/{id}',
      tags,
      summary: 'Cancel an import waiting for approval: its rows are discarded, nothing is created',
    })
    .input(z.object({ params: importParams }))
    .output(importViewSchema),
  large: route
    .meta({
      permission: ['import.create'],
      external: true,
      upload: fileUpload,
      errors: [[403, MESSAGES.ordersBlocked]],
    })
    .route({
      method: 'POST',
      path: '/large/order/createShipmentFromFile',
      successStatus: 201,
      tags,
      summary:
        'Import and approve in one call (SPEC 7 large-file API): the valid rows become parcels at once; the reply counts them and lists the refused rows',
    })
    .input(z.object({ body: importUploadFieldsSchema }))
    .output(largeImportReplySchema),
  template: route
    .meta({ permission: ['import.create'], external: true, file: spreadsheet })
    .route({
      method: 'GET',
      path: '/import/template',
      successStatus: 200,
      tags,
      summary:
        "The shipment file's template: every column's header in the language asked (xlsx or a Polish-Excel CSV)",
    })
    .input(z.object({ query: fileQuery })),
  failedRows: route
    .meta({ permission: ['import.read'], external: true, ownedRow: ownedImport, file: spreadsheet })
    .route({
      method: 'GET',
      path: '/import/{id}/failedRows',
      successStatus: 200,
      tags,
      summary:
        "The import's refused rows as they were read, with the reasons in a last column (in the language asked, else the user's): fix them and upload the file again",
    })
    .input(z.object({ params: importParams, query: failedRowsQuery })),
};
