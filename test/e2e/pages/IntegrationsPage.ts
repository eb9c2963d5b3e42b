import { expect, type Locator, type Page } from '@playwright/test';
import type { Translate } from '../support/i18n';

export type IntegrationField = 'name' | 'key' | 'user';

/** /settings/integrations: the list, the type step and the form of a new integration, and the edit screen. */
export class IntegrationsPage {
  readonly root: Locator;
  readonly list: Locator;
  readonly createButton: Locator;
  readonly typeStep: Locator;
  readonly form: Locator;
  readonly typeTag: Locator;
  readonly changeType: Locator;
  readonly keyHint: Locator;
  readonly save: Locator;
  private readonly body: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
  ) {
    this.root = page.getByTestId('page-integrations');
    this.list = page.getByTestId('integrations-list');
    this.createButton = page.getByTestId('integrations-create');
    this.typeStep = page.getByTestId('integration-type-step');
    this.form = page.getByTestId('integration-form');
    this.typeTag = page.getByTestId('integration-type');
    this.changeType = page.getByTestId('integration-change-type');
    this.keyHint = page.getByTestId('integration-key-hint');
    this.save = page.getByTestId('integration-save');
    this.body = this.list.locator('.bp6-table-quadrant-main');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-/settings/integrations').click();
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/settings\/integrations$/);
    await expect(this.root.getByRole('heading', { name: this.t('integrations.title') })).toBeVisible();
    await expect(this.page.getByTestId('list-count')).toBeVisible();
  }

  typeChoice(type: string): Locator {
    return this.page.getByTestId(`integration-type-${type}`);
  }

  input(field: IntegrationField): Locator {
    return this.page.getByTestId(`integration-${field}`);
  }

  fieldError(field: IntegrationField): Locator {
    return this.page
      .locator('.bp6-form-group')
      .filter({ has: this.page.locator(`label[for="integration-${field}"]`) })
      .locator('.bp6-form-helper-text');
  }

  cells(column: string): Locator {
    return this.body.getByTestId(`cell-${column}`);
  }
}
