/// <reference lib="dom" />
import { uniqueTag } from './support/api';
import { expect, test } from './support/fixtures';

test.describe('live users list', () => {
  test("a user edited in one browser changes in another browser's open list, without reload, marked briefly @pl", async ({
    api,
    screens,
    openBrowser,
    t,
  }) => {
    const tag = uniqueTag('live');
    const [adminA, adminB, target] = await Promise.all([
      api.createUser({ role: 'admin', firstName: 'Ada' }),
      api.createUser({ role: 'admin', firstName: 'Bea' }),
      api.createUser({ role: 'operator', firstName: 'Olga', lastName: `Live${tag}` }),
    ]);

    // B watches the list, narrowed to the target.
    const b = await openBrowser();
    await b.signIn.startSession(adminB);
    await b.users.goto();
    await b.users.searchFor(tag);
    await b.users.expectCount(1, 1);
    await expect(b.users.cell('firstName', 'Olga')).toBeVisible();
    await b.shell.expectLive();
    await b.shell.markLoaded();

    // A edits the user.
    const a = screens;
    await a.signIn.startSession(adminA);
    await a.userForm.gotoEdit(target.id);
    await a.userForm.input('firstName').fill('Oliwia');
    await a.userForm.submit();
    await expect(a.shell.toast('success', t('users.saved'))).toBeVisible();

    // B's list has it, marked for a moment, and the page was not reloaded.
    await expect(b.users.cell('firstName', 'Oliwia')).toBeVisible();
    await expect(b.users.tableCell('firstName', 'Oliwia')).toHaveClass(/\bdepot-row-flash\b/);
    await expect(b.users.cell('firstName', 'Olga')).toHaveCount(0);
    await b.users.expectCount(1, 1);
    await b.shell.expectNotReloaded();
    await expect(b.users.tableCell('firstName', 'Oliwia')).not.toHaveClass(/\bdepot-row-flash\b/, {
      timeout: 8_000,
    });
  });
});
