import type { Readable } from 'node:stream';
import {
  CATALOGUE,
  catalogueText,
  CSV_MIME,
  XLSX_MIME,
  type ExportFormat,
  type Language,
  type Principal,
} from '@depot/contracts';
import { csvStream, writeCsv } from './csv-writer';
import type { ExportSelection, ExportSource } from './export-source';
import { warsawDate, writeXlsx, writeXlsxFile, type XlsxFile, type XlsxTable } from './xlsx-writer';

/** `clients-2026-11-22.xlsx`: the source's title in the reader's language, the Warsaw date and the format. */
export const exportFileName = (
  source: ExportSource,
  lang: Language,
  at = new Date(),
  format: ExportFormat = 'xlsx',
): string =>
  `${catalogueText(lang, source.title).trim().toLowerCase().replace(/\s+/g, '-')}-${warsawDate(at)}.${format}`;

export const EXPORT_MIME: Record<ExportFormat, string> = { xlsx: XLSX_MIME, csv: CSV_MIME };

/** A code's catalogue name (`<prefix><code>`) in the reader's language; a code with no entry as it is. */
const wordsOf =
  (lang: Language, prefix: string) =>
  (code: string): string =>
    (CATALOGUE[lang] as Partial<Record<string, string>>)[`${prefix}${code}`] ?? code;

/** The source's sheet: its title and columns headed in the reader's language, from the catalogue. */
export const tableOf = (source: ExportSource, lang: Language): XlsxTable => ({
  sheetName: catalogueText(lang, source.title),
  columns: source.columns.map((c) => ({
    key: c.key,
    header: catalogueText(lang, c.header),
    width: c.width,
    format: c.format,
    words: c.words === undefined ? undefined : wordsOf(lang, c.words),
  })),
});

/** The selection of a source as a file of `format` in memory (export jobs store it). */
export function exportFile(
  format: ExportFormat,
  source: ExportSource,
  selection: ExportSelection,
  principal: Principal,
  lang: Language,
  onBatch?: (written: number) => Promise<void>,
): Promise<{ content: Buffer; rows: number }> {
  return format === 'csv'
    ? writeCsv(tableOf(source, lang), lang, source.rows(selection, principal), onBatch)
    : exportWorkbook(source, selection, principal, lang, onBatch);
}

/** The selection of a source as CSV, streamed as it is read (direct downloads). */
export const exportCsvStream = (
  source: ExportSource,
  selection: ExportSelection,
  principal: Principal,
  lang: Language,
): Readable => csvStream(tableOf(source, lang), lang, source.rows(selection, principal));

/** The selection of a source as an xlsx workbook, headed in the reader's language. */
export function exportWorkbook(
  source: ExportSource,
  selection: ExportSelection,
  principal: Principal,
  lang: Language,
  onBatch?: (written: number) => Promise<void>,
): Promise<{ content: Buffer; rows: number }> {
  return writeXlsx(tableOf(source, lang), lang, source.rows(selection, principal), onBatch);
}

/** The selection of a source as an xlsx workbook in a temporary file (export jobs; decision 0095). */
export const exportWorkbookFile = (
  source: ExportSource,
  selection: ExportSelection,
  principal: Principal,
  lang: Language,
  onBatch?: (written: number) => Promise<void>,
): Promise<XlsxFile> =>
  writeXlsxFile(tableOf(source, lang), lang, source.rows(selection, principal), onBatch);

/** What the change log keeps of an export: what, how many, and how the rows were chosen (not the ids). */
export const exportAuditDetails = (
  selection: ExportSelection,
  rows: number,
  extra: Record<string, unknown> = {},
) => ({
  rows,
  selectedAll: selection.selectedAll,
  picked: selection.ids.length,
  excepted: selection.exceptId.length,
  filters: selection.filters,
  ...extra,
});
