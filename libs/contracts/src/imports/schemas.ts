import { z } from 'zod';
import { listRequestBase } from '../pagination';
import { MESSAGES } from '../messages';
import {
  IMPORT_COLUMNS,
  IMPORT_DELIMITERS,
  IMPORT_ENCODINGS,
  IMPORT_ROW_STATES,
  IMPORT_STATES,
  type ImportColumn,
} from './constants';

const errorDetailSchema = z.object({ path: z.string(), message: z.string() });

/** Field → the index of its file column (the column mapping step; decision 0150). */
export const importColumnMapSchema = z
  .object(
    Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, z.number().int().min(0).max(499).optional()])) as Record<
      ImportColumn,
      z.ZodOptional<z.ZodNumber>
    >,
  )
  .strict();
export type ImportColumnMapInput = z.infer<typeof importColumnMapSchema>;

/** An import as lists and its page show it. */
export const importViewSchema = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  fileName: z.string(),
  kind: z.enum(['xlsx', 'csv']),
  encoding: z.enum(IMPORT_ENCODINGS),
  delimiter: z.enum(IMPORT_DELIMITERS).nullable(),
  headers: z.array(z.string()),
  columnMap: importColumnMapSchema,
  state: z.enum(IMPORT_STATES),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  createdRows: z.number().int(),
  errorMessage: z.string().nullable(),
  /** Who uploaded it: a user's name or e-mail, or an API key's name. */
  createdBy: z.string().nullable(),
  jobId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportView = z.infer<typeof importViewSchema>;

/** One row of an import (SPEC 3 import detail). */
export const importRowViewSchema = z.object({
  id: z.uuid(),
  importId: z.uuid(),
  row: z.number().int(),
  rawData: z.array(z.string()),
  state: z.enum(IMPORT_ROW_STATES),
  errorMessage: z.string().nullable(),
  errors: z.array(errorDetailSchema),
  referenceNumber: z.string().nullable(),
  externalNumber: z.string().nullable(),
  parcelId: z.uuid().nullable(),
  externalTrackingNumber: z.string().nullable(),
  updatedAt: z.string(),
});
export type ImportRowView = z.infer<typeof importRowViewSchema>;

/**
 * The upload's form fields beside the file: the client (staff choose one; a client user's or key's own is used) and
 * the column mapping as JSON, or one of the client's column presets (neither: the headers are recognised).
 */
export const importUploadFieldsSchema = z
  .object({
    clientId: z.uuid({ error: MESSAGES.clientNotFound }).optional(),
    columnMap: z
      .string()
      .max(5000)
      .transform((text, ctx) => {
        try {
          return importColumnMapSchema.parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: MESSAGES.importColumnMapInvalid });
          return z.NEVER;
        }
      })
      .optional(),
    presetId: z.uuid({ error: MESSAGES.importPresetNotFound }).optional(),
  })
  .strict()
  .refine((f) => !(f.columnMap && f.presetId), { error: MESSAGES.importPresetWithMap, path: ['presetId'] });

/** `POST /import/list`: newest first, by state and (staff) client. */
export const importListRequestSchema = listRequestBase.extend({
  filters: z
    .object({ state: z.enum(IMPORT_STATES).optional(), clientId: z.uuid().optional() })
    .strict()
    .default({}),
});
export type ImportListRequest = z.input<typeof importListRequestSchema>;

/** `POST /import/{id}/rows`: in file order, by state. */
export const importRowListRequestSchema = listRequestBase.extend({
  filters: z
    .object({ state: z.enum(IMPORT_ROW_STATES).optional() })
    .strict()
    .default({}),
});
export type ImportRowListRequest = z.input<typeof importRowListRequestSchema>;

/** `PUT /import/{id}/rows/{rowId}`: a row's cells as the user fixed them (the file's column order). */
export const importRowFixSchema = z.object({ cells: z.array(z.string().max(1000)).max(500) }).strict();
export type ImportRowFix = z.infer<typeof importRowFixSchema>;

/**
 * `POST /large/order/createShipmentFromFile` (SPEC 7): the file imported and approved in one call. 201 with an empty
 * `errorList` is success; otherwise the bad records (SPEC 8).
 */
export const largeImportReplySchema = z.object({
  importId: z.uuid(),
  successCount: z.number().int(),
  errorCount: z.number().int(),
  /** Each refused row with its first error. */
  errorList: z.array(z.object({ row: z.number().int(), errorMessage: z.string() })),
  /** Each refused row with all its errors by column. */
  errorDetails: z.array(z.object({ row: z.number().int(), errors: z.array(errorDetailSchema) })),
});
export type LargeImportReply = z.infer<typeof largeImportReplySchema>;
