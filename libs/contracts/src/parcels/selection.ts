import { z } from 'zod';
import { LABELS_MAX_IDS } from '../labels/schemas';
import { MESSAGES } from '../messages';
import { flattenGetListReq, parcelIdList, parcelListFiltersSchema, parcelListOrderSchema } from './list';

/**
 * `POST /order/selection/ids` (decision 0071): the ids of the parcels a list selection names, in the list's order,
 * so the panel can send a select-all selection to calls that take ids (bulk labels).
 */

/** At most this many ids come back (a bulk label request's limit). */
export const PARCEL_SELECTION_MAX_IDS = LABELS_MAX_IDS;

/**
 * The list's selection: picked `ids`, or `selectedAll` with `exceptId` under the list's `filters` and `orderBy`;
 * SPEC 7's `getListReq: { filters, orderBy, selectedAll }` is accepted too (top-level fields win), as in the mass
 * action.
 */
export const parcelSelectionSchema = z
  .preprocess(
    flattenGetListReq,
    z
      .object({
        selectedAll: z.boolean().default(false),
        ids: parcelIdList.default([]),
        exceptId: parcelIdList.default([]),
        filters: parcelListFiltersSchema.prefault({}),
        orderBy: parcelListOrderSchema,
      })
      .strict(),
  )
  .refine((b) => b.selectedAll || b.ids.length > 0, { error: MESSAGES.parcelNothingSelected, path: ['ids'] });
export type ParcelSelectionRequest = z.input<typeof parcelSelectionSchema>;
export type ParcelSelectionBody = z.output<typeof parcelSelectionSchema>;

/** The reply: the visible parcels of the selection, in the list's order (picked ids: in the list's order too). */
export const parcelSelectionIdsReplySchema = z.object({ ids: z.array(z.uuid()) });
export type ParcelSelectionIdsReply = z.infer<typeof parcelSelectionIdsReplySchema>;
