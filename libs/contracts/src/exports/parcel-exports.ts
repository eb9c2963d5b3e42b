import { z } from 'zod';
import { exportSelectionSchema } from './schemas';
import { MESSAGES } from '../messages';

/**
 * Parcel exports (SPEC 7 `POST /order/selectedOrders` (xlsx) and `POST /order/exportCSV`; decision 0080): one
 * parcel by `id`, or a selection of the parcels list (picked ids, or select-all with the list's filters and order
 * minus `exceptId`; SPEC's `getListReq` shape too). Small selections answer the file, large ones run the export job.
 */

/** The file formats an export job writes. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CSV_MIME = 'text/csv; charset=utf-8';

/** The export source of the parcels list (and the `entity` of its export jobs and files). */
export const PARCEL_EXPORT_ENTITY = 'parcels';

/**
 * The body of both parcel exports: `{ id }` names one parcel (SPEC 7); otherwise the list's selection
 * (`selectedAll`, `ids`, `exceptId`, `filters`, `orderBy`, or `getListReq`). `id` wins over a selection.
 */
export const parcelExportRequestSchema = z
  .looseObject({
    id: z.uuid({ error: MESSAGES.parcelExportIdInvalid }).optional(),
  })
  .transform(({ id, ...rest }) =>
    id ? { ...rest, selectedAll: false, ids: [id], exceptId: [], getListReq: undefined } : rest,
  )
  .pipe(exportSelectionSchema);
export type ParcelExportRequest = z.input<typeof parcelExportRequestSchema>;
