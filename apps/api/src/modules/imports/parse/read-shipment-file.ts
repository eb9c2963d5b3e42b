import {
  IMPORT_DELIMITERS,
  IMPORT_FILE_EXTENSIONS,
  IMPORT_MAX_ROWS,
  IMPORT_UNPACKED_MAX_BYTES,
  MESSAGES,
  type ImportDelimiter,
  type ImportEncoding,
} from '@depot/contracts';
import { parse } from 'csv-parse';
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { readFirstSheet } from '../../../common/spreadsheet/xlsx-rows';

/**
 * An uploaded shipment file (issue 16, decision 0150) read into a table of text cells: forgiving about the file (its
 * encoding, separator, quotes, blank rows), strict about its limits. Values are left as written ("2,5" stays
 * "2,5"): the import checker interprets them.
 */
export interface ShipmentTable {
  kind: 'xlsx' | 'csv';
  /** How the text was read: a CSV's detected encoding; an xlsx is 'utf-8'. */
  encoding: ImportEncoding;
  /** A CSV's detected separator; null for xlsx. */
  delimiter: ImportDelimiter | null;
  /** The first non-blank row, each cell trimmed. */
  headers: string[];
  /**
   * The data rows after the headers; blank rows (every cell empty) skipped. `row` is the 1-based row number the user
   * sees in Excel (or the line's record number in a CSV, counting the header as 1). Cells trimmed, as text.
   */
  rows: { row: number; cells: string[] }[];
}

/** The table of a shipment file, or why the file is refused (a message for the user). */
export type ShipmentFileResult = { ok: true; table: ShipmentTable } | { ok: false; message: string };

const refused = (message: string): ShipmentFileResult => ({ ok: false, message });

/**
 * The rows of a file as they are read, into headers (the first non-blank row) and data rows (the non-blank rows
 * after it), until the data rows pass the limit.
 */
class TableCollector {
  headers: string[] | null = null;
  readonly rows: ShipmentTable['rows'] = [];
  tooMany = false;
  private headerAt = 0;

  /**
   * `relative`: rows are numbered from the headers' row as 1 (a CSV's records), not as given (a sheet's rows).
   * `peek`: the first `maxRows` rows are all that is wanted — reading stops there, and a longer file is no fault.
   */
  constructor(
    private readonly maxRows: number,
    private readonly relative: boolean,
    private readonly peek = false,
  ) {}

  /** Takes the row numbered `at`; false once the limit is passed (read no further). */
  add(at: number, cells: string[]): boolean {
    if (cells.every((c) => c === '')) return true;
    if (this.headers === null) {
      this.headers = cells;
      this.headerAt = at;
      return true;
    }
    if (this.rows.length === this.maxRows) {
      this.tooMany = !this.peek;
      return false;
    }
    this.rows.push({ row: this.relative ? at - this.headerAt + 1 : at, cells });
    return !(this.peek && this.rows.length === this.maxRows);
  }

  /** The table, or why there is none. */
  result(meta: Pick<ShipmentTable, 'kind' | 'encoding' | 'delimiter'>): ShipmentFileResult {
    if (this.tooMany) return refused(MESSAGES.importTooManyRows(this.maxRows));
    if (this.headers === null) return refused(MESSAGES.importEmpty);
    if (this.rows.length === 0) return refused(MESSAGES.importHeadersOnly);
    return { ok: true, table: { ...meta, headers: this.headers, rows: this.rows } };
  }
}

