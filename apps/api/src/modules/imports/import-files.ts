import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { stringify } from 'csv-stringify/sync';
import {
  CSV_MIME,
  DEFAULT_LANGUAGE,
  IMPORT_COLUMNS,
  XLSX_MIME,
  catalogueText,
  type ErrorDetail,
  type ImportView,
  type Language,
  type Principal,
} from '@depot/contracts';
import { columnOfPath, importHeader } from '@depot/domain';
import { messageText } from '../../common/message-text';
import { ExportFilesRepository } from '../exports/export-files.repository';
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
 * A row's error in the reader's language, after the column it is about (as the panel shows it): the file's own header,
 * else the template's header of the field the file lacks, else the path as it is.
 */
function errorText(e: ErrorDetail, headers: readonly string[], lang: Language): string {
  const message = messageText(lang, e.message);
  if (!e.path) return message;
  const column = headers.includes(e.path) ? null : columnOfPath(e.path);
  return `${column ? importHeader(column, lang) : e.path}: ${message}`;
}

/**
 * The import's files (decision 0150): the template (every column's header in the reader's language) and an import's
 * refused rows as they were read, with a last column of reasons, ready to fix and upload again, the reasons in the
 * reader's language too (decision 0153). xlsx, or CSV the way Polish Excel opens it (`;`, UTF-8 with a byte order mark).
 */
@Injectable()
export class ImportFiles {
  constructor(
    private readonly repo: ImportsRepository,
    private readonly users: ExportFilesRepository,
  ) {}

  template(format: 'xlsx' | 'csv', lang: Language): Promise<ImportFile> {
    const headers = IMPORT_COLUMNS.map((c) => importHeader(c, lang));
    const name = catalogueText(lang, 'imports.templateFileName');
    return this.file(`${name}.${format}`, format, headers, (async function* () {})());
  }

  /** The refused rows, in the language asked, else the reader's own (as exports choose it), else English. */
  async failedRows(
    view: ImportView,
    format: 'xlsx' | 'csv',
    asked: Language | undefined,
    reader: Principal,
  ): Promise<ImportFile> {
    const lang =
      asked ?? (reader.userId ? await this.users.languageOf(reader.userId) : undefined) ?? DEFAULT_LANGUAGE;
    const headers = [...view.headers, catalogueText(lang, 'imports.errorsColumn')];
    const repo = this.repo;
    async function* rows() {
      let cursor: string | null = null;
      do {
        const page = await repo.rows(view.id, { state: 'invalid', cursor, limit: FAILED_BATCH });
        yield page.items.map((r) => [
          ...view.headers.map((_, i) => r.rawData[i] ?? ''),
          r.errors.map((e) => errorText(e, view.headers, lang)).join('; '),
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
