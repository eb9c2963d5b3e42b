import { z } from 'zod';
import { listRequestBase } from '../pagination';
import { IMPORT_DELIMITERS, IMPORT_ENCODINGS } from '../imports/constants';
import { WEIGHT_LINE_OUTCOMES } from './constants';

const kg = z.string().meta({ description: 'Kilograms, a decimal string with 3 places' });

/** A real-weight file as accounting brought it: how it was read and what its lines found (decision 0151). */
export const weightImportViewSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  kind: z.enum(['xlsx', 'csv']),
  encoding: z.enum(IMPORT_ENCODINGS),
  delimiter: z.enum(IMPORT_DELIMITERS).nullable(),
  /** Every non-blank line after the headers. */
  totalRows: z.number().int(),
  /** Lines that found their parcel, its real weight within the declared one. */
  matchedRows: z.number().int(),
  /** Lines whose number no parcel has. */
  unmatchedRows: z.number().int(),
  /** Lines that found their parcel, whose real (or dimensional, the larger) weight exceeds the declared one. */
  overDeclaredRows: z.number().int(),
  /** Lines refused (their reason in the report); nothing recorded from them. */
  invalidRows: z.number().int(),
  /** Who brought it: a user's name or e-mail. */
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type WeightImportView = z.infer<typeof weightImportViewSchema>;

/** One line of a real-weight file and what became of it. */
export const weightImportLineViewSchema = z.object({
  id: z.string(),
  /** The line's row as the user sees it (Excel's row number, or the CSV record counting the headers as 1). */
  row: z.number().int(),
  /** The number as the file gave it (cut at 100 characters). */
  number: z.string().nullable(),
  parcelId: z.uuid().nullable(),
  /** The matched parcel's internal number. */
  parcelNumber: z.string().nullable(),
  declaredWeightKg: kg.nullable(),
  realWeightKg: kg.nullable(),
  dimensionalWeightKg: kg.nullable(),
  /** The larger of the real and dimensional weights less the declared one (matched lines); > 0 when over-declared. */
  differenceKg: kg.nullable(),
  outcome: z.enum(WEIGHT_LINE_OUTCOMES),
  errorMessage: z.string().nullable(),
});
export type WeightImportLineView = z.infer<typeof weightImportLineViewSchema>;

/** `POST /large/order/importRealWeightFromFile`: the import with its counts and the first lines of its report. */
export const weightUploadReplySchema = weightImportViewSchema.extend({
  report: z
    .array(weightImportLineViewSchema)
    .meta({ description: 'The first 100 over-declared, unmatched and invalid lines, in file order' }),
});
export type WeightUploadReply = z.infer<typeof weightUploadReplySchema>;

/** `POST /weightImport/list`: newest first. */
export const weightImportListRequestSchema = listRequestBase.extend({
  filters: z.object({}).strict().default({}),
});
export type WeightImportListRequest = z.input<typeof weightImportListRequestSchema>;

/** `POST /weightImport/{id}/lines`: in file order, by outcome. */
export const weightImportLinesRequestSchema = listRequestBase.extend({
  filters: z
    .object({ outcome: z.enum(WEIGHT_LINE_OUTCOMES).optional() })
    .strict()
    .default({}),
});
export type WeightImportLinesRequest = z.input<typeof weightImportLinesRequestSchema>;
