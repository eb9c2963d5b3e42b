import {
  contract,
  SCREENS,
  type ImportListRequest,
  type ImportRowListRequest,
  type Language,
  type SaveImportPresetRequest,
} from '@depot/contracts';
import type { ImportColumnMap } from '@depot/domain';
import { callFile, callUpload, client } from '../../api/contract-client';

/** SPEC 7 `/import/...` calls (issue 16, decision 0150). */
export const importsApi = {
  list: (body: ImportListRequest) => client.imports.list({ body }),
  get: (id: string) => client.imports.get({ params: { id } }),
  rows: (id: string, body: ImportRowListRequest) => client.imports.rows({ params: { id }, body }),
  /**
   * The file, for staff the client it is for (a client user's import is always its own client's), and the columns
   * as the mapping step left them (decision 0152).
   */
  upload: (file: File, clientId: string | null, columnMap: ImportColumnMap) =>
    callUpload(
      contract.imports.upload,
      { body: { ...(clientId ? { clientId } : {}), columnMap: JSON.stringify(columnMap) } },
      file,
    ),
  /** The file's headers, first rows, recognised columns and the client's presets that fit (nothing is kept). */
  headers: (file: File, clientId: string | null) =>
    callUpload(contract.importPresets.headers, { body: clientId ? { clientId } : {} }, file),
  /** Saves a column preset under its name (one of that name is replaced). */
  savePreset: (body: SaveImportPresetRequest) => client.importPresets.save({ body }),
  /** Deletes a column preset (of the caller's client, or any client's for staff). */
  deletePreset: (id: string) => client.importPresets.remove({ params: { id } }),
  fixRow: (id: string, rowId: string, cells: string[]) =>
    client.imports.fixRow({ params: { id, rowId }, body: { cells } }),
  approve: (id: string) => client.imports.approve({ params: { id } }),
  cancel: (id: string) => client.imports.cancel({ params: { id } }),
  /** The template in the panel's language, as an Excel workbook. */
  template: (lang: Language) => callFile(contract.imports.template, { query: { format: 'xlsx', lang } }),
  /** The refused rows with their reasons, to fix and upload again. */
  failedRows: (id: string, lang: Language) =>
    callFile(contract.imports.failedRows, { params: { id }, query: { format: 'xlsx', lang } }),
};

/** An import's page. */
export const importPath = (id: string) => SCREENS.importDetails.path.replace(':importId', id);
