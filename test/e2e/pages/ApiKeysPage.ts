import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';

/** /settings/apiKeys: the live list of keys, the create dialog (secret shown once) and the row actions. */
export class ApiKeysPage {
  readonly root: Locator;
  readonly list: Locator;
  readonly createButton: Locator;
  readonly count: Locator;
  readonly dialog: Locator;
  readonly name: Locator;
  readonly nameError: Locator;
  readonly clientError: Locator;
  readonly save: Locator;
  readonly secret: Locator;
  readonly warning: Locator;
  readonly copy: Locator;
  readonly done: Locator;
  readonly confirm: Locator;
  private readonly body: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
    private readonly lang: Lang,
  ) {
    this.root = page.getByTestId('page-api-keys');
    this.list = page.getByTestId('api-keys-list');
    this.createButton = page.getByTestId('api-keys-create');
    this.count = page.getByTestId('list-count');
    this.dialog = page.locator('.bp6-dialog');
    this.name = page.getByTestId('api-key-name');
    this.nameError = page.getByTestId('api-key-name-error');
    this.clientError = page.getByTestId('api-key-client-error');
    this.save = page.getByTestId('api-key-save');
    this.secret = page.getByTestId('api-key-secret');
    this.warning = page.getByTestId('api-key-warning');
    this.copy = page.getByTestId('api-key-copy');
    this.done = page.getByTestId('api-key-done');
    this.confirm = page.getByTestId('confirm-ok');
    this.body = this.list.locator('.bp6-table-quadrant-main');
  }

  /** Opens the screen through the Settings menu. */
  async open(): Promise<void> {
    await this.page.getByTestId('nav-/settings/apiKeys').click();
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/settings\/apiKeys$/);
    await expect(this.root.getByRole('heading', { name: this.t('apiKeys.title') })).toBeVisible();
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

  /** A row action button (`rename`, `activate`, `deactivate`, `delete`) of the only row shown. */
  action(name: 'rename' | 'activate' | 'deactivate' | 'delete'): Locator {
    return this.body.getByTestId(`api-key-${name}`);
  }
}
