// Imports of shipments from files (SPEC 2 `/import` + details, SPEC 3 import detail, SPEC 7 `/import/...`;
// issue 16, decision 0150).

/** The largest shipment file taken (50 MB): a larger one is refused before it is read whole. */
export const IMPORT_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** The most rows (shipments) one file may hold. */
export const IMPORT_MAX_ROWS = 200_000;
/** The largest sum of an xlsx's unpacked parts: far above any real 50 MB workbook's, far below a zip bomb's. */
export const IMPORT_UNPACKED_MAX_BYTES = 500 * 1024 * 1024;
/** The extensions a shipment file may have. */
export const IMPORT_FILE_EXTENSIONS = ['xlsx', 'csv'] as const;

/** How a file's text was read: a CSV's encoding (detected, and said back to the user), or an xlsx (always UTF-8). */
export const IMPORT_ENCODINGS = ['utf-8', 'utf-8-bom', 'windows-1250'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** The separators a CSV may use (Polish Excel writes `;`). */
export const IMPORT_DELIMITERS = [';', ',', '\t'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

/**
 * The columns of a shipment file: each is one field of the parcel form (one rule, three users: form, API, import).
 * Their headers in English and Polish are catalogue texts (`imports.column.<column>`), which the template prints and
 * the header recognition reads.
 */
export const IMPORT_COLUMNS = [
  'referenceNumber',
  'externalNumber',
  'recipientName',
  'recipientStreet',
  'recipientBuilding',
  'recipientCity',
  'recipientZipCode',
  'recipientCountry',
  'recipientPhone',
  'recipientEmail',
  'weightKg',
  'sizeCmL',
  'sizeCmW',
  'sizeCmD',
  'packageCount',
  'content',
  'value',
  'valueCurrency',
  'codAmount',
  'codCurrency',
  'insuranceAmount',
  'dropOffPoint',
  'note1',
  'note2',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/**
 * The columns every file must have (mapped): without them no row can be a parcel. The rest may be absent (the
 * client's defaults fill what they can).
 */
export const IMPORT_REQUIRED_COLUMNS = [
  'recipientName',
  'recipientStreet',
  'recipientBuilding',
  'recipientCity',
  'recipientZipCode',
  'recipientCountry',
  'weightKg',
] as const satisfies readonly ImportColumn[];

/**
 * An import's life: `validating` (rows being read and checked), `ready` (to review, fix, approve or cancel),
 * `approving` (the job creating the parcels), `done`, `cancelled`, `failed` (the file or the job failed).
 */
export const IMPORT_STATES = ['validating', 'ready', 'approving', 'done', 'cancelled', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/**
 * A row's state (SPEC `statusProccess`): `valid` (would become a parcel), `invalid` (its errors say why), `created`
 * (its parcel exists), `discarded` (the import was cancelled).
 */
export const IMPORT_ROW_STATES = ['valid', 'invalid', 'created', 'discarded'] as const;
export type ImportRowState = (typeof IMPORT_ROW_STATES)[number];

/** The Agenda job that creates the parcels of an approved import. */
export const IMPORT_APPROVE_JOB = 'imports.approve';
/** The recurring job that fails imports whose check stopped (decision 0153). */
export const IMPORT_STALLED_SWEEP_JOB = 'imports.stalledSweep';
