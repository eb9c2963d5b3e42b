import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, THEMES, type Screens } from './support/fixtures';

/** Regenerated on every run as <lang>-<theme>-<screen>.png; kept out of git (test/e2e/.gitignore). */
const DIR = join(__dirname, 'screenshots');

test.describe('screenshots of the main screens', () => {
  for (const theme of THEMES) {
    test(`${theme} theme ${theme === 'default' ? '@en' : '@pl'}`, async ({ api, openBrowser, lang }) => {
      const admin = await api.createUser({ role: 'admin', firstName: 'Zofia', lastName: 'Zrzut' });
      const s = await openBrowser({ theme });
      const files: string[] = [];
      const shot = async (screen: string) => {
        const path = join(DIR, `${lang}-${theme}-${screen}.png`);
        // Blueprint animates overlays; nothing may be caught half-way.
        await s.page.screenshot({ path, animations: 'disabled', caret: 'hide' });
        files.push(path);
      };
      const settle = async (x: Screens) => {
        await x.shell.expectLive();
        await x.shell.expectIconsLoaded();
        await x.shell.expectTheme(theme, theme === 'dark');
      };

      await s.signIn.goto();
      await s.shell.expectIconsLoaded();
      await shot('sign-in');
      await s.signIn.submitWith(admin.email, admin.password);
      await expect(s.shell.welcome(admin.firstName)).toBeVisible();
      await settle(s);
      await shot('dashboard');

      await s.users.goto();
      // The demo users, staff and the demo client's user: the same rows on every run.
      await s.users.searchFor('demo.depot');
      await s.users.expectCount(5, 5);
      await settle(s);
      await shot('users-list');

      await s.userForm.gotoCreate();
      await settle(s);
      await shot('user-form');

      await s.account.goto();
      await settle(s);
      await shot('account');

      for (const f of files) expect(statSync(f).size, f).toBeGreaterThan(5_000);
    });
  }
});
