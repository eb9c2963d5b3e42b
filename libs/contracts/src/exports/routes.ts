import { z } from 'zod';
import { MESSAGES } from '../messages';
import { route, rowId } from '../contract/route';
import { PDF_MIME, ZPL_MIME } from '../labels/schemas';
import { CSV_MIME, parcelExportRequestSchema } from './parcel-exports';
import {
  clientExportRequestSchema,
  EXPORT_ENTITY_PATHS,
  exportSelectionSchema,
  exportStartedReplySchema,
  massExportRequestSchema,
  type ExportEntityPath,
  XLSX_MIME,
} from './schemas';

const tags = ['exports'];
const listPermissions = ['clients.export', 'matrices.read', 'operators.read'] as const;
/** The list in the path (SPEC §7's `{client|matrix|operator}`); the guard answers 404 for any other first. */
const entityParam = z.enum(Object.keys(EXPORT_ENTITY_PATHS) as [ExportEntityPath, ...ExportEntityPath[]], {
  error: MESSAGES.notFound,
});
const fileParams = z.object({ id: rowId(MESSAGES.exportFileNotFound) });
const xlsxReply = 'The xlsx file (X-Export-Rows: its rows)';
const xlsx = { [XLSX_MIME]: {} };
const csv = { [CSV_MIME]: { text: true } } as const;

/**
 * The exports of SPEC §7 (decisions 0045, 0080, 0095): each answers 200 with the file, or 202 with the export job
 * (`{ jobId }`) when the selection is large; the job's file is downloaded by its owner.
 */
export const exportRoutes = {
  clients: route
    .meta({ permission: ['clients.export'], file: xlsx })
    .route({
      method: 'POST',
      path: '/client/exportToXlsx',
      successStatus: 200,
      successDescription: xlsxReply,
      tags,
      summary: 'Clients to xlsx: id "all" (every client) or one id; large exports answer 202 { jobId }',
    })
    .input(z.object({ body: clientExportRequestSchema }))
    .output(exportStartedReplySchema),
  massAction: route
    .meta({ permission: [...listPermissions], file: xlsx })
    .route({
      method: 'POST',
      path: '/{entity}/mass/action',
      successStatus: 200,
      successDescription: xlsxReply,
      tags,
      summary:
        'Mass export of a list (client, matrix, operator) by actionName and selection; large ones answer 202 { jobId }',
    })
    .input(z.object({ params: z.object({ entity: entityParam }), body: massExportRequestSchema }))
    .output(exportStartedReplySchema),
  exportAction: route
    .meta({ permission: [...listPermissions], file: xlsx })
    .route({
      method: 'POST',
      path: '/{entity}/export/{actionName}',
      successStatus: 200,
      successDescription: xlsxReply,
      tags,
      summary: 'The same mass export with the action in the path',
    })
    .input(
      // An unknown action is a 400 from the service (as in the body of mass/action), not a 404.
      z.object({
        params: z.object({ entity: entityParam, actionName: z.string() }),
        body: exportSelectionSchema,
      }),
    )
    .output(exportStartedReplySchema),
  parcelsXlsx: route
    .meta({ permission: ['parcels.export'], file: xlsx })
    .route({
      method: 'POST',
      path: '/order/selectedOrders',
      successStatus: 200,
      successDescription: xlsxReply,
      tags,
      summary:
        'Parcels to xlsx: { id } or the list selection (filters, orderBy, select-all with exceptId); large ones answer 202 { jobId }',
    })
    .input(z.object({ body: parcelExportRequestSchema }))
    .output(exportStartedReplySchema),
  parcelsCsv: route
    .meta({ permission: ['parcels.export'], file: csv })
    .route({
      method: 'POST',
      path: '/order/exportCSV',
      successStatus: 200,
      successDescription: 'The CSV file, streamed (X-Export-Rows: its rows)',
      tags,
      summary: 'Parcels to CSV (streamed): { id } or the list selection; large ones answer 202 { jobId }',
    })
    .input(z.object({ body: parcelExportRequestSchema }))
    .output(exportStartedReplySchema),
  /** Always the file (no JSON case): no reply schema. */
  download: route
    .meta({
      permission: ['jobs.read'],
      file: { ...xlsx, ...csv, [PDF_MIME]: {}, [ZPL_MIME]: { text: true } },
    })
    .route({
      method: 'GET',
      path: '/export/file/{id}',
      successDescription: "The job's file: an export's xlsx or CSV, or the labels' PDF or ZPL",
      tags,
      summary: 'Download the file of a finished export job (its owner only, for 24 hours)',
    })
    .input(z.object({ params: fileParams })),
};
