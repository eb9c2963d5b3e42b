import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';

export type ClientFormField =
  | 'companyName'
  | 'shortName'
  | 'vatId'
  | 'phone'
  | 'email'
  | 'country'
  | 'city'
  | 'street'
  | 'zipCode'
  | 'building'
  | 'currency'
  | 'uniquePrefix';

/** /administration/clients (the live list) and its create and edit screens. */
export class ClientsPage {
  readonly root: Locator;
  readonly list: Locator;
  readonly createButton: Locator;
  readonly search: Locator;
  readonly count: Locator;
  readonly form: Locator;
  readonly save: Locator;
  private readonly body: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
    private readonly lang: Lang,
  ) {
    this.root = page.getByTestId('page-clients');
    this.list = page.getByTestId('clients-list');
    this.createButton = page.getByTestId('clients-create');
    this.search = page.getByTestId('clients-search');
    this.count = page.getByTestId('list-count');
    this.form = page.getByTestId('client-form');
    this.save = page.getByTestId('client-save');
    this.body = this.list.locator('.bp6-table-quadrant-main');
  }

  async goto(): Promise<void> {
    await this.page.goto('/administration/clients');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/administration\/clients$/);
    await expect(this.root.getByRole('heading', { name: this.t('clients.title') })).toBeVisible();
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

  input(field: ClientFormField): Locator {
    return this.page.getByTestId(`client-${field}`);
  }

  /** The Blueprint switch of a flag: its (visually hidden) checkbox, and the label a person clicks. */
  flag(name: string): { input: Locator; label: Locator } {
    const input = this.page.getByTestId(`client-${name}`);
    return { input, label: this.page.locator('label.bp6-switch').filter({ has: input }) };
  }

  fieldError(field: ClientFormField): Locator {
    return this.page
      .locator('.bp6-form-group')
      .filter({ has: this.page.locator(`label[for="client-${field}"]`) })
      .locator('.bp6-form-helper-text');
  }

  async fill(values: Partial<Record<ClientFormField, string>>): Promise<void> {
    for (const [field, value] of Object.entries(values))
      await this.input(field as ClientFormField).fill(value);
  }
}
