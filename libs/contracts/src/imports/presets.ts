import { z } from 'zod';
import { MESSAGES } from '../messages';
import { route, noContent, rowId } from '../contract/route';
import { requiredString } from '../fields';
import {
  IMPORT_COLUMNS,
  IMPORT_DELIMITERS,
  IMPORT_ENCODINGS,
  IMPORT_FILE_EXTENSIONS,
  IMPORT_FILE_MAX_BYTES,
  type ImportColumn,
} from './constants';
import { importColumnMapSchema } from './schemas';

// The column mapping step and per-client column presets (issue 16 item 1, decision 0152).

/** The longest preset name (the column is varchar(100)). */
export const IMPORT_PRESET_NAME_MAX = 100;
/** The longest header a preset may name (a file's cell is refused beyond this length too). */
export const IMPORT_PRESET_HEADER_MAX = 1000;
/** The rows the mapping step shows under the headers. */
export const IMPORT_SAMPLE_ROWS = 3;
/** A sample cell is shown up to this length (the rows themselves are checked on upload). */
export const IMPORT_SAMPLE_CELL_MAX = 200;

const presetHeader = requiredString(MESSAGES.importPresetHeader, IMPORT_PRESET_HEADER_MAX);

/** Field → the header text of its column in the client's files. */
export const importPresetColumnsSchema = z
  .strictObject(
    Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, presetHeader.optional()])) as Record<
      ImportColumn,
      z.ZodOptional<typeof presetHeader>
    >,
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? MESSAGES.importPresetUnknownField : MESSAGES.importPresetEmpty,
    },
  )
  .refine((columns) => Object.values(columns).some((h) => h !== undefined), {
    error: MESSAGES.importPresetEmpty,
  });
export type ImportPresetColumns = Partial<Record<ImportColumn, string>>;

/** A saved preset. */
export const importPresetViewSchema = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  name: z.string(),
  columns: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportPresetView = Omit<z.infer<typeof importPresetViewSchema>, 'columns'> & {
  columns: ImportPresetColumns;
};

const clientField = z.uuid({ error: MESSAGES.clientNotFound }).optional();

/** `PUT /importPresets`: a preset saved under its name (a preset of that name is overwritten). */
export const saveImportPresetSchema = z
  .object({
    clientId: clientField,
    name: requiredString(MESSAGES.importPresetName, IMPORT_PRESET_NAME_MAX),
    columns: importPresetColumnsSchema,
  })
  .strict();
export type SaveImportPresetRequest = z.input<typeof saveImportPresetSchema>;

/** The client whose presets are asked (staff name one; a client's user or key has its own). */
export const importPresetClientSchema = z.object({ clientId: clientField }).strict();

/** `POST /import/headers`: what the mapping step shows of a file before it is imported. */
export const importHeadersReplySchema = z.object({
  kind: z.enum(['xlsx', 'csv']),
  encoding: z.enum(IMPORT_ENCODINGS),
  delimiter: z.enum(IMPORT_DELIMITERS).nullable(),
  /** The file's header row, as written. */
  headers: z.array(z.string()),
  /** Its first data rows (at most IMPORT_SAMPLE_ROWS), each cell cut to IMPORT_SAMPLE_CELL_MAX characters. */
  sample: z.array(z.array(z.string())),
  /** The columns recognised by their headers. */
  recognized: importColumnMapSchema,
  /** The required fields the recognised columns lack. */
  missing: z.array(z.enum(IMPORT_COLUMNS)),
  /** The client's presets that fit the file, each as the mapping it gives this file. */
  presets: z.array(z.object({ id: z.uuid(), name: z.string(), columnMap: importColumnMapSchema })),
});
export type ImportHeadersReply = z.infer<typeof importHeadersReplySchema>;

const tags = ['imports'];

/** The mapping step's routes: a file's headers before the import, and the client's column presets. */
export const importPresetRoutes = {
  headers: route
    .meta({
      permission: ['import.create'],
      external: true,
      upload: {
        field: 'file',
        maxBytes: IMPORT_FILE_MAX_BYTES,
        extensions: IMPORT_FILE_EXTENSIONS,
        wrongType: MESSAGES.importFileType,
      },
    })
    .route({
      method: 'POST',
      path: '/import/headers',
      tags,
      summary:
        "A shipment file's headers and first rows (nothing is kept), the columns recognised, the required ones missing, and the client's presets that fit",
    })
    .input(z.object({ body: importPresetClientSchema }))
    .output(importHeadersReplySchema),
  list: route
    .meta({ permission: ['import.create'], external: true })
    .route({ method: 'GET', path: '/importPresets', tags, summary: "A client's column presets, by name" })
    .input(z.object({ query: importPresetClientSchema }))
    .output(z.object({ items: z.array(importPresetViewSchema) })),
  save: route
    .meta({ permission: ['import.create'], external: true })
    .route({
      method: 'PUT',
      path: '/importPresets',
      tags,
      summary:
        'Save a column preset under its name: field → the header of its column (a preset of that name is replaced)',
    })
    .input(z.object({ body: saveImportPresetSchema }))
    .output(importPresetViewSchema),
  remove: route
    .meta({
      permission: ['import.create'],
      external: true,
      ownedRow: { kind: 'importPreset', param: 'id', notFound: MESSAGES.importPresetNotFound },
    })
    .route({
      method: 'DELETE',
      path: '/importPresets/{id}',
      successStatus: 204,
      tags,
      summary: 'Delete a preset',
    })
    .input(z.object({ params: z.object({ id: rowId(MESSAGES.importPresetNotFound) }) }))
    .output(noContent),
};
