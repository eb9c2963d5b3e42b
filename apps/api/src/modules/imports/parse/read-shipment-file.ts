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

/** How a file was read. */
export type ShipmentFileMeta = Pick<ShipmentTable, 'kind' | 'encoding' | 'delimiter'>;

/** A data row as read: its number as the user sees it and its trimmed cells. */
export type ShipmentRow = ShipmentTable['rows'][number];

/** What a streamed read hands over as it reads (`streamShipmentFile`). */
export interface ShipmentRowHandlers {
  /** The headers, once the first data row is found (a file of headers only never calls it). */
  headers(headers: string[], meta: ShipmentFileMeta): Promise<void>;
  /** The data rows in order, `partRows` at a time (the last part may be shorter); reading waits for each. */
  rows(part: ShipmentRow[]): Promise<void>;
}

/** A streamed read's end: how many data rows were handed over, or why the file is refused. */
export type ShipmentStreamResult = { ok: true; rows: number } | { ok: false; message: string };

const refused = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** An error of a handler, carried through the readers (which take any error for an unreadable file) to the caller. */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

/**
 * The rows of a file as they are read, into headers (the first non-blank row) and data rows (the non-blank rows
 * after it), handed over in parts until the data rows pass the limit.
 */
class RowCollector {
  private headers: string[] | null = null;
  private part: ShipmentRow[] = [];
  private started = false;
  private count = 0;
  private tooMany = false;
  private failure: HandlerFailure | null = null;
  private headerAt = 0;

  /**
   * `relative`: rows are numbered from the headers' row as 1 (a CSV's records), not as given (a sheet's rows).
   * `peek`: the first `maxRows` rows are all that is wanted — reading stops there, and a longer file is no fault.
   */
  constructor(
    private readonly meta: ShipmentFileMeta,
    private readonly handlers: ShipmentRowHandlers,
    private readonly maxRows: number,
    private readonly partRows: number,
    private readonly relative: boolean,
    private readonly peek = false,
  ) {}

  /**
   * Takes the row numbered `at`; false once the limit is passed or a handler failed (read no further). A promise only
   * when a part is handed over: the rows between cost no wait.
   */
  add(at: number, cells: string[]): boolean | Promise<boolean> {
    if (cells.every((c) => c === '')) return true;
    if (this.headers === null) {
      this.headers = cells;
      this.headerAt = at;
      return true;
    }
    if (this.count === this.maxRows) {
      this.tooMany = !this.peek;
      return false;
    }
    this.count++;
    this.part.push({ row: this.relative ? at - this.headerAt + 1 : at, cells });
    const more = !(this.peek && this.count === this.maxRows);
    return this.part.length === this.partRows ? this.hand().then((handed) => handed && more) : more;
  }

  /** Hands the part over (the headers first); false when a handler failed. */
  private async hand(): Promise<boolean> {
    const part = this.part;
    this.part = [];
    try {
      if (!this.started) {
        this.started = true;
        await this.handlers.headers(this.headers!, this.meta);
      }
      if (part.length > 0) await this.handlers.rows(part);
      return true;
    } catch (err) {
      this.failure = new HandlerFailure(err);
      return false;
    }
  }

  /** The end of the read: the rest handed over, or why the file is refused; a handler's error is thrown. */
  async result(readable: boolean): Promise<ShipmentStreamResult> {
    if (this.failure) throw this.failure.error;
    if (!readable) return refused(MESSAGES.importUnreadable);
    if (this.tooMany) return refused(MESSAGES.importTooManyRows(this.maxRows));
    if (this.headers === null) return refused(MESSAGES.importEmpty);
    if (this.count === 0) return refused(MESSAGES.importHeadersOnly);
    if (!(await this.hand())) throw this.failure!.error;
    return { ok: true, rows: this.count };
  }
}

/** Reads into a RowCollector; resolves whether the file could be read. */
type Reader = (collector: (meta: ShipmentFileMeta) => RowCollector) => Promise<ShipmentStreamResult>;

