import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredString } from '../fields';
import { sortDirectionSchema } from '../pagination';
import { PAGE_SIZE } from '../constants';
import { OPERATOR_TYPES } from '../operators/config-models';
import { PARCEL_STATUSES, type ParcelStatus } from '../parcels/constants';

const v = MESSAGES.validation;

/** Longest carrier status code and description (the columns' lengths). */
export const STATUS_CODE_MAX = 100;
export const STATUS_DESCRIPTION_MAX = 500;
/** Most rows one save of the status map (saveMapInDB) or one imported code list may hold. */
export const STATUS_MAP_SAVE_MAX = 2_000;
/** Largest code list file accepted (importOperatorStatusesXLS): carriers' lists are a few hundred rows. */
export const STATUS_MAP_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** The carrier type a map belongs to (SPEC "operator type"). */
export const statusMapOperatorTypeField = z.enum(OPERATOR_TYPES, {
  error: (iss) => (iss.input === undefined ? v.operatorTypeRequired : v.operatorTypeInvalid),
});
/** SPEC "external status": the carrier's code, as it sends it (kept as given, only trimmed). */
export const externalStatusField = requiredString(v.externalStatusRequired, STATUS_CODE_MAX);
export const statusDescriptionField = requiredString(v.descriptionRequired, STATUS_DESCRIPTION_MAX);
/**
 * Statuses a carrier's code may mean: every parcel status but `toCancel` (only a cancellation puts a parcel there).
 * A code meaning `new` is kept for the record and never moves a parcel (libs/domain carrierStatusOf).
 */
export const MAPPABLE_STATUSES = PARCEL_STATUSES.filter((s) => s !== 'toCancel') as [
  ParcelStatus,
  ...ParcelStatus[],
];

/** SPEC "status" (dbName): the internal parcel status a code means. */
export const internalStatusField = z.enum(MAPPABLE_STATUSES, {
  error: (iss) => (iss.input === undefined || iss.input === null ? v.statusRequired : v.statusInvalid),
});
const statusMapIdField = z.uuid({ error: MESSAGES.statusMapNotFound });

/** POST /mapStatus/create (the "+ create" screen): one carrier code and the internal status it means. */
export const createStatusMapSchema = z
  .object({
    operatorType: statusMapOperatorTypeField,
    code: externalStatusField,
    description: statusDescriptionField,
    dbName: internalStatusField,
    /** Absent: terminal when the status is (libs/domain defaultTerminal). */
    isTerminal: z.boolean().optional(),
  })
  .strict();
export type CreateStatusMapRequest = z.input<typeof createStatusMapSchema>;

/** One code of a carrier's map as the map screen saves it; `dbName` null leaves (or makes) it unmapped. */
export const statusMapEntrySchema = z
  .object({
    code: externalStatusField,
    description: statusDescriptionField,
    dbName: internalStatusField.nullable(),
    isTerminal: z.boolean(),
  })
  .strict();
export type StatusMapEntry = z.input<typeof statusMapEntrySchema>;

/** POST /mapStatus/saveMapInDB: a carrier type's codes, saved together (added or changed by code). */
export const saveStatusMapSchema = z
  .object({
    operatorType: statusMapOperatorTypeField,
    rows: z
      .array(statusMapEntrySchema, { error: MESSAGES.statusMapNothingToSave })
      .min(1, { error: MESSAGES.statusMapNothingToSave })
      .max(STATUS_MAP_SAVE_MAX, { error: MESSAGES.statusMapTooManyRows(STATUS_MAP_SAVE_MAX) }),
  })
  .strict();
export type SaveStatusMapRequest = z.input<typeof saveStatusMapSchema>;

/** PUT /mapStatus/update: one row's status, description or terminal flag. */
export const updateStatusMapSchema = z
  .object({
    id: statusMapIdField,
    description: statusDescriptionField.optional(),
    dbName: internalStatusField.nullable().optional(),
    isTerminal: z.boolean().optional(),
  })
  .strict();
