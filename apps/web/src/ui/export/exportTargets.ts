import {
  contract,
  EXPORT_LISTS,
  type ExportEntity,
  type ExportEntityPath,
  type ExportFormat,
  type ExportStartedReply,
  type Permission,
} from '@depot/contracts';
import type { FileOrJson } from '../../api/client';
import { callFile } from '../../api/contract-client';
import type { MassSelection } from '@depot/domain';

/** How a format is named on screen (the same in every language). */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'xlsx', csv: 'CSV' };

/**
 * Where a list's export goes (decisions 0047, 0093): who may use it, the formats it offers, and the call that
 * exports a selection in a format. `name` names the file when the server sends no name.
 */
export interface ExportTarget<F = unknown, O = unknown> {
  name: string;
  permission: Permission;
  formats: readonly ExportFormat[];
  request(selection: MassSelection<F, O>, format: ExportFormat): ExportRequest;
}

/** A list selection's export routes (each answers the file, or 202 with the export job). */
type SelectionExportRoute = typeof contract.exports.parcelsXlsx | typeof contract.exports.parcelsCsv;

/** An export call: the contract route and what it is sent (decision 0109). */
export type ExportRequest =
  | { route: typeof contract.exports.massAction; params: { entity: ExportEntityPath }; body: unknown }
  | { route: SelectionExportRoute; body: unknown };

/** Sends an export call: the file, or the export job as JSON. */
export function sendExport(request: ExportRequest): Promise<FileOrJson<ExportStartedReply>> {
  // The bodies are the list selections the targets build; the server validates them against the route's schema.
  return 'params' in request
    ? callFile(request.route, { params: request.params, body: request.body as never })
    : callFile(request.route, { body: request.body as never });
}

/**
 * The selection as a body: picked rows (`ids`), or select-all with its exceptions, both with the list's current
 * filters and order (the server applies them to a select-all and orders picked rows by them; decision 0046).
 * Whatever the other mode left behind is not sent.
 */
export function selectionBody<F, O>(sel: MassSelection<F, O>): MassSelection<F, O> {
  return sel.selectedAll
    ? { selectedAll: true, ids: [], exceptId: [...sel.exceptId], filters: sel.filters, orderBy: sel.orderBy }
    : { selectedAll: false, ids: [...sel.ids], exceptId: [], filters: sel.filters, orderBy: sel.orderBy };
}

/** "Export all": every row the list's filters match, in the list's order, no exceptions. */
export function everythingOf<F, O>(sel: MassSelection<F, O>): MassSelection<F, O> {
  return { selectedAll: true, ids: [], exceptId: [], filters: sel.filters, orderBy: sel.orderBy };
}

/** An admin list's mass export to xlsx: `POST /api/{client|matrix|operator}/mass/action` with its actionName. */
export function listExportTarget(entity: ExportEntity): ExportTarget {
  const list = EXPORT_LISTS[entity];
  return {
    name: entity,
    permission: list.permission,
    formats: ['xlsx'],
    request: (selection) => ({
      route: contract.exports.massAction,
      params: { entity: list.path },
      body: { actionName: list.actionName, ...selection },
    }),
  };
}

/**
 * A list exported by posting its selection to one route per format (e.g. the parcels list:
 * `POST /api/order/selectedOrders` for xlsx, `POST /api/order/exportCSV` for CSV; decision 0080).
 */
export function selectionExportTarget<F, O>(
  name: string,
  permission: Permission,
  routes: Partial<Record<ExportFormat, SelectionExportRoute>>,
): ExportTarget<F, O> {
  const formats = (Object.keys(routes) as ExportFormat[]).filter((f) => routes[f] !== undefined);
  return {
    name,
    permission,
    formats,
    request: (selection, format) => {
      const route = routes[format];
      if (route === undefined) throw new Error(`${name} does not export to ${format}`);
      return { route, body: selectionBody(selection) };
    },
  };
}
