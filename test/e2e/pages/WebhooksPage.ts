import type { Locator, Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

/**
 * /settings/webhooks: the live list of endpoints; the create page (its secret shown once); an endpoint's page with
 * its actions and its live delivery log (decision 0146).
 */
export class WebhooksPage extends ListScreen {
  readonly createButton: Locator;
  readonly url: Locator;
  readonly urlError: Locator;
  readonly save: Locator;
  readonly secret: Locator;
  readonly warning: Locator;
  readonly copy: Locator;
  readonly done: Locator;
  readonly details: Locator;
  readonly secretPrefix: Locator;
  readonly sendTest: Locator;
  readonly deliveries: Locator;
  readonly deliveryRows: Locator;
  readonly confirm: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/settings/webhooks',
      root: 'page-webhooks',
      list: 'webhooks-list',
      titleId: 'webhooks.title',
    });
    this.createButton = page.getByTestId('webhooks-create');
    this.url = page.getByTestId('webhook-url');
    this.urlError = this.fieldErrorFor('webhook-url');
    this.save = page.getByTestId('webhook-save');
    this.secret = page.getByTestId('webhook-secret');
    this.warning = page.getByTestId('webhook-secret-warning');
    this.copy = page.getByTestId('webhook-copy');
    this.done = page.getByTestId('webhook-done');
    this.details = page.getByTestId('page-webhook-details');
    this.secretPrefix = page.getByTestId('webhook-secret-prefix');
    this.sendTest = page.getByTestId('webhook-test');
    this.deliveries = page.getByTestId('webhook-deliveries');
    this.deliveryRows = this.deliveries.locator('.bp6-table-quadrant-main');
    this.confirm = page.getByTestId('confirm-ok');
  }

  /** Opens the screen through the Settings menu. */
  async open(): Promise<void> {
    await this.page.getByTestId('nav-/settings/webhooks').click();
    await this.expectShown();
  }

  /** An event's checkbox on the endpoint form (`parcelCreated`, `parcelStatusChanged`, `labelReady`). */
  event(key: 'parcelCreated' | 'parcelStatusChanged' | 'labelReady'): Locator {
    return this.page.getByTestId(`webhook-event-${key}`);
  }

  /** The label of an event's checkbox: what a person clicks (Blueprint draws the box over the input). */
  eventLabel(key: 'parcelCreated' | 'parcelStatusChanged' | 'labelReady'): Locator {
    return this.page.locator('label.bp6-checkbox').filter({ has: this.event(key) });
  }

  /** The cells of a column of the delivery log (newest first). */
  deliveryCells(column: string): Locator {
    return this.deliveryRows.getByTestId(`cell-${column}`);
  }
}
