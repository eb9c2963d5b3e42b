import * as ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * Reading uploaded xlsx workbooks (the status map's code lists, the shipment imports): the first sheet as text, read
 * as a stream so that memory stays bounded whatever the number of rows, after a check that the zip is no bomb.
 */

/** A date as the text a person sees: `YYYY-MM-DD`, or the full ISO form when it has a time of day. */
const dateText = (date: Date): string => {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
};

/**
 * A cell's value as the text a person sees: trimmed, numbers as written (2.5 → "2.5"), rich text joined, formulas by
 * their result, hyperlinks by their text, errors as empty, dates as `YYYY-MM-DD` (the ISO form with a time of day).
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateText(value);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return '';
}

/** Whether the bytes are a zip whose parts unpack to at most `max` bytes in all (the sizes its directory declares). */
export function unpacksWithin(buffer: Uint8Array, max: number): boolean {
  let total = 0;
  try {
    unzipSync(buffer, {
      filter: (file) => {
        total += file.originalSize;
        return false;
      },
    });
  } catch {
    return false;
  }
  return total <= max;
}

/** One row of a sheet as text: its number in the sheet (1-based, as Excel shows it) and its cells from column A. */
export interface SheetRow {
  number: number;
  cells: string[];
}

/** How to read a sheet. */
export interface SheetReadOptions {
  /** The most bytes the workbook's parts may unpack to in all (by the sizes the zip declares): above, no workbook. */
  unpackedMaxBytes: number;
  /** Exactly this many cells from column A (absent ones empty); when absent, up to the row's last cell. */
  columns?: number;
}

/** The parts of exceljs's WorkbookReader (4.4) that decode the xml of the zip's entries. */
interface ReaderInternals {
  _parseSharedStrings?: (entry: Readable) => AsyncGenerator<unknown>;
  _parseStyles?: (entry: Readable) => Promise<void>;
  _parseWorksheet?: (iterator: AsyncIterable<Buffer | string>, sheetNo: string) => Generator<unknown>;
}

/** Chunks of UTF-8 bytes as text, a character split between two chunks kept whole. */
async function* utf8Text(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * exceljs's streaming reader decodes each chunk of an entry on its own, so a letter whose bytes a chunk boundary
 * splits (ł, ż, ó: two bytes in UTF-8) becomes two U+FFFD, about one cell in a few hundred of a Polish workbook
 * (exceljs issues 2063, 2316). The reader's entries are handed over as text instead, decoded across boundaries.
 */
function decodeAcrossChunks(reader: ExcelJS.stream.xlsx.WorkbookReader): void {
  const internals = reader as unknown as ReaderInternals;
  const { _parseSharedStrings: sharedStrings, _parseStyles: styles, _parseWorksheet: worksheet } = internals;
  if (sharedStrings)
    internals._parseSharedStrings = (entry) => sharedStrings.call(reader, entry.setEncoding('utf8'));
  if (styles) internals._parseStyles = (entry) => styles.call(reader, entry.setEncoding('utf8'));
  if (worksheet) internals._parseWorksheet = (iterator, no) => worksheet.call(reader, utf8Text(iterator), no);
}

/**
 * Reads the first worksheet of an xlsx as a stream (exceljs's WorkbookReader, never the whole workbook in memory),
 * handing `visit` each row the sheet holds, in order, as text (`cellText`); `visit` returns `'stop'` to read no
 * further. Rows the sheet does not hold are skipped (their numbers say where they were).
 *
 * Resolves false when the bytes are no workbook: not a zip, a zip bomb by its declared sizes (checked before
 * anything is unpacked), no worksheet, or a part that cannot be read (an error thrown by `visit` counts as one too).
 */
export async function readFirstSheet(
  buffer: Buffer,
  options: SheetReadOptions,
  visit: (row: SheetRow) => 'stop' | void,
): Promise<boolean> {
  if (!unpacksWithin(buffer, options.unpackedMaxBytes)) return false;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Cached for the number formats: a number formatted as a date is read as that date.
      styles: 'cache',
      entries: 'ignore',
    });
    decodeAcrossChunks(reader);
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const count = options.columns ?? row.cellCount;
        const cells: string[] = [];
        for (let c = 1; c <= count; c++) cells.push(cellText(row.findCell(c)?.value));
        if (visit({ number: row.number, cells }) === 'stop') break;
      }
      return true;
    }
    return false;
  } catch {
    return false;
  }
}
