import { expect, type Locator, type Page } from '@playwright/test';
import type { Translate } from '../support/i18n';
import { openPath } from '../support/navigate';

/** /account: own profile and the password change. */
export class AccountPage {
  readonly root: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly saveProfile: Locator;
  readonly oldPassword: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly changePasswordButton: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
  ) {
    this.root = page.getByTestId('page-account');
    this.firstName = page.getByTestId('account-firstName');
    this.lastName = page.getByTestId('account-lastName');
    this.saveProfile = page.getByTestId('account-save');
    this.oldPassword = page.getByTestId('pw-oldPassword');
    this.newPassword = page.getByTestId('pw-newPassword');
    this.confirmPassword = page.getByTestId('pw-confirmPassword');
    this.changePasswordButton = page.getByTestId('pw-submit');
  }

  async goto(): Promise<void> {
    await openPath(this.page, '/account');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.root.getByRole('heading', { name: this.t('account.title') })).toBeVisible();
  }

  async changePassword(
    oldPassword: string,
    newPassword: string,
    confirmPassword = newPassword,
  ): Promise<void> {
    await this.oldPassword.fill(oldPassword);
    await this.newPassword.fill(newPassword);
    await this.confirmPassword.fill(confirmPassword);
    await this.changePasswordButton.click();
  }
}
