import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { stringify } from 'csv-stringify/sync';
import {
  CSV_MIME,
  IMPORT_COLUMNS,
  XLSX_MIME,
  catalogueText,
  type ImportView,
  type Language,
} from '@depot/contracts';
import { importHeader } from '@depot/domain';
import { writeXlsxFile, type XlsxTable } from '../exports/xlsx-writer';
import { ImportsRepository } from './imports.repository';

/** A file to send. */
export interface ImportFile {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

/** Refused rows read per query into the failed-rows file. */
const FAILED_BATCH = 2000;

/**
 * The import's files (decision 0150): the template (every column's header in the reader's language) and an import's
 * refused rows as they were read, with a last column of reasons, ready to fix and upload again. xlsx, or CSV the way
 * Polish Excel opens it (`;`, UTF-8 with a byte order mark).
 */
@Injectable()
export class ImportFiles {
  constructor(private readonly repo: ImportsRepository) {}

  template(format: 'xlsx' | 'csv', lang: Language): Promise<ImportFile> {
    const headers = IMPORT_COLUMNS.map((c) => importHeader(c, lang));
    const name = catalogueText(lang, 'imports.templateFileName');
    return this.file(`${name}.${format}`, format, headers, (async function* () {})());
  }

  async failedRows(view: ImportView, format: 'xlsx' | 'csv', lang: Language): Promise<ImportFile> {
    const headers = [...view.headers, catalogueText(lang, 'imports.errorsColumn')];
    const repo = this.repo;
    async function* rows() {
      let cursor: string | null = null;
      do {
        const page = await repo.rows(view.id, { state: 'invalid', cursor, limit: FAILED_BATCH });
        yield page.items.map((r) => [
          ...view.headers.map((_, i) => r.rawData[i] ?? ''),
          r.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; '),
        ]);
        cursor = page.nextCursor;
      } while (cursor);
    }
    const base = view.fileName.replace(/\.(xlsx|csv)$/i, '');
    return this.file(
      `${base}-${catalogueText(lang, 'imports.failedFileSuffix')}.${format}`,
      format,
      headers,
      rows(),
    );
  }

  private async file(
    fileName: string,
    format: 'xlsx' | 'csv',
    headers: string[],
    batches: AsyncIterable<string[][]>,
  ): Promise<ImportFile> {
    if (format === 'csv') {
      const records: string[][] = [headers];
      for await (const batch of batches) records.push(...batch);
      const text = stringify(records, { delimiter: ';', bom: true, record_delimiter: 'windows' });
      return { fileName, mimeType: CSV_MIME, content: Buffer.from(text, 'utf8') };
    }
    const table: XlsxTable = {
      sheetName: 'Shipments',
      columns: headers.map((header, i) => ({ key: String(i), header, width: 20 })),
    };
    async function* records() {
      for await (const batch of batches)
        yield batch.map((cells) => Object.fromEntries(cells.map((c, i) => [String(i), c])));
    }
    const written = await writeXlsxFile(table, 'en', records());
    try {
      return { fileName, mimeType: XLSX_MIME, content: await readFile(written.path) };
    } finally {
      await written.remove();
    }
  }
}
