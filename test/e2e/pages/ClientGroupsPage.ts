import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';
import { escapeRegExp, ListScreen } from './ListScreen';

/** /administration/clientsGroups (the live list) and its create and edit screens. */
export class ClientGroupsPage extends ListScreen {
  readonly createButton: Locator;
  readonly search: Locator;
  readonly name: Locator;
  readonly type: Locator;
  readonly picker: Locator;
  readonly options: Locator;
  readonly members: Locator;
  readonly save: Locator;

  constructor(page: Page, t: Translate, lang: Lang) {
    super(page, t, lang, {
      path: '/administration/clientsGroups',
      root: 'page-client-groups',
      list: 'client-groups-list',
      titleId: 'clientGroups.title',
    });
    this.createButton = page.getByTestId('client-groups-create');
    this.search = page.getByTestId('client-groups-search');
    this.name = page.getByTestId('group-name');
    this.type = page.getByTestId('group-type');
    this.picker = page.getByTestId('group-client-picker');
    this.options = page.getByTestId('group-client-option');
    this.members = page.getByTestId('group-member-name');
    this.save = page.getByTestId('group-save');
  }

  /** The message under a form field (its label is the i18n label of the field). */
  fieldError(field: 'name' | 'type'): Locator {
    return this.fieldErrorFor(`group-${field}`);
  }

  /** Types into the client picker and waits for the offer to settle on the given names (in order). */
  async searchClients(text: string, expected: string[]): Promise<void> {
    await this.picker.click();
    await this.picker.fill(text);
    if (expected.length === 0) {
      await expect(this.page.getByText(this.t('clientGroups.noEligible'))).toBeVisible();
    } else {
      await expect(this.options).toHaveText(expected.map((e) => new RegExp(`^${escapeRegExp(e)}`)));
    }
  }

  /** Picks a client in the open picker offer. */
  async pick(companyName: string): Promise<void> {
    await this.options.filter({ hasText: companyName }).click();
  }
}
