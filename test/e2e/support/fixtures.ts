/// <reference lib="dom" />
import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { AccountPage } from '../pages/AccountPage';
import { Shell } from '../pages/Shell';
import { SignInPage } from '../pages/SignInPage';
import { UserFormPage } from '../pages/UserFormPage';
import { UsersListPage } from '../pages/UsersListPage';
import { DepotApi } from './api';
import { isLang, translator, type Lang, type Translate } from './i18n';

/** Local-storage keys of the panel (apps/web/src/i18n/language.ts, apps/web/src/theme/themes.ts). */
export const STORAGE = { lang: 'depot.lang', theme: 'depot.theme' } as const;
export const THEMES = ['default', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The page objects of one browser page, in the project's language. */
export interface Screens {
  page: Page;
  signIn: SignInPage;
  shell: Shell;
  users: UsersListPage;
  userForm: UserFormPage;
  account: AccountPage;
}

export interface DepotFixtures {
  /** The project's language (`en` or `pl`): the UI is switched to it before anything is asserted. */
  lang: Lang;
  /** The other language, for switching to it. */
  otherLang: Lang;
  /** Messages of the project's language from apps/web/src/i18n/<lang>.json. */
  t: Translate;
  /** Test data through the REST API (users are created in the project's language). */
  api: DepotApi;
  /** Page objects of the test's `page`. */
  screens: Screens;
  /** Another browser context (another person at another computer), prepared like the test's own; closed after. */
  openBrowser: (opts?: { theme?: Theme }) => Promise<Screens>;
}

/**
 * Puts the project's language (and optionally a theme) into the panel's local storage before its scripts run,
 * unless the page already has one: a language chosen during the test is kept across reloads. A signed-in
 * user's saved language still wins after sign-in, which is why test users are created in the project's language.
 */
export async function prepareContext(context: BrowserContext, lang: Lang, theme?: Theme): Promise<void> {
  await context.addInitScript(
    ({ keys, lang: l, theme: th }) => {
      try {
        if (window.localStorage.getItem(keys.lang) === null)
          window.localStorage.setItem(keys.lang, JSON.stringify(l));
        if (th && window.localStorage.getItem(keys.theme) === null)
          window.localStorage.setItem(keys.theme, JSON.stringify(th));
      } catch {
        // about:blank and other opaque origins have no local storage.
      }
    },
    { keys: STORAGE, lang, theme },
  );
}

export const screensOf = (page: Page, t: Translate, lang: Lang): Screens => ({
  page,
  signIn: new SignInPage(page, t, lang),
  shell: new Shell(page, t),
  users: new UsersListPage(page, t, lang),
  userForm: new UserFormPage(page, t),
  account: new AccountPage(page, t),
});

export const test = base.extend<DepotFixtures>({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  lang: async ({}, use, testInfo) => {
    const name = testInfo.project.name;
    if (!isLang(name)) throw new Error(`Project "${name}" is not a panel language`);
    await use(name);
  },
  otherLang: async ({ lang }, use) => use(lang === 'en' ? 'pl' : 'en'),
  t: async ({ lang }, use) => use(translator(lang)),
  context: async ({ context, lang }, use) => {
    await prepareContext(context, lang);
    await use(context);
  },
  api: async ({ request, lang }, use) => use(new DepotApi(request, lang)),
  screens: async ({ page, t, lang }, use) => use(screensOf(page, t, lang)),
  openBrowser: async ({ browser, lang, t, baseURL, locale }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (opts = {}) => {
      const context = await browser.newContext({ baseURL, locale });
      opened.push(context);
      await prepareContext(context, lang, opts.theme);
      return screensOf(await context.newPage(), t, lang);
    });
    for (const c of opened) await c.close();
  },
});

export { expect } from '@playwright/test';
