import { expect, test } from './support/fixtures';
import { pageTitle } from './support/i18n';

test.describe('sign-in and the session', () => {
  test('a wrong password shows the server message; the right one lands on the dashboard @both', async ({
    api,
    screens,
    t,
  }) => {
    const user = await api.createUser({ firstName: 'Sylwia' });
    const { page, signIn, shell } = screens;

    await signIn.goto();
    await signIn.submitWith(user.email, 'not-the-right-password');
    // The panel shows the server's message, translated because it is one the panel knows.
    await expect(signIn.error).toHaveText(t('server.invalidCredentials'));
    await expect(page).toHaveURL(/\/auth\/sign-in$/);

    await signIn.password.fill(user.password);
    await signIn.submit.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(shell.welcome(user.firstName)).toBeVisible();
    await expect(shell.accountMenu).toHaveText(`${user.firstName} ${user.lastName}`);
    await expect(page).toHaveTitle(pageTitle(t, 'page.default'));

    // Every screen names itself in the title: "<page> · Depot".
    await shell.usersMenuItem.click();
    await expect(page).toHaveTitle(pageTitle(t, 'users.title'));
    await shell.openAccount();
    await expect(page).toHaveTitle(pageTitle(t, 'account.title'));
  });

  test('an empty sign-in form is answered on the form, before anything is sent @both', async ({
    screens,
    t,
  }) => {
    const { signIn } = screens;
    await signIn.goto();
    await signIn.submit.click();
    await expect(screens.page.getByText(t('validation.emailRequired'), { exact: true })).toBeVisible();
    await expect(screens.page.getByText(t('validation.passwordRequired'), { exact: true })).toBeVisible();
    await expect(signIn.error).toBeHidden();
  });

  test('the session ends when its 24 hours are up, and the panel goes back to sign-in @en', async ({
    api,
    screens,
  }) => {
    const user = await api.createUser();
    const { page, signIn, shell } = screens;
    await page.clock.install();
    await signIn.signIn(user);

    await page.clock.fastForward('23:00:00');
    await expect(shell.welcome(user.firstName)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.clock.fastForward('01:00:01');
    await signIn.expectShown();
    // The way back in stays closed until the next sign-in.
    await page.goto('/');
    await signIn.expectShown();
  });
});
