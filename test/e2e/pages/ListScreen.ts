import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { openPath } from '../support/navigate';

/** Where a list screen lives and how it is recognised. */
export interface ListScreenIds {
  /** The page's path, e.g. `/administration/clients`. */
  path: string;
  /** The page's test id (`page-clients`). */
  root: string;
  /** The DenseList's test id (`clients-list`). */
  list: string;
  /** i18n id of the page heading. */
  titleId: string;
}

/**
 * What every live list screen offers a test: its heading, the dense list and its "loaded of total" count, the
 * cells of a column, and the message under a form field of its create and edit screens.
 */
export abstract class ListScreen {
  readonly root: Locator;
  readonly list: Locator;
  readonly count: Locator;
  /** The table body (rows scrolled into view). */
  readonly body: Locator;

  protected constructor(
    readonly page: Page,
    protected readonly t: Translate,
    protected readonly lang: Lang | undefined,
    private readonly ids: ListScreenIds,
  ) {
    this.root = page.getByTestId(ids.root);
    this.list = page.getByTestId(ids.list);
    this.count = page.getByTestId('list-count');
    this.body = this.list.locator('.bp6-table-quadrant-main');
  }

  async goto(): Promise<void> {
    await openPath(this.page, this.ids.path);
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    // The list's view (filters, order) may stand in the query string (decision 0122).
    await expect(this.page).toHaveURL(new RegExp(`${escapeRegExp(this.ids.path)}(\\?[^#]*)?$`));
    await expect(this.root.getByRole('heading', { name: this.t(this.ids.titleId) })).toBeVisible();
    await expect(this.count).toBeVisible();
  }

  async expectCount(loaded: number, total: number): Promise<void> {
    const n = new Intl.NumberFormat(this.lang);
    await expect(this.count).toHaveText(
      this.t('list.count', { loaded: n.format(loaded), total: n.format(total) }),
    );
  }

  cells(column: string): Locator {
    return this.body.getByTestId(`cell-${column}`);
  }

  /** The message under a form field (its FormGroup's helper text), by the id its label is for. */
  protected fieldErrorFor(labelFor: string): Locator {
    return this.page
      .locator('.bp6-form-group')
      .filter({ has: this.page.locator(`label[for="${labelFor}"]`) })
      .locator('.bp6-form-helper-text');
  }
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
