import { EXPORT_LISTS, type ExportEntity, type ExportFormat, type Permission } from '@depot/contracts';
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
  request(selection: MassSelection<F, O>, format: ExportFormat): { path: string; body: unknown };
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
      path: `/${list.path}/mass/action`,
      body: { actionName: list.actionName, ...selection },
    }),
  };
}

/**
 * A list exported by posting its selection to one path per format (e.g. the parcels list:
 * `POST /api/order/selectedOrders` for xlsx, `POST /api/order/exportCSV` for CSV; decision 0080).
 */
export function selectionExportTarget<F, O>(
  name: string,
  permission: Permission,
  paths: Partial<Record<ExportFormat, string>>,
): ExportTarget<F, O> {
  const formats = (Object.keys(paths) as ExportFormat[]).filter((f) => paths[f] !== undefined);
  return {
    name,
    permission,
    formats,
    request: (selection, format) => {
      const path = paths[format];
      if (path === undefined) throw new Error(`${name} does not export to ${format}`);
      return { path, body: selectionBody(selection) };
    },
  };
}
