import { expect, test } from './support/fixtures';
import { pageTitle } from './support/i18n';

test.describe('pages a role may not open, and unknown addresses', () => {
  test('an operator gets the 403 page for the users list and the user form, and finds its way home @pl', async ({
    api,
    screens,
    t,
  }) => {
    const operator = await api.createUser({ role: 'operator', firstName: 'Oskar' });
    const { page, signIn, shell } = screens;
    await signIn.signIn(operator);
    await expect(shell.usersMenuItem).toHaveCount(0);

    for (const path of ['/administration/users', '/administration/users/create']) {
      await page.goto(path);
      const forbidden = page.getByTestId('page-403');
      await expect(forbidden).toBeVisible();
      await expect(forbidden).toContainText(t('page.forbidden'));
      await expect(forbidden).toContainText(t('page.forbiddenText'));
      await expect(page).toHaveTitle(pageTitle(t, 'page.forbidden'));
    }
    await page
      .getByTestId('page-403')
      .getByRole('button', { name: t('page.goHome') })
      .click();
    await expect(shell.welcome(operator.firstName)).toBeVisible();
  });

  test('a salesman sees only itself in the users list and may create client users only @en', async ({
    api,
    screens,
    t,
  }) => {
    const salesman = await api.createUser({ role: 'salesman' });
    const { page, signIn, users, userForm } = screens;
    await signIn.startSession(salesman);
    await users.goto();
    await users.expectCount(1, 1);
    await expect(users.cells('email')).toHaveText([salesman.email]);
    await expect(users.createButton).toHaveCount(0);

    // clientUsers.write opens the form (docs/permissions.md), offering no staff role.
    await userForm.gotoCreate();
    await expect(page.getByTestId('page-403')).toHaveCount(0);
    await expect(userForm.role.locator('option')).toHaveText([t('role.user')]);
    await expect(userForm.client).toBeVisible();
  });

  test('an unknown address shows the 404 page; /403 and /404 show theirs @en', async ({
    api,
    screens,
    t,
  }) => {
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    await signIn.signIn(admin);
    const notFound = page.getByTestId('page-404');
    const forbidden = page.getByTestId('page-403');

    await page.goto('/no/such/page');
    await expect(notFound).toContainText(t('page.notFound'));
    await expect(notFound).toContainText(t('page.notFoundText'));
    await expect(page).toHaveTitle(pageTitle(t, 'page.notFound'));

    await page.goto('/404');
    await expect(notFound).toContainText(t('page.notFound'));
    await page.goto('/403');
    await expect(forbidden).toContainText(t('page.forbidden'));
    await expect(page).toHaveTitle(pageTitle(t, 'page.forbidden'));

    // A user that does not exist is not found either.
    await page.goto('/administration/users/edit/00000000-0000-4000-8000-000000000000');
    await expect(notFound).toBeVisible();
  });
});
