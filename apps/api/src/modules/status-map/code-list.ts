import {
  CATALOGUE,
  LANGUAGES,
  MAPPABLE_STATUSES,
  MESSAGES,
  STATUS_CODE_MAX,
  STATUS_DESCRIPTION_MAX,
  STATUS_MAP_SAVE_MAX,
  type ParcelStatus,
} from '@depot/contracts';
import { readFirstSheet } from '../../common/spreadsheet/xlsx-rows';

/** The shared cell and zip helpers, where the code list's callers and tests have always found them. */
export { cellText, unpacksWithin } from '../../common/spreadsheet/xlsx-rows';

/**
 * A carrier's status code list from an xlsx file (POST /mapStatus/importOperatorStatusesXLS/{type}; decision 0144):
 * the first sheet, column A the code, B the description, C the internal status (optional), D terminal (optional),
 * a first row of headers skipped. Any bad row refuses the whole file, naming the row.
 */
export interface CodeListEntry {
  code: string;
  description: string;
  /** Absent: the file does not say (a code already mapped keeps its status; a new one is unmapped). */
  dbName?: ParcelStatus;
  /** Absent: the file does not say. */
  isTerminal?: boolean;
}

export type CodeListResult = { ok: true; entries: CodeListEntry[] } | { ok: false; message: string };

/** Largest sum of the workbook's unpacked parts: far above any code list, far below a zip bomb. */
export const CODE_LIST_UNPACKED_MAX_BYTES = 50 * 1024 * 1024;

/** The first row is headers when column A says code or external status, in English or Polish. */
const HEADER_WORDS = new Set([
  'code',
  'kod',
  'status code',
  'kod statusu',
  'external status',
  'status zewnętrzny',
]);

/**
 * Internal statuses a code may mean (not `toCancel`, as the map's own calls refuse it) by their code or their English
 * or Polish name, in lower case.
 */
const STATUS_BY_NAME: ReadonlyMap<string, ParcelStatus> = new Map(
  MAPPABLE_STATUSES.flatMap((s) => [
    [s.toLowerCase(), s] as const,
    ...LANGUAGES.map((lang) => [CATALOGUE[lang][`parcels.status.${s}`].trim().toLowerCase(), s] as const),
  ]),
);

const YES = new Set(['yes', 'y', 'tak', 't', 'true', 'prawda', '1', 'x']);
const NO = new Set(['no', 'n', 'nie', 'false', 'fałsz', '0']);

/** The rows of a sheet as text (cells trimmed; blank rows dropped) → the code list, or the first problem. */
export function codeListOf(rows: readonly (readonly string[])[]): CodeListResult {
  const entries: CodeListEntry[] = [];
  const rowOfCode = new Map<string, number>();
  for (const [index, cells] of rows.entries()) {
    const row = index + 1;
    const [code = '', description = '', status = '', terminal = ''] = cells;
    if (index === 0 && HEADER_WORDS.has(code.toLowerCase())) continue;
    if (!cells.some((c) => c !== '')) continue;
    if (entries.length === STATUS_MAP_SAVE_MAX)
      return { ok: false, message: MESSAGES.statusMapImportTooManyRows(STATUS_MAP_SAVE_MAX) };
    if (!code || code.length > STATUS_CODE_MAX)
      return { ok: false, message: MESSAGES.statusMapImportBadCode(row) };
    if (!description || description.length > STATUS_DESCRIPTION_MAX)
      return { ok: false, message: MESSAGES.statusMapImportBadDescription(row) };
    if (rowOfCode.has(code)) return { ok: false, message: MESSAGES.statusMapImportDuplicate(row, code) };
    rowOfCode.set(code, row);
    const entry: CodeListEntry = { code, description };
    if (status) {
      const dbName = STATUS_BY_NAME.get(status.toLowerCase());
      if (!dbName) return { ok: false, message: MESSAGES.statusMapImportBadStatus(row, clip(status)) };
      entry.dbName = dbName;
    }
    if (terminal) {
      const word = terminal.toLowerCase();
      if (!YES.has(word) && !NO.has(word))
        return { ok: false, message: MESSAGES.statusMapImportBadTerminal(row, clip(terminal)) };
      entry.isTerminal = YES.has(word);
    }
    entries.push(entry);
  }
  if (entries.length === 0) return { ok: false, message: MESSAGES.statusMapImportEmpty };
  return { ok: true, entries };
}

/** A value quoted back in a message: at most 40 characters. */
const clip = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * The first sheet's rows as text, read as a stream and stopped after `maxRows` rows, or null when the bytes are no
 * workbook (not a zip, a zip bomb by its declared sizes, no sheet, a broken part).
 */
export async function sheetRows(buffer: Buffer, maxRows: number): Promise<string[][] | null> {
  const rows: string[][] = [];
  const read = await readFirstSheet(
    buffer,
    { unpackedMaxBytes: CODE_LIST_UNPACKED_MAX_BYTES, columns: 4 },
    ({ number, cells }) => {
      rows[number - 1] = cells;
      return number >= maxRows ? 'stop' : undefined;
    },
  );
  return read ? Array.from(rows, (r) => r ?? []) : null;
}
