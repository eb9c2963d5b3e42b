import type { Locator, Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

/** /administration/logs: the change log list, its filters and the details dialog. */
export class LogsPage extends ListScreen {
  readonly typeFilter: Locator;
  readonly entityFilter: Locator;
  readonly entityIdFilter: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly details: Locator;
  readonly diffRows: Locator;
  /** The switch showing the fields a change left as they were (only the changed ones are shown at first). */
  readonly showUnchanged: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/administration/logs',
      root: 'page-logs',
      list: 'logs-list',
      titleId: 'logs.title',
    });
    this.typeFilter = page.getByTestId('logs-filter-type');
    this.entityFilter = page.getByTestId('logs-filter-entity');
    this.entityIdFilter = page.getByTestId('logs-filter-entityId');
    this.from = page.getByTestId('logs-filter-from');
    this.to = page.getByTestId('logs-filter-to');
    this.details = page.getByTestId('log-details');
    this.diffRows = page.getByTestId('log-diff-row');
    this.showUnchanged = page
      .locator('label.bp6-switch')
      .filter({ has: page.getByTestId('log-show-unchanged') });
  }

  /** The before → after row of one field (its path of keys, `defaultAddress.city`) in the open dialog. */
  diffRow(key: string): Locator {
    return this.page.locator(`[data-testid="log-diff-row"][data-key="${key}"]`);
  }

  /** The row of one field of the open entry's details. */
  detailRow(key: string): Locator {
    return this.page.locator(`[data-testid="log-detail-row"][data-key="${key}"]`);
  }
}
