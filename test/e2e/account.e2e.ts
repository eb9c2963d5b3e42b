import { TEST_PASSWORD } from './support/api';
import { expect, test } from './support/fixtures';

test.describe('account', () => {
  test('password change: a wrong current password is an info, the right one changes it @pl', async ({
    api,
    screens,
    t,
    request,
  }) => {
    const user = await api.createUser();
    const newPassword = `${TEST_PASSWORD}-new`;
    const { signIn, shell, account } = screens;
    await signIn.signIn(user);
    await shell.openPasswordChange();
    await account.expectShown();

    await account.changePassword('not-my-password', newPassword);
    await expect(shell.toast('info', t('server.invalidOldPassword'))).toBeVisible();

    await account.changePassword(user.password, newPassword);
    await expect(shell.toast('success', t('server.passwordChanged'))).toBeVisible();
    await expect(account.oldPassword).toHaveValue('');

    const old = await request.post('/api/auth/email', {
      data: { email: user.email, password: user.password },
    });
    expect(old.status()).toBe(401);
    expect((await api.signIn(user.email, newPassword)).token).toBeTruthy();
  });
});
