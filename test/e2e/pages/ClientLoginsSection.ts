import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { escapeRegExp } from './ListScreen';

/** The "Users" section of a client's page (/administration/clients/edit/<id>): the client's logins, live. */
export class ClientLoginsSection {
  readonly root: Locator;
  readonly list: Locator;
  readonly add: Locator;
  readonly search: Locator;
  readonly activeFilter: Locator;
  readonly count: Locator;
  private readonly body: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
    private readonly lang: Lang,
  ) {
    this.root = page.getByTestId('client-users');
    this.list = page.getByTestId('client-users-list');
    this.add = page.getByTestId('client-users-add');
    this.search = page.getByTestId('client-users-search');
    this.activeFilter = page.getByTestId('client-users-filter-active');
    this.count = this.root.getByTestId('list-count');
    this.body = this.list.locator('.bp6-table-quadrant-main');
  }

  async expectShown(): Promise<void> {
    await expect(this.root.getByRole('heading', { name: this.t('clients.users.title') })).toBeVisible();
    await expect(this.add).toHaveText(this.t('clients.users.add'));
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

  /** Opens a login the way a person does: double click on its row. */
  async open(column: string, text: string): Promise<void> {
    await this.cells(column)
      .filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) })
      .dblclick();
    await expect(this.page).toHaveURL(/\/administration\/users\/edit\/[0-9a-f-]{36}$/);
  }
}
