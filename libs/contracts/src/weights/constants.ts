// Real weights from carriers' files (issue 16 item 4, decision 0151): accounting brings a carrier's file of measured
// weights; each line is matched to a parcel by any of its numbers and recorded beside the declared weight.

// A real-weight file is read by the shipment import's reader, within its limits (IMPORT_FILE_MAX_BYTES, 50 MB, refused
// before it is read whole; IMPORT_MAX_ROWS, 200,000 lines; IMPORT_UNPACKED_MAX_BYTES against zip bombs).

/** The heaviest real or dimensional weight a line may give (kg): anything above is a typo, not a parcel. */
export const WEIGHT_MAX_KG = 10_000;
/** The longest parcel number a line may give (the parcels' number columns hold 100 characters). */
export const WEIGHT_NUMBER_MAX_LENGTH = 100;
/** Lines of the report the upload's reply carries (the rest: `POST /weightImport/{id}/lines`). */
export const WEIGHT_REPLY_REPORT_LINES = 100;

/** The columns of a real-weight file: the parcel's number, its real weight, and optionally its dimensional weight. */
export const WEIGHT_FILE_COLUMNS = ['number', 'realWeightKg', 'dimensionalWeightKg'] as const;
export type WeightFileColumn = (typeof WEIGHT_FILE_COLUMNS)[number];
/** The columns a real-weight file must have. */
export const WEIGHT_REQUIRED_COLUMNS = [
  'number',
  'realWeightKg',
] as const satisfies readonly WeightFileColumn[];

/**
 * What became of a line: `matched` (a parcel found, its real weight within the declared one), `overDeclared` (found,
 * and its real or dimensional weight — the larger — exceeds the declared one: accounting bills the difference),
 * `unmatched` (no parcel has the number), `invalid` (the line's data is refused; nothing recorded). Exclusive: the
 * four counts add up to the file's lines.
 */
export const WEIGHT_LINE_OUTCOMES = ['matched', 'overDeclared', 'unmatched', 'invalid'] as const;
export type WeightLineOutcome = (typeof WEIGHT_LINE_OUTCOMES)[number];
/** The outcomes the report (its file, and the upload's reply) lists: everything but a plain match. */
export const WEIGHT_REPORT_OUTCOMES = [
  'overDeclared',
  'unmatched',
  'invalid',
] as const satisfies readonly WeightLineOutcome[];