/** The first worksheet of an xlsx, read as a stream and stopped as soon as the rows pass the limit. */
function workbookReader(bytes: Buffer, unpackedMaxBytes: number): Reader {
  return async (collectorOf) => {
    const collector = collectorOf({ kind: 'xlsx', encoding: 'utf-8', delimiter: null });
    const read = await readFirstSheet(bytes, { unpackedMaxBytes }, ({ number, cells }) => {
      const more = collector.add(number, cells);
      return typeof more === 'boolean'
        ? more
          ? undefined
          : 'stop'
        : more.then((m) => (m ? undefined : 'stop'));
    });
    return collector.result(read);
  };
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
function csvReader(bytes: Buffer): Reader {
  return async (collectorOf) => {
    if (bytes.includes(0)) return refused(MESSAGES.importUnreadable);
    const encoding = encodingOf(bytes);
    const chunks = decodedChunks(bytes, encoding);
    const first = chunks.next();
    if (first.done) return refused(MESSAGES.importEmpty);
    const delimiter = delimiterOf(first.value);
    const collector = collectorOf({ kind: 'csv', encoding, delimiter });
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
    let record = 0;
    let readable = true;
    try {
      for await (const cells of parser as AsyncIterable<string[]>) {
        const added = collector.add(
          ++record,
          cells.map((c) => c.trim()),
        );
        if (!(typeof added === 'boolean' ? added : await added)) break;
      }
    } catch {
      readable = false;
    } finally {
      source.destroy();
    }
    return collector.result(readable);
  };
}

/** The reader of a file by its name's extension, or why none reads it. */
function readerOf(
  bytes: Buffer,
  fileName: string,
  unpackedMaxBytes: number,
): { ok: true; read: Reader } | { ok: false; message: string } {
  const extension = IMPORT_FILE_EXTENSIONS.find((e) => fileName.toLowerCase().endsWith(`.${e}`));
  if (!extension) return refused(MESSAGES.importFileType);
  if (bytes.length === 0) return refused(MESSAGES.importEmpty);
  return {
    ok: true,
    read: extension === 'xlsx' ? workbookReader(bytes, unpackedMaxBytes) : csvReader(bytes),
  };
}

/** Options of a streamed read. */
export interface ShipmentStreamOptions {
  /** Data rows handed over at a time. */
  partRows: number;
  maxRows?: number;
  unpackedMaxBytes?: number;
}

/**
 * Reads an uploaded shipment file as a stream, handing its headers and then its data rows, a part at a time, to
 * `handlers` as they are read (decision 0155): the file's rows are never all in memory, and reading waits while a
 * part is handled. By the name's extension: `.xlsx` (the first worksheet) or `.csv` (encoding and separator
 * detected); any other is refused. Refused too, before anything is handed over: an empty file and one with headers
 * only. Refused after some parts may have been handed over: a file that turns out unreadable part way (not a
 * workbook, a zip bomb, binary bytes) and one with more than `maxRows` data rows (found without reading the rest).
 * A handler's error stops the read and is thrown.
 */
export async function streamShipmentFile(
  bytes: Buffer,
  fileName: string,
  handlers: ShipmentRowHandlers,
  options: ShipmentStreamOptions,
): Promise<ShipmentStreamResult> {
  return read(bytes, fileName, handlers, options, false);
}

function read(
  bytes: Buffer,
  fileName: string,
  handlers: ShipmentRowHandlers,
  options: ShipmentStreamOptions,
  peek: boolean,
): Promise<ShipmentStreamResult> {
  const maxRows = options.maxRows ?? IMPORT_MAX_ROWS;
  const reader = readerOf(bytes, fileName, options.unpackedMaxBytes ?? IMPORT_UNPACKED_MAX_BYTES);
  if (!reader.ok) return Promise.resolve(reader);
  return reader.read(
    (meta) => new RowCollector(meta, handlers, maxRows, options.partRows, meta.kind === 'csv', peek),
  );
}

/** The whole table of a read (`peek`: its first `maxRows` rows only). */
async function table(
  bytes: Buffer,
  fileName: string,
  maxRows: number,
  unpackedMaxBytes: number,
  peek: boolean,
): Promise<ShipmentFileResult> {
  let whole: ShipmentTable | null = null;
  const result = await read(
    bytes,
    fileName,
    {
      headers: async (headers, meta) => {
        whole = { ...meta, headers, rows: [] };
      },
      rows: async (part) => {
        whole!.rows.push(...part);
      },
    },
    { partRows: 1000, maxRows, unpackedMaxBytes },
    peek,
  );
  return result.ok ? { ok: true, table: whole! } : result;
}

/**
 * Reads an uploaded shipment file into a table of text cells (the whole file: real weights, decision 0151), with the
 * refusals of `streamShipmentFile`, all before the table is answered.
 */
export function readShipmentFile(
  bytes: Buffer,
  fileName: string,
  maxRows: number = IMPORT_MAX_ROWS,
  unpackedMaxBytes: number = IMPORT_UNPACKED_MAX_BYTES,
): Promise<ShipmentFileResult> {
  return table(bytes, fileName, maxRows, unpackedMaxBytes, false);
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
  return table(bytes, fileName, sampleRows, unpackedMaxBytes, true);
}
