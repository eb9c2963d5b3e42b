/// <reference lib="dom" />
import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

/**
 * /import: the live list of imports and the upload dialog; an import's page (/import/details/:id) with its facts,
 * progress, rows by state, the fix dialog and approve/cancel (decision 0150).
 */
export class ImportsPage extends ListScreen {
  readonly uploadButton: Locator;
  readonly uploadDialog: Locator;
  readonly file: Locator;
  readonly fileError: Locator;
  readonly submit: Locator;
  /** The mapping step: the preset select, the fields still without a column, and "save as preset". */
  readonly mapping: Locator;
  readonly preset: Locator;
  readonly mappingMissing: Locator;
  readonly presetName: Locator;
  readonly savePreset: Locator;
  readonly details: Locator;
  readonly rows: Locator;
  readonly rowsBody: Locator;
  readonly fixDialog: Locator;
  readonly approve: Locator;
  readonly confirm: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/import',
      root: 'page-imports',
      list: 'imports-list',
      titleId: 'imports.title',
    });
    this.uploadButton = page.getByTestId('imports-upload');
    this.uploadDialog = page.getByRole('dialog').filter({ has: page.getByTestId('import-upload-submit') });
    this.file = page.getByTestId('import-upload-file');
    this.fileError = page.getByTestId('import-upload-file-error');
    this.submit = page.getByTestId('import-upload-submit');
    this.mapping = page.getByTestId('import-mapping');
    this.preset = page.getByTestId('import-mapping-preset');
    this.mappingMissing = page.getByTestId('import-mapping-missing');
    this.presetName = page.getByTestId('import-preset-name');
    this.savePreset = page.getByTestId('import-preset-save');
    this.details = page.getByTestId('page-import-details');
    this.rows = page.getByTestId('import-rows');
    this.rowsBody = this.rows.locator('.bp6-table-quadrant-main');
    this.fixDialog = page.getByRole('dialog').filter({ has: page.getByTestId('import-fix-form') });
    this.approve = page.getByTestId('import-approve');
    this.confirm = page.getByTestId('confirm-ok');
  }

  /** Opens the screen through the Import menu. */
  async open(): Promise<void> {
    await this.page.getByTestId('nav-/import').click();
    await this.expectShown();
  }

  /** Picks the client of the upload dialog (staff): the options settle on the search's answer before the click. */
  async pickClient(name: string): Promise<void> {
    await this.page.getByTestId('import-upload-client').fill(name);
    const options = this.page.getByTestId('client-option');
    await expect(options).toHaveCount(1);
    await options.filter({ hasText: name }).click();
  }

  /** The mapping step's select of a field (`weightKg`, …): the file's column it takes. */
  mapField(field: string): Locator {
    return this.page.getByTestId(`import-map-${field}`);
  }

  /** The first values of the column a field takes, as the mapping step shows them. */
  mapSample(field: string): Locator {
    return this.page.getByTestId(`import-map-sample-${field}`);
  }

  /** A fact of the import's page (`import-encoding`, `import-valid`, …). */
  fact(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** The cells of a column of the import's rows (`row`, `state`, `errors`, `col<n>` for the file's n-th column). */
  rowCells(column: string): Locator {
    return this.rowsBody.getByTestId(`cell-${column}`);
  }

  /** The rows' tab of a state (`all`, `valid`, `invalid`, `created`). */
  tab(state: 'all' | 'valid' | 'invalid' | 'created'): Locator {
    return this.page.getByTestId(`import-rows-filter-${state}`);
  }

  /** The fix dialog's field of the file's n-th column. */
  fixField(index: number): Locator {
    return this.page.getByTestId(`import-fix-${index}`);
  }

  /** Starts remembering whether an element with this test id ever appeared (a short-lived progress notice). */
  async watchFor(testId: string): Promise<() => Promise<boolean>> {
    await this.page.evaluate((id) => {
      const w = window as unknown as Record<string, boolean>;
      w[`seen:${id}`] = false;
      const look = () => {
        if (document.querySelector(`[data-testid="${id}"]`)) w[`seen:${id}`] = true;
      };
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
      look();
    }, testId);
    return () =>
      this.page.evaluate((id) => (window as unknown as Record<string, boolean>)[`seen:${id}`], testId);
  }

  /** The state cell of the import of this file in the list (the table redraws its cells after a change: asked until found). */
  async stateOf(fileName: string): Promise<Locator> {
    const find = async () => (await this.cells('fileName').allTextContents()).indexOf(fileName);
    await expect.poll(find, { message: `import ${fileName}` }).toBeGreaterThanOrEqual(0);
    return this.cells('state').nth(await find());
  }

  /** The numbers of the rows the import's table shows. */
  async expectRowNumbers(numbers: number[]): Promise<void> {
    await expect(this.rowCells('row')).toHaveText(numbers.map(String));
  }
}
