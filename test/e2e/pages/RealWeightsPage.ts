import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

/**
 * /import/realWeights: the carriers' real-weight files and the upload dialog; a file's report
 * (/import/realWeights/:id) with its counts, its lines by outcome and the report to download (decision 0151).
 */
export class RealWeightsPage extends ListScreen {
  readonly uploadButton: Locator;
  readonly uploadDialog: Locator;
  readonly file: Locator;
  readonly fileError: Locator;
  readonly submit: Locator;
  readonly failure: Locator;
  readonly details: Locator;
  readonly lines: Locator;
  readonly linesBody: Locator;
  readonly report: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/import/realWeights',
      root: 'page-real-weights',
      list: 'weights-list',
      titleId: 'weights.title',
    });
    this.uploadButton = page.getByTestId('weights-upload');
    this.uploadDialog = page.getByRole('dialog').filter({ has: page.getByTestId('weights-upload-submit') });
    this.file = page.getByTestId('weights-upload-file');
    this.fileError = page.getByTestId('weights-upload-file-error');
    this.submit = page.getByTestId('weights-upload-submit');
    this.failure = page.getByTestId('weights-upload-failure');
    this.details = page.getByTestId('page-real-weight-details');
    this.lines = page.getByTestId('weights-lines');
    this.linesBody = this.lines.locator('.bp6-table-quadrant-main');
    this.report = page.getByTestId('weights-report');
  }

  /** Opens the screen through the Import menu. */
  async open(): Promise<void> {
    await this.page.getByTestId('nav-/import/realWeights').click();
    await this.expectShown();
  }

  /** A fact of the report's page (`weights-total`, `weights-over`, …). */
  fact(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** The lines' cells of a column (`row`, `number`, `outcome`, `parcel`, `real`, …), top to bottom. */
  lineCells(column: string): Locator {
    return this.linesBody.getByTestId(`cell-${column}`);
  }

  /** The tab of an outcome (`all`, `matched`, `overDeclared`, `unmatched`, `invalid`). */
  tab(outcome: string): Locator {
    return this.page.getByTestId(`weights-filter-${outcome}`);
  }

  async expectRows(rows: number[]): Promise<void> {
    await expect(this.lineCells('row')).toHaveText(rows.map(String));
  }
}
