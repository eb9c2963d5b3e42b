import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';

/** /administration/logs: the change log list, its filters and the details dialog. */
export class LogsPage {
  readonly root: Locator;
  readonly list: Locator;
  readonly count: Locator;
  readonly typeFilter: Locator;
  readonly entityFilter: Locator;
  readonly entityIdFilter: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly details: Locator;
  readonly diffRows: Locator;
  private readonly body: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
    private readonly lang: Lang,
  ) {
    this.root = page.getByTestId('page-logs');
    this.list = page.getByTestId('logs-list');
    this.count = page.getByTestId('list-count');
    this.typeFilter = page.getByTestId('logs-filter-type');
    this.entityFilter = page.getByTestId('logs-filter-entity');
    this.entityIdFilter = page.getByTestId('logs-filter-entityId');
    this.from = page.getByTestId('logs-filter-from');
    this.to = page.getByTestId('logs-filter-to');
    this.details = page.getByTestId('log-details');
    this.diffRows = page.getByTestId('log-diff-row');
    this.body = this.list.locator('.bp6-table-quadrant-main');
  }

  async goto(): Promise<void> {
    await this.page.goto('/administration/logs');
    await expect(this.root.getByRole('heading', { name: this.t('logs.title') })).toBeVisible();
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

  /** The before/after row of one key in the open dialog. */
  diffRow(key: string): Locator {
    return this.page.locator(`[data-testid="log-diff-row"][data-key="${key}"]`);
  }
}
