import { readFile } from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { parse as parseCsv } from 'csv-parse/sync';
import * as ExcelJS from 'exceljs';
import type { Translate } from '../support/i18n';

/** The export menu of a list header, its job toast, and what the downloaded file holds. */
export class ExportMenu {
  readonly button: Locator;
  readonly selected: Locator;
  readonly all: Locator;
  readonly progress: Locator;
  readonly ready: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
  ) {
    this.button = page.getByTestId('export-menu');
    this.selected = page.getByTestId('export-selected');
    this.all = page.getByTestId('export-all');
    this.progress = page.getByTestId('export-progress');
    this.ready = page.getByTestId('export-ready');
  }

  /** Opens the menu and picks an entry; returns the download it starts (a direct export). */
  async pick(item: 'selected' | 'all', count: number): Promise<Download> {
    await this.button.click();
    const entry = item === 'selected' ? this.selected : this.all;
    await expect(entry).toHaveText(this.t(`export.${item}`, { count }));
    const download = this.page.waitForEvent('download');
    await entry.click();
    return download;
  }

  /**
   * Opens the menu of a list exporting in several formats (the parcels list: xlsx and CSV) and picks an entry;
   * returns the download it starts when `download` (a direct export), else nothing (a job: see the toast).
   */
  async pickAs(item: 'selected' | 'all', format: 'xlsx' | 'csv', count: number): Promise<Download>;
  async pickAs(
    item: 'selected' | 'all',
    format: 'xlsx' | 'csv',
    count: number,
    download: false,
  ): Promise<void>;
  async pickAs(
    item: 'selected' | 'all',
    format: 'xlsx' | 'csv',
    count: number,
    download = true,
  ): Promise<Download | void> {
    await expect(this.button).toHaveText(this.t('export.buttonAny'));
    await this.button.click();
    const entry = this.page.getByTestId(`export-${item}-${format}`);
    await expect(entry).toHaveText(
      this.t(`export.${item}As`, { count, format: format === 'csv' ? 'CSV' : 'xlsx' }),
    );
    if (!download) return entry.click();
    const started = this.page.waitForEvent('download');
    await entry.click();
    return started;
  }

  /** The "Download" action of the finished job's toast; returns the download it starts. */
  async downloadFromToast(): Promise<Download> {
    const toast = this.page.locator('.bp6-toast').filter({ has: this.ready });
    const download = this.page.waitForEvent('download');
    await toast.getByRole('button', { name: this.t('export.download') }).click();
    return download;
  }
}

/** The first sheet of a downloaded xlsx: its header row and the values of one column. */
export async function sheetOfDownload(
  download: Download,
): Promise<{ header: unknown[]; column: (name: string) => unknown[]; rows: number }> {
  const path = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(path)) as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  return {
    header,
    rows: ws.rowCount - 1,
    column: (name) => {
      const i = header.indexOf(name);
      expect(i, `column ${name}`).toBeGreaterThanOrEqual(0);
      const out: unknown[] = [];
      for (let r = 2; r <= ws.rowCount; r++) out.push(ws.getRow(r).getCell(i + 1).value);
      return out;
    },
  };
}

/** The records of a downloaded CSV (UTF-8 with a byte order mark, a header row): its header and its rows. */
export async function csvOfDownload(
  download: Download,
): Promise<{ bom: boolean; header: string[]; rows: string[][]; column: (name: string) => string[] }> {
  const bytes = await readFile(await download.path());
  const records = parseCsv(bytes, { bom: true, relax_column_count: false }) as string[][];
  const [header, ...rows] = records;
  return {
    bom: bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])),
    header,
    rows,
    column: (name) => {
      const i = header.indexOf(name);
      expect(i, `column ${name}`).toBeGreaterThanOrEqual(0);
      return rows.map((r) => r[i]);
    },
  };
}
