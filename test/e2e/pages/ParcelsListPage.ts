/// <reference lib="dom" />
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

/** `/orders`: the live parcels list, its filters and mass actions. */
export class ParcelsListPage extends ListScreen {
  readonly search: Locator;
  readonly printLabels: Locator;
  readonly deleteSelected: Locator;
  readonly selected: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/orders',
      root: 'page-parcels',
      list: 'parcels-list',
      titleId: 'parcels.title',
    });
    this.search = page.getByTestId('parcels-search');
    this.printLabels = page.getByTestId('parcels-print-labels');
    this.deleteSelected = page.getByTestId('parcels-delete-selected');
    this.selected = page.getByTestId('list-selected');
  }

  /** Types into the search box and waits for the list asked with it (the box is debounced). */
  async searchFor(text: string): Promise<void> {
    const asked = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/order/get/list') && (r.request().postData() ?? '').includes(text),
    );
    await this.search.fill(text);
    await asked;
  }

  /** The header's select-all box (the table's top quadrant draws the header the user sees). */
  async selectAll(): Promise<void> {
    await this.list
      .locator('.bp6-table-quadrant-top label.bp6-checkbox')
      .filter({ has: this.page.getByTestId('select-all') })
      .click();
  }

  /** The row showing this internal number (the table redraws its cells after a change: asked until found). */
  async rowIndex(internalNumber: string): Promise<number> {
    const find = async () => (await this.cells('internalNumber').allTextContents()).indexOf(internalNumber);
    await expect.poll(find, { message: `row ${internalNumber}` }).toBeGreaterThanOrEqual(0);
    return find();
  }

  /** Flips the check box of the row showing this internal number. */
  async toggleRow(internalNumber: string): Promise<void> {
    const index = await this.rowIndex(internalNumber);
    await this.body
      .locator('label.bp6-checkbox')
      .filter({ has: this.page.getByTestId('row-check') })
      .nth(index)
      .click();
  }

  /** The status cell of the row showing this internal number. */
  async statusOf(internalNumber: string): Promise<Locator> {
    const index = await this.rowIndex(internalNumber);
    return this.cells('status').nth(index);
  }

  /** Clicks a button and returns the download it starts. */
  async downloadBy(button: Locator): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await button.click();
    return download;
  }

  /** Starts remembering whether an element with this test id ever appeared (short-lived toasts). */
  async watchFor(testId: string): Promise<() => Promise<boolean>> {
    await this.page.evaluate((id) => {
      const w = window as unknown as Record<string, boolean>;
      w[`seen:${id}`] = false;
      new MutationObserver(() => {
        if (document.querySelector(`[data-testid="${id}"]`)) w[`seen:${id}`] = true;
      }).observe(document.body, { childList: true, subtree: true });
    }, testId);
    return () =>
      this.page.evaluate((id) => (window as unknown as Record<string, boolean>)[`seen:${id}`], testId);
  }
}
