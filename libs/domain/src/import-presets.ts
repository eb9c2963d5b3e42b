import { IMPORT_COLUMNS, type ImportPresetColumns } from '@depot/contracts';
import type { ImportColumnMap } from './imports';

/**
 * A client's column presets for shipment files (issue 16 item 1, decision 0152): a preset names, for each field, the
 * header of its column. Applied to a file, each field goes to the column whose header is the preset's — compared
 * without case or whitespace (a header retyped with other spacing or capitals is the same header; other spellings
 * are other headers).
 */

/** A header as a preset compares it: Unicode-normalised, no whitespace (BOM and no-break spaces included), lower case. */
export const presetHeaderKey = (header: string): string =>
  header
    .normalize('NFC')
    .replace(/[\s\uFEFF]+/g, '')
    .toLowerCase();

/** A preset applied to a file's headers: the mapping it gives, and the headers it names that the file lacks. */
export interface AppliedPreset {
  /** Field → the index of the file's first column with the preset's header. */
  map: ImportColumnMap;
  /** The preset's headers the file does not have (in the template's order of their fields). */
  absent: string[];
}

/** Maps each of the preset's fields to the file's first column whose header equals the preset's. */
export function applyPreset(columns: ImportPresetColumns, headers: readonly string[]): AppliedPreset {
  const indexOf = new Map<string, number>();
  headers.forEach((header, index) => {
    const key = presetHeaderKey(header);
    if (key && !indexOf.has(key)) indexOf.set(key, index);
  });
  const map: ImportColumnMap = {};
  const absent: string[] = [];
  for (const column of IMPORT_COLUMNS) {
    const header = columns[column];
    if (header === undefined) continue;
    const index = indexOf.get(presetHeaderKey(header));
    if (index === undefined) absent.push(header);
    else map[column] = index;
  }
  return { map, absent };
}

/** A preset fits a file when every header it names is one of the file's. */
export const presetFits = (columns: ImportPresetColumns, headers: readonly string[]): boolean =>
  applyPreset(columns, headers).absent.length === 0;

/**
 * The preset that records a mapping of a file: each mapped field with its column's header. A column without a
 * header cannot be found again by one, so it is left out.
 */
export function presetColumnsOf(map: ImportColumnMap, headers: readonly string[]): ImportPresetColumns {
  const columns: ImportPresetColumns = {};
  for (const column of IMPORT_COLUMNS) {
    const index = map[column];
    const header = index === undefined ? undefined : headers[index]?.trim();
    if (header) columns[column] = header;
  }
  return columns;
}

/** The first header a preset gives to two fields (which could not both have its column), or null. */
export function repeatedPresetHeader(columns: ImportPresetColumns): string | null {
  const seen = new Set<string>();
  for (const column of IMPORT_COLUMNS) {
    const header = columns[column];
    if (header === undefined) continue;
    const key = presetHeaderKey(header);
    if (seen.has(key)) return header;
    seen.add(key);
  }
  return null;
}
