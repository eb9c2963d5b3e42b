import type { Locator, Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

/** /settings/apiKeys: the live list of keys, the create dialog (secret shown once) and the row actions. */
export class ApiKeysPage extends ListScreen {
  readonly createButton: Locator;
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

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/settings/apiKeys',
      root: 'page-api-keys',
      list: 'api-keys-list',
      titleId: 'apiKeys.title',
    });
    this.createButton = page.getByTestId('api-keys-create');
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
  }

  /** Opens the screen through the Settings menu. */
  async open(): Promise<void> {
    await this.page.getByTestId('nav-/settings/apiKeys').click();
    await this.expectShown();
  }

  /** A row action button (`rename`, `activate`, `deactivate`, `delete`) of the only row shown. */
  action(name: 'rename' | 'activate' | 'deactivate' | 'delete'): Locator {
    return this.body.getByTestId(`api-key-${name}`);
  }
}
