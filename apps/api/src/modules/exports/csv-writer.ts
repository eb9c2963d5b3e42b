import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Language } from '@depot/contracts';
import type { ExportCell } from './export-source';
import { warsawWallClock, yesNo, type XlsxTable } from './xlsx-writer';

/**
 * CSV exports (decision 0081): RFC 4180 (comma, CRLF, quotes doubled), UTF-8 with a byte order mark so
 * spreadsheet programs read Polish letters, a header row in the reader's language, dates as Warsaw wall-clock text
 * (`yyyy-MM-dd HH:mm:ss`, or `yyyy-MM-dd`), numbers with a dot, yes/no in the reader's language, and text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) prefixed with `'`.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as CSV text. */
export function csvCell(value: ExportCell | undefined, lang: Language, format?: 'date' | 'dateTime'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return yesNo(value, lang);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const wall = warsawWallClock(value, format ?? 'dateTime').toISOString();
    return format === 'date' ? wall.slice(0, 10) : `${wall.slice(0, 10)} ${wall.slice(11, 19)}`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The rows as a CSV byte stream, read batch by batch as the reader takes them (backpressure: a slow download
 * does not make the rows pile up in memory). `onBatch` hears the running row count after each batch.
 */
export function csvStream(
  table: XlsxTable,
  lang: Language,
  batches: AsyncIterable<Record<string, ExportCell>[]>,
  onBatch?: (written: number) => Promise<void>,
): Readable {
  async function* records() {
    let rows = 0;
    for await (const batch of batches) {
      for (const row of batch) yield table.columns.map((c) => csvCell(row[c.key], lang, c.format));
      rows += batch.length;
      await onBatch?.(rows);
    }
  }
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: table.columns.map((c) => c.header),
    record_delimiter: 'windows',
    // With CRLF records csv-stringify quotes fields holding CRLF only; a bare LF or CR must be quoted too.
    quoted_match: /[\r\n]/,
  });
  const source = Readable.from(records());
  source.on('error', (err) => stringifier.destroy(err));
  return source.pipe(stringifier);
}

/** The whole CSV file in memory (export jobs store it), with the number of rows written. */
export async function writeCsv(
  table: XlsxTable,
  lang: Language,
  batches: AsyncIterable<Record<string, ExportCell>[]>,
  onBatch?: (written: number) => Promise<void>,
): Promise<{ content: Buffer; rows: number }> {
  let rows = 0;
  const chunks: Buffer[] = [];
  const stream = csvStream(table, lang, batches, async (n) => {
    rows = n;
    await onBatch?.(n);
  });
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return { content: Buffer.concat(chunks), rows };
}
