import { expect, type Locator, type Page } from '@playwright/test';
import { SESSION_COOKIE } from '@depot/contracts';
import { DepotApi } from '../support/api';
import { SharedPage } from '../support/shared-page';
import { STORAGE } from '../support/storage';
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

  /**
   * Signs in as the form does (POST /api/auth/email; the panel keeps the token in its cookie and the session's end
   * in local storage) and opens the dashboard, without loading the sign-in page first: for tests whose subject is
   * not the sign-in form (those use `goto` and `submitWith`). Decision 0132.
   */
  async signIn(user: { email: string; password: string }): Promise<void> {
    await this.session(user);
    await this.page.goto('/');
    await expect(this.page.getByTestId('page-home')).toBeVisible();
  }

  /**
   * Signs in as `signIn` does but opens no page: the test's next `goto` loads its own screen signed in, without the
   * dashboard (its render and its summary query) on the way. Only on a page that shows nothing yet (a new page, or one
   * waiting between tests, support/shared-page.ts): a running panel would not learn of the session before its next
   * load (use `signIn` there).
   */
  async startSession(user: { email: string; password: string }): Promise<void> {
    if (!SharedPage.showsNothing(this.page.url()))
      throw new Error(
        `startSession on a page showing ${this.page.url()}: use signIn, which loads the panel again`,
      );
    await this.session(user);
  }

  /** The session's cookie and end, as the panel keeps them, for the page's next loads. */
  private async session(user: { email: string; password: string }): Promise<void> {
    const { token, validUntil } = await new DepotApi(this.page.request, this.lang).signIn(
      user.email,
      user.password,
    );
    const context = this.page.context();
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        value: token,
        // The e2e server's host (playwright.config.ts baseURL); a host-only cookie, as the panel writes it.
        domain: '127.0.0.1',
        path: '/',
        sameSite: 'Strict',
        expires: Math.floor(new Date(validUntil).getTime() / 1000),
      },
    ]);
    // Before the panel's scripts run on each load of this page (after a sign-out the cookie is gone, so the session
    // stays ended).
    await this.page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
      key: STORAGE.validUntil,
      value: new Date(validUntil).toISOString(),
    });
  }
}
