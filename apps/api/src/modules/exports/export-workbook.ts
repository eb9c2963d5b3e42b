import type { Language, Principal } from '@depot/contracts';
import type { ExportSelection, ExportSource } from './export-source';
import { warsawDate, writeXlsx } from './xlsx-writer';

/** `clients-2026-11-22.xlsx`: the source's title in the reader's language and the Warsaw date. */
export const exportFileName = (source: ExportSource, lang: Language, at = new Date()): string =>
  `${source.title[lang].trim().toLowerCase().replace(/\s+/g, '-')}-${warsawDate(at)}.xlsx`;

/** The selection of a source as an xlsx workbook, headed in the reader's language. */
export function exportWorkbook(
  source: ExportSource,
  selection: ExportSelection,
  principal: Principal,
  lang: Language,
  onBatch?: (written: number) => Promise<void>,
): Promise<{ content: Buffer; rows: number }> {
  return writeXlsx(
    {
      sheetName: source.title[lang],
      columns: source.columns.map((c) => ({
        key: c.key,
        header: c.header[lang],
        width: c.width,
        format: c.format,
      })),
    },
    lang,
    source.rows(selection, principal),
    onBatch,
  );
}

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
