import { sql } from 'drizzle-orm';
import type {
  CreateParcelBody,
  ErrorDetail,
  ImportRowState,
  ImportRowView,
  ImportView,
} from '@depot/contracts';
import { apiKeys, clients, importRows, imports, users } from '../../db/schema';

/** How imports and their rows are selected and shown (the imports repository's columns and views). */

/** A checked row as it is stored. */
export interface CheckedRow {
  row: number;
  rawData: string[];
  state: Extract<ImportRowState, 'valid' | 'invalid'>;
  errors: ErrorDetail[];
  referenceNumber: string | null;
  externalNumber: string | null;
  parcel: CreateParcelBody | null;
}

/** A valid row the approve job turns into a parcel. */
export interface RowToCreate {
  id: string;
  row: number;
  parcel: CreateParcelBody;
  externalNumber: string | null;
}

export const importColumns = {
  id: imports.id,
  clientId: imports.clientId,
  clientName: sql<string>`coalesce(nullif(${clients.shortName}, ''), ${clients.companyName})`,
  fileName: imports.fileName,
  kind: imports.kind,
  encoding: imports.encoding,
  delimiter: imports.delimiter,
  headers: imports.headers,
  columnMap: imports.columnMap,
  state: imports.state,
  totalRows: imports.totalRows,
  validRows: imports.validRows,
  invalidRows: imports.invalidRows,
  createdRows: imports.createdRows,
  errorMessage: imports.errorMessage,
  createdBy: sql<
    string | null
  >`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email}, ${apiKeys.name})`,
  jobId: imports.jobId,
  createdAt: imports.createdAt,
  updatedAt: imports.updatedAt,
  finishedAt: imports.finishedAt,
};
type ImportRow = Record<keyof typeof importColumns, unknown>;

const iso = (d: unknown): string => (d instanceof Date ? d : new Date(String(d))).toISOString();

export const toImportView = (r: Omit<ImportRow, 'sortKey'>): ImportView =>
  ({
    ...r,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    finishedAt: r.finishedAt ? iso(r.finishedAt) : null,
  }) as ImportView;

export const rowColumns = {
  id: importRows.id,
  importId: importRows.importId,
  row: importRows.row,
  rawData: importRows.rawData,
  state: importRows.state,
  errorMessage: importRows.errorMessage,
  errors: importRows.errors,
  referenceNumber: importRows.referenceNumber,
  externalNumber: importRows.externalNumber,
  parcelId: importRows.parcelId,
  externalTrackingNumber: importRows.externalTrackingNumber,
  updatedAt: importRows.updatedAt,
};

export const toRowView = (r: Record<string, unknown>): ImportRowView =>
  ({ ...r, updatedAt: iso(r.updatedAt) }) as ImportRowView;

export const storedRow = (importId: string, r: CheckedRow) => ({
  importId,
  row: r.row,
  rawData: r.rawData,
  state: r.state,
  errors: r.errors,
  errorMessage: r.errors[0]?.message ?? null,
  referenceNumber: r.referenceNumber,
  externalNumber: r.externalNumber,
  parcel: r.parcel,
});
