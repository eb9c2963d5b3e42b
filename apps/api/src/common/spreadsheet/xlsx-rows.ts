import * as ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { Duplex, Readable } from 'node:stream';
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

/**
 * A string of its own. V8 keeps a substring of 13 characters or more as a slice of its parent, here a whole chunk of
 * the sheet's XML: every cell kept would keep its chunk, the sheet's text, in memory (100,000 rows: 70 MB more).
 */
const ownCopy = (text: string): string =>
  text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);

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
 * Two mends of exceljs's streaming reader (4.4), made on its internals (each left out if exceljs changed them); the
 * function returned tells whether the first sheet came from a temporary file (see below).
 * - It decodes each chunk of an entry on its own, so a letter whose bytes a chunk boundary splits (ł, ż, ó: two bytes
 *   in UTF-8) becomes two U+FFFD, about one cell in a few hundred of a Polish workbook (exceljs issues 2063, 2316):
 *   the entries are handed to it as text, decoded across boundaries.
 * - It copies the worksheets that come before the shared strings (as Excel orders them) to temporary files, each
 *   removed only when reading goes past its sheet, else at the process's exit: only the first sheet is handed over
 *   (the others' files closed unread), so that reading on to the end, which then costs nothing, removes every file.
 */
function mendReader(reader: ExcelJS.stream.xlsx.WorkbookReader): () => boolean {
  const internals = reader as unknown as ReaderInternals;
  const { _parseSharedStrings: sharedStrings, _parseStyles: styles, _parseWorksheet: worksheet } = internals;
  if (sharedStrings)
    internals._parseSharedStrings = (entry) => sharedStrings.call(reader, entry.setEncoding('utf8'));
  if (styles) internals._parseStyles = (entry) => styles.call(reader, entry.setEncoding('utf8'));
  let sheets = 0;
  let firstFromFile = false;
  if (worksheet)
    internals._parseWorksheet = function* (iterator, no) {
      if (sheets++ === 0) {
        firstFromFile = iterator instanceof Readable;
        return yield* worksheet.call(reader, utf8Text(iterator), no);
      }
      // Closed unread; exceljs may remove its file before it is open: that error is no one's.
      if (iterator instanceof Readable) iterator.on('error', () => undefined).destroy();
    };
  return () => firstFromFile;
}

/**
 * unzipper's Parse (under exceljs 4.4) says 'end' as soon as it has read the zip's last byte, even while entries it
 * has parsed still wait in its buffer for exceljs, which then stops early: at random (1 read in 150 of a workbook
 * exceljs wrote, 1 in 2 of one stored uncompressed), the workbook part or the shared strings are never read, and the
 * sheet is lost or every text cell comes out empty. Its 'end' is held back until exceljs has taken every entry.
 */
function endAfterLastEntry(zip: Duplex): void {
  const early = zip.listeners('finish').find((l) => String(l).includes("emit('end')"));
  if (!early) return;
  const end = () => early.call(zip);
  zip.removeListener('finish', early as () => void);
  zip.on('finish', () => {
    if (zip.readableLength === 0) return end();
    const taken = () => {
      if (zip.readableLength > 0) return;
      zip.removeListener('data', taken);
      end();
    };
    zip.on('data', taken);
  });
}

/** The bytes as the stream exceljs reads, its unzipping mended (endAfterLastEntry) when exceljs pipes it there. */
function inputOf(buffer: Buffer): Readable {
  const input = Readable.from(buffer);
  const pipe = input.pipe.bind(input);
  input.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    if (destination instanceof Duplex) endAfterLastEntry(destination);
    return pipe(destination, options);
  };
  return input;
}

/**
 * Reads the first worksheet of an xlsx as a stream (exceljs's WorkbookReader, never the whole workbook in memory),
 * handing `visit` each row the sheet holds, in order, as text (`cellText`); `visit` returns `'stop'` to read no
 * further, or a promise of it: reading waits for it (a caller that checks and writes rows as they come holds the
 * reading back instead of the rows piling up). Rows the sheet does not hold are skipped (their numbers say where they were).
 *
 * Resolves false when the bytes are no workbook: not a zip, a zip bomb by its declared sizes (checked before
 * anything is unpacked), no worksheet, or a part that cannot be read (an error thrown by `visit` counts as one too).
 */
export async function readFirstSheet(
  buffer: Buffer,
  options: SheetReadOptions,
  visit: (row: SheetRow) => 'stop' | void | Promise<'stop' | void>,
): Promise<boolean> {
  if (!unpacksWithin(buffer, options.unpackedMaxBytes)) return false;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(inputOf(buffer), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Cached for the number formats: a number formatted as a date is read as that date.
      styles: 'cache',
      entries: 'ignore',
    });
    const firstFromFile = mendReader(reader);
    let sheets = 0;
    for await (const sheet of reader) {
      if (sheets++ > 0) continue;
      for await (const row of sheet) {
        const count = options.columns ?? row.cellCount;
        const cells: string[] = [];
        for (let c = 1; c <= count; c++) {
          const value = row.findCell(c)?.value;
          // A shared string never read (the workbook has no such part): its text is lost, the workbook unreadable.
          if (typeof value === 'object' && value !== null && 'sharedString' in value)
            throw new Error('no text');
          cells.push(ownCopy(cellText(value)));
        }
        const next = visit({ number: row.number, cells });
        if ((next instanceof Promise ? await next : next) === 'stop') break;
      }
      // Read on to the end (every entry already unpacked) for exceljs to remove its temporary files; else stop here.
      if (!firstFromFile()) break;
    }
    return sheets > 0;
  } catch {
    return false;
  }
}
