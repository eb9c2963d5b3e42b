import { z } from 'zod';
import { MESSAGES } from '../messages';
import type { Permission } from '../permissions';

// Exports to xlsx (SPEC §7 "Mass export" and POST /client/exportToXlsx): what the lists send, what comes back.

/** The lists that export, by the `entity` of their export source (and of `list:<entity>`). */
export const EXPORT_ENTITIES = ['clients', 'matrices', 'operators'] as const;
export type ExportEntity = (typeof EXPORT_ENTITIES)[number];

/** SPEC §7's `{client|matrix|operator}` path segment → the export source's entity. */
export const EXPORT_ENTITY_PATHS = {
  client: 'clients',
  matrix: 'matrices',
  operator: 'operators',
} as const satisfies Record<string, ExportEntity>;
export type ExportEntityPath = keyof typeof EXPORT_ENTITY_PATHS;

/** SPEC §7's mass export action names → the entity each one exports. */
export const EXPORT_ACTIONS = {
  selectedClientsExportToXls: 'clients',
  selectedRoutingsExportToXls: 'matrices',
  selectedOperatorsExportToXls: 'operators',
} as const satisfies Record<string, ExportEntity>;
export type ExportActionName = keyof typeof EXPORT_ACTIONS;

/**
 * How a list calls its export (`POST /api/{path}/mass/action` with `actionName`) and who may: the panel shows the
 * export menu with `permission`, and the list's ExportSource checks the same one.
 */
export const EXPORT_LISTS: Record<
  ExportEntity,
  { path: ExportEntityPath; actionName: ExportActionName; permission: Permission }
> = {
  clients: { path: 'client', actionName: 'selectedClientsExportToXls', permission: 'clients.export' },
  matrices: { path: 'matrix', actionName: 'selectedRoutingsExportToXls', permission: 'matrices.read' },
  operators: { path: 'operator', actionName: 'selectedOperatorsExportToXls', permission: 'operators.read' },
};

export const isExportActionName = (v: unknown): v is ExportActionName =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(EXPORT_ACTIONS, v);
export const isExportEntityPath = (v: unknown): v is ExportEntityPath =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(EXPORT_ENTITY_PATHS, v);

/** Selections up to this many rows are answered with the file itself; larger ones run as a job (decision 0045). */
export const EXPORT_DIRECT_MAX_ROWS = 2000;
/** A file made by an export job can be downloaded for this long (24 h), by the user who asked for it only. */
export const EXPORT_FILE_TTL_MS = 24 * 60 * 60 * 1000;
/** At most this many ids (picked or excepted) in one selection; the JSON body limit (1 MB) is near anyway. */
export const EXPORT_MAX_IDS = 20_000;
/** The Agenda job that writes large exports. */
export const EXPORT_JOB_NAME = 'exports.xlsx';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Where the owner downloads the file of a finished export job. */
export const exportFileUrl = (fileId: string) => `/api/export/file/${fileId}`;

const idList = z
  .array(z.uuid({ error: MESSAGES.exportSelectionInvalid }), { error: MESSAGES.exportSelectionInvalid })
  .max(EXPORT_MAX_IDS, { error: MESSAGES.exportSelectionTooLarge });
const filtersField = z.record(z.string(), z.unknown(), { error: MESSAGES.exportFiltersInvalid });
const selectedAllField = z.boolean({ error: MESSAGES.exportSelectionInvalid });

/**
 * A list's selection as the lists send it (libs/domain MassSelection: `selectedAll`, `ids`, `exceptId`, `filters`,
 * `orderBy`), or in SPEC §7's older shape with `getListReq: { filters, orderBy, selectedAll }` beside `exceptId`.
 * The top-level fields win over getListReq's. The list's own filters and order are checked by its export source.
 */
const selectionShape = {
  selectedAll: selectedAllField.optional(),
  ids: idList.optional(),
  exceptId: idList.optional(),
  filters: filtersField.optional(),
  orderBy: z.unknown().optional(),
  getListReq: z
    .object(
      {
        filters: filtersField.optional(),
        orderBy: z.unknown().optional(),
        selectedAll: selectedAllField.optional(),
      },
      { error: MESSAGES.exportSelectionInvalid },
    )
    .optional(),
};

type SelectionInput = z.output<z.ZodObject<typeof selectionShape>>;

/** The selection in one shape: MassSelection with the list's (still unchecked) filters and order. */
export interface ExportSelectionBody {
  selectedAll: boolean;
  ids: string[];
  exceptId: string[];
  filters: Record<string, unknown>;
  orderBy: unknown;
}

const normalise = (b: SelectionInput): ExportSelectionBody => ({
  selectedAll: b.selectedAll ?? b.getListReq?.selectedAll ?? false,
  ids: b.ids ?? [],
  exceptId: b.exceptId ?? [],
  filters: b.filters ?? b.getListReq?.filters ?? {},
  orderBy: b.orderBy ?? b.getListReq?.orderBy,
});

const somethingSelected = (s: ExportSelectionBody) => s.selectedAll || s.ids.length > 0;
const nothingSelectedIssue = { error: MESSAGES.exportNothingSelected, path: ['ids'] };

/** `POST /api/{entity}/export/{actionName}`: the selection. */
export const exportSelectionSchema = z
  .object(selectionShape)
  .transform(normalise)
  .refine(somethingSelected, nothingSelectedIssue);
export type ExportSelectionRequest = z.input<typeof exportSelectionSchema>;

/** `POST /api/{client|matrix|operator}/mass/action`: the action name and the selection. */
export const massExportRequestSchema = z
  .object({ actionName: z.string({ error: MESSAGES.exportUnknownAction }).max(100), ...selectionShape })
  .transform((b) => ({ actionName: b.actionName, selection: normalise(b) }))
  .refine((b) => somethingSelected(b.selection), nothingSelectedIssue);
export type MassExportRequest = z.input<typeof massExportRequestSchema>;

/** `POST /api/client/exportToXlsx`: every client the caller may see (`"all"`), or one client by id. */
export const clientExportRequestSchema = z.object({
  id: z.union(
    [
      z.literal('all', { error: MESSAGES.exportClientIdInvalid }),
      z.uuid({ error: MESSAGES.exportClientIdInvalid }),
    ],
    { error: MESSAGES.exportClientIdInvalid },
  ),
});
export type ClientExportRequest = z.input<typeof clientExportRequestSchema>;

/** 202 reply of an export that runs as a job; progress comes as `job:progress`, the file with `job:finished`. */
export const exportStartedReplySchema = z.object({ jobId: z.string() });
export type ExportStartedReply = z.infer<typeof exportStartedReplySchema>;

/** `result` of the export job's `job:finished`. */
export interface ExportJobResult {
  entity: string;
  fileId: string;
  fileName: string;
  /** `GET` it (with the session) to download the file: only its owner may, until it expires. */
  url: string;
  rows: number;
  expiresAt: string;
}
