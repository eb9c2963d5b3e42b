import type { Locator, Page } from '@playwright/test';
import type { Translate } from '../support/i18n';
import { ListScreen } from './ListScreen';

export type IntegrationField = 'name' | 'key' | 'user';

/** /settings/integrations: the list, the type step and the form of a new integration, and the edit screen. */
export class IntegrationsPage extends ListScreen {
  readonly createButton: Locator;
  readonly typeStep: Locator;
  readonly form: Locator;
  readonly typeTag: Locator;
  readonly changeType: Locator;
  readonly keyHint: Locator;
  readonly save: Locator;

  constructor(page: Page, t: Translate) {
    super(page, t, undefined, {
      path: '/settings/integrations',
      root: 'page-integrations',
      list: 'integrations-list',
      titleId: 'integrations.title',
    });
    this.createButton = page.getByTestId('integrations-create');
    this.typeStep = page.getByTestId('integration-type-step');
    this.form = page.getByTestId('integration-form');
    this.typeTag = page.getByTestId('integration-type');
    this.changeType = page.getByTestId('integration-change-type');
    this.keyHint = page.getByTestId('integration-key-hint');
    this.save = page.getByTestId('integration-save');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-/settings/integrations').click();
    await this.expectShown();
  }

  typeChoice(type: string): Locator {
    return this.page.getByTestId(`integration-type-${type}`);
  }

  input(field: IntegrationField): Locator {
    return this.page.getByTestId(`integration-${field}`);
  }

  fieldError(field: IntegrationField): Locator {
    return this.fieldErrorFor(`integration-${field}`);
  }
}
