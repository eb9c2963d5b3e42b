import { expect, type Locator, type Page } from '@playwright/test';
import { pageTitle, type Translate } from '../support/i18n';

export type SettingsSection = 'clientAddress' | 'defaultAddress' | 'settings';

/** /settings: a client user's own client — read-only company details and the editable sections. */
export class SettingsPage {
  readonly root: Locator;
  readonly menuItem: Locator;
  readonly save: Locator;
  readonly reset: Locator;
  readonly pickupSwitch: Locator;
  readonly pickupSwitchLabel: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
  ) {
    this.root = page.getByTestId('page-settings');
    this.menuItem = page.getByTestId('nav-/settings');
    this.save = page.getByTestId('settings-save');
    this.reset = page.getByTestId('settings-reset');
    this.pickupSwitch = page.getByTestId('settings-hasDefaultAddress');
    this.pickupSwitchLabel = page.locator('label.bp6-switch').filter({ has: this.pickupSwitch });
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/settings$/);
    await expect(this.root.getByRole('heading', { name: this.t('settings.title') })).toBeVisible();
    await expect(this.page).toHaveTitle(pageTitle(this.t, 'settings.title'));
  }

  /** Opens the screen from the module menu. */
  async openFromMenu(): Promise<void> {
    await this.menuItem.click();
    await this.expectShown();
  }

  /** A read-only company detail (name, vatId, prefix, ...). */
  company(key: string): Locator {
    return this.page.getByTestId(`settings-company-${key}`);
  }

  input(section: SettingsSection, field: string): Locator {
    return this.page.getByTestId(`settings-${section}-${field}`);
  }

  /** The message under a field (its form group's helper text). */
  fieldError(section: SettingsSection, field: string): Locator {
    return this.page
      .locator('.bp6-form-group')
      .filter({ has: this.page.locator(`label[for="settings-${section}-${field}"]`) })
      .locator('.bp6-form-helper-text');
  }

  /** The label of a field, as the person reads it. */
  label(section: SettingsSection, field: string): Locator {
    return this.page.locator(`label[for="settings-${section}-${field}"]`);
  }

  async fill(section: SettingsSection, values: Record<string, string>): Promise<void> {
    for (const [field, value] of Object.entries(values)) await this.input(section, field).fill(value);
  }

  async expectValues(section: SettingsSection, values: Record<string, string>): Promise<void> {
    for (const [field, value] of Object.entries(values)) {
      await expect(this.input(section, field)).toHaveValue(value);
    }
  }
}
