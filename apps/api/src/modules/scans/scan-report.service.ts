import { Injectable } from '@nestjs/common';
import {
  CATALOGUE,
  DEFAULT_LANGUAGE,
  MESSAGES,
  catalogueText,
  type Language,
  type MessageId,
  type ScanRecord,
} from '@depot/contracts';
import { Errors } from '../../common/errors';
import { ExportFilesRepository } from '../exports/export-files.repository';
import type { ExportCell } from '../exports/export-source';
import { writeXlsx, type XlsxTable } from '../exports/xlsx-writer';
import { ScansRepository } from './scans.repository';

/** Scans read per query while the report is written. */
export const SCAN_REPORT_PAGE = 2_000;

/** The report's columns: key in the row, catalogue header, width. */
const COLUMNS: { key: keyof ReportRow; header: MessageId; width?: number; format?: 'dateTime' }[] = [
  { key: 'scannedAt', header: 'scans.field.scannedAt', width: 18, format: 'dateTime' },
  { key: 'number', header: 'scans.field.number', width: 22 },
  { key: 'internalNumber', header: 'parcels.field.internalNumber', width: 18 },
  { key: 'status', header: 'scans.field.status' },
  { key: 'previousStatus', header: 'scans.field.previousStatus' },
  { key: 'outcome', header: 'scans.field.outcome' },
  { key: 'message', header: 'scans.field.message', width: 40 },
  { key: 'sector', header: 'scans.field.sector', width: 24 },
  { key: 'terminal', header: 'scans.field.terminal' },
  { key: 'scannedBy', header: 'scans.field.scannedBy', width: 22 },
];
type ReportRow = Record<
  | 'scannedAt'
  | 'number'
  | 'internalNumber'
  | 'status'
  | 'previousStatus'
  | 'outcome'
  | 'message'
  | 'sector'
  | 'terminal'
  | 'scannedBy',
  ExportCell
>;

/** A server message's own words in the reader's language (a text MESSAGES does not know stays as it is). */
const MESSAGE_IDS = new Map<string, string>(
  Object.entries(MESSAGES).flatMap(([key, text]) =>
    typeof text === 'string' ? [[text, `server.${key}`] as [string, string]] : [],
  ),
);
const wordOf = (lang: Language, id: string, fallback: string): string =>
  (CATALOGUE[lang] as Partial<Record<string, string>>)[id] ?? fallback;

function rowOf(scan: ScanRecord, lang: Language): ReportRow {
  const status = (s: string | null) => (s ? wordOf(lang, `parcels.status.${s}`, s) : null);
  return {
    scannedAt: new Date(scan.scannedAt),
    number: scan.number,
    internalNumber: scan.internalNumber,
    status: status(scan.status),
    previousStatus: status(scan.previousStatus),
    outcome: wordOf(lang, `scans.outcome.${scan.outcome}`, scan.outcome),
    message: scan.message ? wordOf(lang, MESSAGE_IDS.get(scan.message) ?? '', scan.message) : null,
    sector: scan.sector
      ? `${scan.sector.sectorCountry} ${scan.sector.sectorDescription}`
      : catalogueText(lang, 'sectors.none'),
    terminal: scan.terminal,
    scannedBy: scan.scannedBy,
  };
}

/**
 * POST /operatingModule/raportOfScanedPackages (issue 14 item 7): the Warsaw day's scans as xlsx, headed in the
 * reader's language; a day without scans is 400 "No Packages found" (SPEC 8), so the panel says so.
 */
@Injectable()
export class ScanReportService {
  constructor(
    private readonly repo: ScansRepository,
    private readonly files: ExportFilesRepository,
  ) {}

  async report(
    userId: string | null,
    day: string,
  ): Promise<{ fileName: string; content: Buffer; rows: number }> {
    const first = await this.repo.ofDay(day, undefined, SCAN_REPORT_PAGE);
    if (first.length === 0) throw Errors.badRequest(MESSAGES.noPackagesFound);
    const lang = (userId ? await this.files.languageOf(userId) : undefined) ?? DEFAULT_LANGUAGE;
    const table: XlsxTable = {
      sheetName: catalogueText(lang, 'scans.report.title'),
      columns: COLUMNS.map((c) => ({ ...c, header: catalogueText(lang, c.header) })),
    };
    // The day is read a page at a time (by scan sequence), so a busy day never sits in memory as records whole.
    const repo = this.repo;
    async function* batches() {
      for (let page = first; page.length > 0;) {
        yield page.map((s) => rowOf(s, lang) as Record<string, ExportCell>);
        if (page.length < SCAN_REPORT_PAGE) return;
        page = await repo.ofDay(day, page[page.length - 1]!.seq, SCAN_REPORT_PAGE);
      }
    }
    const { content, rows } = await writeXlsx(table, lang, batches());
    const title = catalogueText(lang, 'scans.report.title').toLowerCase();
    return { fileName: `${title}-${day}.xlsx`, content, rows };
  }
}
