import { expect, type Locator, type Page, type Response } from '@playwright/test';
import type { Lang, Translate } from '../support/i18n';

/** The signed-in frame: the top bar (language, theme, account menu), the module menu and the toasts. */
export class Shell {
  readonly html: Locator;
  readonly languageSwitch: Locator;
  readonly themeSwitch: Locator;
  readonly accountMenu: Locator;
  readonly connectionWarning: Locator;
  readonly home: Locator;
  readonly usersMenuItem: Locator;

  constructor(
    readonly page: Page,
    private readonly t: Translate,
  ) {
    this.html = page.locator('html');
    this.languageSwitch = page.getByTestId('language-switch');
    this.themeSwitch = page.getByTestId('theme-switch');
    this.accountMenu = page.getByTestId('account-menu');
    this.connectionWarning = page.getByTestId('realtime-interrupted');
    this.home = page.getByTestId('page-home');
    this.usersMenuItem = page.getByTestId('nav-/administration/users');
  }

  /** The dashboard's greeting, in the given language's words. */
  welcome(firstName: string, t: Translate = this.t): Locator {
    return this.home.getByRole('heading', { name: t('home.welcome', { name: firstName }) });
  }

  /** Picks a language in the top bar and waits until the choice is saved to the signed-in user. */
  async switchLanguage(lang: Lang): Promise<Response> {
    const saved = this.page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/user\/[^/]+$/.test(r.url()),
    );
    await this.languageSwitch.selectOption(lang);
    const res = await saved;
    expect(res.status()).toBe(200);
    return res;
  }

  async switchTheme(theme: string): Promise<void> {
    await this.themeSwitch.selectOption(theme);
  }

  /**
   * The theme is on <html> (Blueprint's dark class, `data-theme`), and body text takes the theme's colour
   * (Blueprint's dark and light text colours).
   */
  async expectTheme(theme: string, dark: boolean): Promise<void> {
    await expect(this.html).toHaveAttribute('data-theme', theme);
    if (dark) await expect(this.html).toHaveClass(/(^|\s)bp6-dark(\s|$)/);
    else await expect(this.html).not.toHaveClass(/(^|\s)bp6-dark(\s|$)/);
    await expect(this.page.locator('body')).toHaveCSS(
      'color',
      dark ? 'rgb(246, 247, 249)' : 'rgb(28, 33, 39)',
    );
  }

  /** Blueprint loads icon paths lazily; until then an icon is an empty `bp6-icon-standard` placeholder. */
  async expectIconsLoaded(): Promise<void> {
    await expect(this.page.locator('.bp6-icon-standard')).toHaveCount(0);
  }

  /** The live connection is up (the top bar shows no "connecting"/"interrupted" mark). */
  async expectLive(): Promise<void> {
    await expect(this.connectionWarning).toBeHidden();
  }

  /** Marks the loaded page, so `expectNotReloaded` can tell a live update from a reload. */
  async markLoaded(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as { depotMarked?: boolean }).depotMarked = true;
    });
  }

  /** The page marked by `markLoaded` is still the one shown: what changed since came live, not by a reload. */
  async expectNotReloaded(): Promise<void> {
    expect(await this.page.evaluate(() => (window as unknown as { depotMarked?: boolean }).depotMarked)).toBe(
      true,
    );
  }

  private async accountMenuItem(testId: string): Promise<void> {
    await this.accountMenu.click();
    await this.page.getByTestId(testId).click();
  }

  async openAccount(): Promise<void> {
    await this.accountMenuItem('menu-account');
    await expect(this.page).toHaveURL(/\/account$/);
  }

  async openPasswordChange(): Promise<void> {
    await this.accountMenuItem('menu-password');
    await expect(this.page).toHaveURL(/\/account#password$/);
  }

  async signOut(): Promise<void> {
    await this.accountMenuItem('menu-sign-out');
    await expect(this.page).toHaveURL(/\/auth\/sign-in$/);
  }

  /** A toast of the given kind (Blueprint intent) showing exactly this text. */
  toast(kind: 'success' | 'info' | 'warning' | 'error', text: string): Locator {
    const intent = {
      success: 'bp6-intent-success',
      info: 'bp6-intent-primary',
      warning: 'bp6-intent-warning',
      error: 'bp6-intent-danger',
    }[kind];
    return this.page
      .locator(`.bp6-toast.${intent}`)
      .filter({ has: this.page.getByText(text, { exact: true }) });
  }
}
