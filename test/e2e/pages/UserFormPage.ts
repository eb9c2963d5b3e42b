import { expect, type Locator, type Page } from '@playwright/test';
import type { Role } from '@depot/contracts';
import type { Translate } from '../support/i18n';
import { openPath } from '../support/navigate';

export type UserField =
  'firstName' | 'lastName' | 'email' | 'role' | 'lang' | 'clientId' | 'password' | 'confirmPassword';

export interface UserFormInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  role?: Role;
  password?: string;
  confirmPassword?: string;
}

/** The create (/administration/users/create) and edit (/administration/users/edit/<id>) screens. */
export class UserFormPage {
  readonly form: Locator;
  readonly createPage: Locator;
  readonly editPage: Locator;
  readonly role: Locator;
  readonly lang: Locator;
  readonly client: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly failure: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
  ) {
    this.form = page.getByTestId('user-form');
    this.createPage = page.getByTestId('page-user-create');
    this.editPage = page.getByTestId('page-user-edit');
    this.role = page.getByTestId('user-role');
    this.lang = page.getByTestId('user-lang');
    this.client = page.getByTestId('user-client');
    this.save = page.getByTestId('user-save');
    this.cancel = page.getByTestId('user-cancel');
    this.failure = page.getByTestId('user-form-error');
  }

  input(field: 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword'): Locator {
    return this.page.getByTestId(`user-${field}`);
  }

  /** The message under a field: the helper text of the form group labelled for it. */
  fieldError(field: UserField): Locator {
    return this.page
      .locator('.bp6-form-group')
      .filter({ has: this.page.locator(`label[for="user-${field}"]`) })
      .locator('.bp6-form-helper-text');
  }

  async gotoCreate(): Promise<void> {
    await openPath(this.page, '/administration/users/create');
    await expect(this.createPage.getByRole('heading', { name: this.t('users.createTitle') })).toBeVisible();
  }

  async gotoEdit(userId: string): Promise<void> {
    await openPath(this.page, `/administration/users/edit/${userId}`);
    await this.expectEditing();
  }

  async expectEditing(): Promise<void> {
    await expect(this.editPage.getByRole('heading', { name: this.t('users.editTitle') })).toBeVisible();
  }

  async fill(input: UserFormInput): Promise<void> {
    if (input.role) await this.role.selectOption(input.role);
    for (const f of ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const) {
      const value = input[f];
      if (value !== undefined) await this.input(f).fill(value);
    }
  }

  /** Searches the client picker and picks the client with this company name. */
  async pickClient(companyName: string): Promise<void> {
    await this.client.click();
    await this.client.fill(companyName.slice(0, 4));
    await this.page.getByTestId('client-option').filter({ hasText: companyName }).click();
    await expect(this.client).toHaveValue(companyName);
  }

  async submit(): Promise<void> {
    await this.save.click();
  }
}
