import type { Locator, Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

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
export class ClientsPage extends ListScreen {
  readonly createButton: Locator;
  readonly search: Locator;
  readonly form: Locator;
  readonly save: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/administration/clients',
      root: 'page-clients',
      list: 'clients-list',
      titleId: 'clients.title',
    });
    this.createButton = page.getByTestId('clients-create');
    this.search = page.getByTestId('clients-search');
    this.form = page.getByTestId('client-form');
    this.save = page.getByTestId('client-save');
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
    return this.fieldErrorFor(`client-${field}`);
  }

  async fill(values: Partial<Record<ClientFormField, string>>): Promise<void> {
    for (const [field, value] of Object.entries(values))
      await this.input(field as ClientFormField).fill(value);
  }
}