/** The first worksheet of an xlsx, read as a stream and stopped as soon as the rows pass the limit. */
async function readWorkbook(
  bytes: Buffer,
  maxRows: number,
  unpackedMaxBytes: number,
  peek: boolean,
): Promise<ShipmentFileResult> {
  const table = new TableCollector(maxRows, false, peek);
  const read = await readFirstSheet(bytes, { unpackedMaxBytes }, ({ number, cells }) =>
    table.add(number, cells) ? undefined : 'stop',
  );
  if (!read) return refused(MESSAGES.importUnreadable);
  return table.result({ kind: 'xlsx', encoding: 'utf-8', delimiter: null });
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** How much of a CSV is decoded and handed to the parser at a time. */
const CHUNK_BYTES = 64 * 1024;

/**
 * A CSV's encoding: a UTF-8 byte order mark, else strict UTF-8 when the bytes are valid UTF-8 (what
 * `new TextDecoder('utf-8', { fatal: true })` accepts), else Windows-1250 (Polish Excel's "CSV").
 */
function encodingOf(bytes: Buffer): ImportEncoding {
  if (UTF8_BOM.every((b, i) => bytes[i] === b)) return 'utf-8-bom';
  return isUtf8(bytes) ? 'utf-8' : 'windows-1250';
}

/** The text of a CSV, decoded a chunk at a time (a character split between chunks is kept whole). */
function* decodedChunks(bytes: Buffer, encoding: ImportEncoding): Generator<string> {
  const body = encoding === 'utf-8-bom' ? bytes.subarray(UTF8_BOM.length) : bytes;
  const decoder = new TextDecoder(encoding === 'windows-1250' ? 'windows-1250' : 'utf-8', {
    ignoreBOM: true,
  });
  for (let at = 0; at < body.length; at += CHUNK_BYTES) {
    const text = decoder.decode(body.subarray(at, at + CHUNK_BYTES), { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** How often `delimiter` occurs in a line outside double quotes. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) count++;
  }
  return count;
}

/**
 * A CSV's separator: the one of `;`, `,` and tab found most often outside quotes in its first non-blank line (ties
 * and a single column: `;` before `,` before tab).
 */
function delimiterOf(firstText: string): ImportDelimiter {
  const line = firstText.split(/\r\n|\n|\r/).find((l) => l.trim() !== '') ?? '';
  let best: ImportDelimiter = IMPORT_DELIMITERS[0];
  let bestCount = 0;
  for (const delimiter of IMPORT_DELIMITERS) {
    const count = countOutsideQuotes(line, delimiter);
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

/**
 * A CSV as Excel writes it (quoted fields with `""` and line breaks inside), parsed by csv-parse as a stream fed a
 * chunk at a time, stopped as soon as the rows pass the limit. Every record counts for the numbering, blank ones too.
 */
async function readCsv(bytes: Buffer, maxRows: number, peek: boolean): Promise<ShipmentFileResult> {
  if (bytes.includes(0)) return refused(MESSAGES.importUnreadable);
  const encoding = encodingOf(bytes);
  const chunks = decodedChunks(bytes, encoding);
  const first = chunks.next();
  if (first.done) return refused(MESSAGES.importEmpty);
  const delimiter = delimiterOf(first.value);
  const parser = parse({
    delimiter,
    quote: '"',
    escape: '"',
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    skip_empty_lines: false,
  });
  const source = Readable.from(
    (function* () {
      yield first.value;
      yield* chunks;
    })(),
  );
  source.pipe(parser);
  const table = new TableCollector(maxRows, true, peek);
  let record = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (
        !table.add(
          ++record,
          cells.map((c) => c.trim()),
        )
      )
        break;
    }
  } catch {
    return refused(MESSAGES.importUnreadable);
  } finally {
    source.destroy();
  }
  return table.result({ kind: 'csv', encoding, delimiter });
}

/**
 * Reads an uploaded shipment file into a table of text cells. By the name's extension: `.xlsx` (the first worksheet,
 * streamed) or `.csv` (encoding and separator detected); any other is refused. Refused too: a file that cannot be
 * read (not a workbook, a zip bomb, binary bytes), an empty one, one with headers only, and one with more than
 * `maxRows` data rows (found without reading the rest). `unpackedMaxBytes` bounds an xlsx's unpacked parts.
 */
export async function readShipmentFile(
  bytes: Buffer,
  fileName: string,
  maxRows: number = IMPORT_MAX_ROWS,
  unpackedMaxBytes: number = IMPORT_UNPACKED_MAX_BYTES,
): Promise<ShipmentFileResult> {
  return readFile(bytes, fileName, maxRows, unpackedMaxBytes, false);
}

/**
 * The headers and first `sampleRows` data rows of a shipment file (the mapping step, decision 0152): read as the
 * upload reads it — the same refusals — but stopped as soon as they are read.
 */
export function peekShipmentFile(
  bytes: Buffer,
  fileName: string,
  sampleRows: number,
  unpackedMaxBytes: number = IMPORT_UNPACKED_MAX_BYTES,
): Promise<ShipmentFileResult> {
  return readFile(bytes, fileName, sampleRows, unpackedMaxBytes, true);
}

function readFile(
  bytes: Buffer,
  fileName: string,
  maxRows: number,
  unpackedMaxBytes: number,
  peek: boolean,
): Promise<ShipmentFileResult> {
  const extension = IMPORT_FILE_EXTENSIONS.find((e) => fileName.toLowerCase().endsWith(`.${e}`));
  if (!extension) return Promise.resolve(refused(MESSAGES.importFileType));
  if (bytes.length === 0) return Promise.resolve(refused(MESSAGES.importEmpty));
  return extension === 'xlsx'
    ? readWorkbook(bytes, maxRows, unpackedMaxBytes, peek)
    : readCsv(bytes, maxRows, peek);
}
