/// <reference lib="dom" />
import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { AccountPage } from '../pages/AccountPage';
import { Shell } from '../pages/Shell';
import { SignInPage } from '../pages/SignInPage';
import { UserFormPage } from '../pages/UserFormPage';
import { UsersListPage } from '../pages/UsersListPage';
import { DepotApi } from './api';
import { isLang, LANGS, translator, type Lang, type Translate } from './i18n';
import { SharedPage } from './shared-page';
import { STORAGE } from './storage';

export { STORAGE };
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

/**
 * Which projects run a test (docs/testing.md, "Which language runs a test"): `@both` runs in `en` and `pl`; `@en`
 * and `@pl` mark a language-independent test, run in that project only. Every test carries exactly one, at the end
 * of its title (`test('… @pl', …)`; Playwright reads an `@word` in a title as a tag).
 */
export const LANGUAGE_TAGS = ['@both', ...LANGS.map((l) => `@${l}` as const)] as const;
export type LanguageTag = (typeof LANGUAGE_TAGS)[number];

/** The projects a language tag runs in: what playwright.config.ts's grep and grepInvert select. */
export const projectsOf = (tag: LanguageTag): readonly Lang[] =>
  tag === '@both' ? LANGS : LANGS.filter((l) => tag === `@${l}`);

export interface DepotFixtures {
  /**
   * Fails a test that has no language tag, more than one, or runs in a project its tag does not name. The config
   * runs an untagged test in `en` (never skips it), so a forgotten tag fails here instead of going unnoticed.
   */
  languageTag: LanguageTag;
  /** The project's language (`en` or `pl`): the UI is switched to it before anything is asserted. */
  lang: Lang;
  /** The other language, for switching to it. */
  otherLang: Lang;
  /** Messages of the project's language from libs/contracts/src/catalogue/<lang>.json. */
  t: Translate;
  /** Test data through the REST API (users are created in the project's language). */
  api: DepotApi;
  /** Page objects of the test's `page`. */
  screens: Screens;
  /** Another browser context (another person at another computer), prepared like the test's own; closed after. */
  openBrowser: (opts?: { theme?: Theme }) => Promise<Screens>;
}

interface WorkerFixtures {
  /** The worker's browser context and page, lent to each test in turn (support/shared-page.ts, decision 0141). */
  sharedPage: SharedPage;
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

export const test = base.extend<DepotFixtures, WorkerFixtures>({
  languageTag: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      // Tags come from the `@word`s of the test's and its groups' titles and any `{ tag }`; a repeat counts once.
      const tags = [...new Set(testInfo.tags)].filter((t): t is LanguageTag =>
        (LANGUAGE_TAGS as readonly string[]).includes(t),
      );
      const where = `"${testInfo.titlePath.join(' › ')}"`;
      if (tags.length !== 1)
        throw new Error(
          `${where} needs exactly one language tag of ${LANGUAGE_TAGS.join(', ')} (docs/testing.md); it has ${tags.join(', ') || 'none'}`,
        );
      if (!(projectsOf(tags[0]) as readonly string[]).includes(testInfo.project.name))
        throw new Error(`${where} is tagged ${tags[0]} but runs in project "${testInfo.project.name}"`);
      await use(tags[0]);
    },
    { auto: true },
  ],
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  lang: async ({}, use, testInfo) => {
    const name = testInfo.project.name;
    if (!isLang(name)) throw new Error(`Project "${name}" is not a panel language`);
    await use(name);
  },
  otherLang: async ({ lang }, use) => use(lang === 'en' ? 'pl' : 'en'),
  t: async ({ lang }, use) => use(translator(lang)),
  sharedPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale, reducedMotion } = workerInfo.project.use;
      if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
      const shared = await SharedPage.open(browser, { baseURL, locale, reducedMotion });
      await use(shared);
      await shared.close();
    },
    { scope: 'worker' },
  ],
  // The test's context and page are the worker's, put back in order after each test (support/shared-page.ts).
  context: async ({ sharedPage, lang }, use) => {
    await prepareContext(sharedPage.context, lang);
    await use(sharedPage.context);
    await sharedPage.putBack();
  },
  page: async ({ context, sharedPage, viewport }, use) => {
    if (context !== sharedPage.context) throw new Error('the page fixture needs the shared context');
    await use(await sharedPage.take(viewport));
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
