import { expect, type Locator, type Page } from '@playwright/test';
import { pageTitle, type Lang, type Translate } from '../support/i18n';

/** /auth/sign-in: e-mail, password, the server's refusal, and the way into the panel. */
export class SignInPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
    private readonly lang: Lang,
  ) {
    this.heading = page.getByRole('heading', { name: t('signIn.title') });
    this.email = page.getByTestId('sign-in-email');
    this.password = page.getByTestId('sign-in-password');
    this.submit = page.getByTestId('sign-in-submit');
    this.error = page.getByTestId('sign-in-error');
  }

  /** Opens the sign-in page and checks it is shown in the project's language. */
  async goto(): Promise<void> {
    await this.page.goto('/auth/sign-in');
    await this.expectShown();
  }

  async expectShown(lang: Lang = this.lang, t: Translate = this.t): Promise<void> {
    await expect(this.page).toHaveURL(/\/auth\/sign-in$/);
    await expect(this.page.locator('html')).toHaveAttribute('lang', lang);
    await expect(this.page.getByRole('heading', { name: t('signIn.title') })).toBeVisible();
    await expect(this.submit).toHaveText(t('signIn.submit'));
    await expect(this.page).toHaveTitle(pageTitle(t, 'signIn.title'));
  }

  /** Fills the form and submits it; the caller checks where it led. */
  async submitWith(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Opens the page, signs in and waits for the dashboard. */
  async signIn(user: { email: string; password: string }): Promise<void> {
    await this.goto();
    await this.submitWith(user.email, user.password);
    await expect(this.page.getByTestId('page-home')).toBeVisible();
  }
}
