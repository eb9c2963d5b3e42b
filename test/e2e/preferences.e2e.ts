/// <reference lib="dom" />
import { expect, STORAGE, test } from './support/fixtures';
import { pageTitle, translator } from './support/i18n';

test.describe('language and theme', () => {
  test('the language chosen in the top bar survives a reload, is saved to the user and wins at the next sign-in @both', async ({
    api,
    screens,
    lang,
    otherLang,
    openBrowser,
  }) => {
    const user = await api.createUser({ firstName: 'Lena' });
    const tOther = translator(otherLang);
    const { page, signIn, shell } = screens;

    await signIn.signIn(user);
    await expect(shell.html).toHaveAttribute('lang', lang);
    await expect(shell.languageSwitch).toHaveValue(lang);

    await shell.switchLanguage(otherLang);
    await expect(shell.html).toHaveAttribute('lang', otherLang);
    await expect(shell.welcome(user.firstName, tOther)).toBeVisible();
    await expect(page).toHaveTitle(pageTitle(tOther, 'page.default'));

    await page.reload();
    await expect(shell.welcome(user.firstName, tOther)).toBeVisible();
    await expect(shell.languageSwitch).toHaveValue(otherLang);
    await expect(shell.html).toHaveAttribute('lang', otherLang);

    // Saved to the user record, as the user's own token sees it.
    const { token } = await api.signIn(user.email, user.password);
    expect((await api.current(token)).lang).toBe(otherLang);

    // Another browser: its local storage says the project's language, and the sign-in page speaks it; after
    // sign-in the user's saved language wins.
    const other = await openBrowser();
    await other.signIn.goto();
    await other.signIn.submitWith(user.email, user.password);
    await expect(other.shell.welcome(user.firstName, tOther)).toBeVisible();
    await expect(other.shell.html).toHaveAttribute('lang', otherLang);
    expect(await other.page.evaluate((key) => window.localStorage.getItem(key), STORAGE.lang)).toBe(
      JSON.stringify(otherLang),
    );
  });

  test('the sign-in page shows the product and switches language at once; the choice is kept after sign-in @both', async ({
    api,
    screens,
    lang,
    otherLang,
  }) => {
    const user = await api.createUser({ firstName: 'Ola' });
    const tOther = translator(otherLang);
    const { page, signIn, shell } = screens;
    await signIn.goto();
    await expect(page.getByTestId('sign-in-product')).toContainText('Depot');
    await expect(page.getByTestId('sign-in-language')).toHaveValue(lang);

    // The page changes at once, without a reload or a request.
    await page.getByTestId('sign-in-language').selectOption(otherLang);
    await signIn.expectShown(otherLang, tOther);
    await expect(page.getByTestId('sign-in-product')).toContainText(tOther('signIn.tagline'));

    // Signed in, the panel keeps the language picked (the user's saved one was the project's) and saves it.
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/user\/[^/]+$/.test(r.url()),
    );
    await signIn.submitWith(user.email, user.password);
    await expect(shell.welcome(user.firstName, tOther)).toBeVisible();
    await expect(shell.html).toHaveAttribute('lang', otherLang);
    await expect(shell.languageSwitch).toHaveValue(otherLang);
    expect((await saved).status()).toBe(200);
    const { token } = await api.signIn(user.email, user.password);
    expect((await api.current(token)).lang).toBe(otherLang);
  });

  test('the dark theme survives a reload and is on <html> before the panel script runs @en', async ({
    api,
    screens,
    context,
  }) => {
    const user = await api.createUser();
    const { page, signIn, shell } = screens;
    await signIn.signIn(user);
    await shell.expectTheme('default', false);

    await shell.switchTheme('dark');
    await shell.expectTheme('dark', true);
    await page.reload();
    await expect(shell.themeSwitch).toHaveValue('dark');
    await shell.expectTheme('dark', true);

    // The page as it is when parsing ends: module scripts (the panel) run only after readyState "interactive".
    type Boot = { className: string; theme: string | undefined; rootChildren: number | undefined };
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const boot: Boot = {
          className: document.documentElement.className,
          theme: document.documentElement.dataset.theme,
          rootChildren: document.getElementById('root')?.childElementCount,
        };
        (window as unknown as { depotBoot: Boot }).depotBoot = boot;
      });
    });
    await page.reload();
    await expect(shell.welcome(user.firstName)).toBeVisible();
    const boot = await page.evaluate(() => (window as unknown as { depotBoot?: Boot }).depotBoot);
    expect(boot).toEqual({
      className: expect.stringMatching(/\bbp6-dark\b/),
      theme: 'dark',
      rootChildren: 0,
    });

    // And with the panel's script kept out altogether, theme-boot.js alone themes the page.
    const bare = await context.newPage();
    await bare.route('**/assets/*.js', (route) => route.abort());
    await bare.goto('/');
    await expect(bare.locator('html')).toHaveClass(/\bbp6-dark\b/);
    await expect(bare.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(bare.locator('#root')).toBeEmpty();
  });
});