export type UpdateStatusMapRequest = z.input<typeof updateStatusMapSchema>;

/** POST /mapStatus/impact: what saving these codes would do to parcels, before it is saved. */
export const statusMapImpactSchema = z
  .object({
    operatorType: statusMapOperatorTypeField,
    rows: z
      .array(z.object({ code: externalStatusField, dbName: internalStatusField.nullable() }).strict(), {
        error: MESSAGES.statusMapNothingToSave,
      })
      .min(1, { error: MESSAGES.statusMapNothingToSave })
      .max(STATUS_MAP_SAVE_MAX, { error: MESSAGES.statusMapTooManyRows(STATUS_MAP_SAVE_MAX) }),
  })
  .strict();
export type StatusMapImpactRequest = z.input<typeof statusMapImpactSchema>;

/** How many parcels' current statuses a change would set, in all and per code. */
export const statusMapImpactReplySchema = z.object({
  parcels: z.number().int(),
  byCode: z.array(z.object({ code: z.string(), parcels: z.number().int() })),
});
export type StatusMapImpact = z.infer<typeof statusMapImpactReplySchema>;

/** One row of the status map (list, create, update replies; live updates on `list:statuses`). */
export const statusMapRowSchema = z.object({
  id: z.uuid(),
  operatorType: z.enum(OPERATOR_TYPES),
  code: z.string(),
  description: z.string(),
  dbName: z.enum(PARCEL_STATUSES).nullable(),
  isTerminal: z.boolean(),
  /** Tracking events carrying this code (an unmapped one is "seen but unmapped"). */
  seenCount: z.number().int(),
  lastSeenAt: z.iso.datetime().nullable(),
  exampleParcelId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type StatusMapRow = z.infer<typeof statusMapRowSchema>;

/** A saved row and how many parcels' statuses the save set (re-applied through the new mapping). */
export const statusMapSavedSchema = z.object({ row: statusMapRowSchema, parcelsChanged: z.number().int() });
export type StatusMapSaved = z.infer<typeof statusMapSavedSchema>;

/** saveMapInDB and the import: what happened to the codes, and to parcels. */
export const statusMapSaveReplySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  parcelsChanged: z.number().int(),
});
export type StatusMapSaveReply = z.infer<typeof statusMapSaveReplySchema>;

/** POST /mapStatus/operatorTypeGetList: every carrier type with its map's counts. */
export const statusMapOperatorTypeSchema = z.object({
  operatorType: z.enum(OPERATOR_TYPES),
  /** Carriers (operators) of this type. */
  operators: z.number().int(),
  codes: z.number().int(),
  mapped: z.number().int(),
  unmapped: z.number().int(),
  /** Unmapped codes the carrier has sent (seen in tracking). */
  seenUnmapped: z.number().int(),
});
export type StatusMapOperatorType = z.infer<typeof statusMapOperatorTypeSchema>;

/** The list's status filter: an internal status, or the codes not mapped yet. */
export const STATUS_MAP_UNMAPPED = 'unmapped';
export const STATUS_MAP_SORT_FIELDS = ['operatorType', 'code', 'seenCount', 'updatedAt'] as const;
export type StatusMapSortField = (typeof STATUS_MAP_SORT_FIELDS)[number];

/** GET /mapStatus/list?search=&operatorType=&dbName=&sort=&direction=&cursor=&limit=. */
export const statusMapListQuerySchema = z
  .object({
    /** The code or the description contains this (case-insensitive). */
    search: z.string().trim().max(100).optional(),
    operatorType: statusMapOperatorTypeField.optional(),
    dbName: z.enum([...PARCEL_STATUSES, STATUS_MAP_UNMAPPED], { error: v.statusInvalid }).optional(),
    sort: z.enum(STATUS_MAP_SORT_FIELDS).default('operatorType'),
    direction: sortDirectionSchema.default('asc'),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
  })
  .strict();
export type StatusMapListQuery = z.input<typeof statusMapListQuerySchema>;
