import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';

/** /administration/clientsGroups (the live list) and its create and edit screens. */
export class ClientGroupsPage {
  readonly root: Locator;
  readonly list: Locator;
  readonly createButton: Locator;
  readonly search: Locator;
  readonly count: Locator;
  readonly name: Locator;
  readonly type: Locator;
  readonly picker: Locator;
  readonly options: Locator;
  readonly members: Locator;
  readonly save: Locator;
  private readonly body: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
    private readonly lang: Lang,
  ) {
    this.root = page.getByTestId('page-client-groups');
    this.list = page.getByTestId('client-groups-list');
    this.createButton = page.getByTestId('client-groups-create');
    this.search = page.getByTestId('client-groups-search');
    this.count = page.getByTestId('list-count');
    this.name = page.getByTestId('group-name');
    this.type = page.getByTestId('group-type');
    this.picker = page.getByTestId('group-client-picker');
    this.options = page.getByTestId('group-client-option');
    this.members = page.getByTestId('group-member-name');
    this.save = page.getByTestId('group-save');
    this.body = this.list.locator('.bp6-table-quadrant-main');
  }

  async goto(): Promise<void> {
    await this.page.goto('/administration/clientsGroups');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/administration\/clientsGroups$/);
    await expect(this.root.getByRole('heading', { name: this.t('clientGroups.title') })).toBeVisible();
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

  /** The message under a form field (its label is the i18n label of the field). */
  fieldError(field: 'name' | 'type'): Locator {
    return this.page
      .locator('.bp6-form-group')
      .filter({ has: this.page.locator(`label[for="group-${field}"]`) })
      .locator('.bp6-form-helper-text');
  }

  /** Types into the client picker and waits for the offer to settle on the given names (in order). */
  async searchClients(text: string, expected: string[]): Promise<void> {
    await this.picker.click();
    await this.picker.fill(text);
    if (expected.length === 0) {
      await expect(this.page.getByText(this.t('clientGroups.noEligible'))).toBeVisible();
    } else {
      await expect(this.options).toHaveText(expected.map((e) => new RegExp(`^${escape(e)}`)));
    }
  }

  /** Picks a client in the open picker offer. */
  async pick(companyName: string): Promise<void> {
    await this.options.filter({ hasText: companyName }).click();
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
