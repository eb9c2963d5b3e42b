import { readFile } from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import * as ExcelJS from 'exceljs';
import type { Translate } from '../support/i18n';

/** The "Export to xlsx" menu of a list header, its job toast, and what the downloaded file holds. */
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
