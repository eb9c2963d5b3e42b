import { PASSWORD_MIN_LENGTH } from '@depot/contracts';
import { DEMO, TEST_PASSWORD, uniqueTag } from './support/api';
import { expect, test } from './support/fixtures';

test.describe('user create and edit', () => {
  test('field messages come first, then the user is created and listed; editing likewise @en', async ({
    api,
    screens,
    t,
  }) => {
    const admin = await api.createUser({ role: 'admin' });
    const { signIn, users, userForm, shell } = screens;
    await signIn.startSession(admin);
    await users.goto();
    await users.createButton.click();
    await expect(userForm.createPage).toBeVisible();

    await userForm.submit();
    await expect(userForm.fieldError('firstName')).toHaveText(t('validation.firstNameRequired'));
    await expect(userForm.fieldError('lastName')).toHaveText(t('validation.lastNameRequired'));
    await expect(userForm.fieldError('email')).toHaveText(t('validation.emailRequired'));
    await expect(userForm.fieldError('password')).toHaveText(t('validation.passwordRequired'));
    await expect(userForm.fieldError('confirmPassword')).toHaveText(t('validation.confirmPasswordRequired'));

    const tag = uniqueTag('new');
    const lastName = `Nowak${tag}`;
    await userForm.fill({
      firstName: 'Nina',
      lastName,
      email: `${tag}@e2e.depot`,
      role: 'operator',
      password: 'short',
      confirmPassword: 'short',
    });
    await userForm.submit();
    await expect(userForm.fieldError('password')).toHaveText(
      t('validation.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
    );
    await expect(userForm.fieldError('firstName')).toBeHidden();
    await expect(userForm.fieldError('email')).toBeHidden();

    await userForm.fill({ password: TEST_PASSWORD, confirmPassword: `${TEST_PASSWORD}-other` });
    await userForm.submit();
    await expect(userForm.fieldError('confirmPassword')).toHaveText(t('validation.passwordsDiffer'));
    await expect(userForm.fieldError('password')).toBeHidden();

    await userForm.fill({ confirmPassword: TEST_PASSWORD });
    await userForm.submit();
    await expect(shell.toast('success', t('users.created'))).toBeVisible();
    await users.expectShown();
    await users.searchFor(tag);
    await users.expectCount(1, 1);
    await expect(users.cells('firstName')).toHaveText(['Nina']);
    await expect(users.cells('role')).toHaveText([t('role.operator')]);

    // Edit: a double click opens the row; an emptied first name is refused on the form.
    await users.open('lastName', lastName);
    await userForm.expectEditing();
    await expect(userForm.input('firstName')).toHaveValue('Nina');
    await userForm.input('firstName').fill('');
    await userForm.submit();
    await expect(userForm.fieldError('firstName')).toHaveText(t('validation.firstNameRequired'));
    await userForm.input('firstName').fill('Nadia');
    await userForm.submit();
    await expect(shell.toast('success', t('users.saved'))).toBeVisible();
    await users.expectShown();
    await users.searchFor(tag);
    await expect(users.cells('firstName')).toHaveText(['Nadia']);
    await expect(users.cells('lastName')).toHaveText([lastName]);
  });

  test('a client user is created with its client picked in the client picker @pl', async ({
    api,
    screens,
    t,
  }) => {
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, userForm, shell } = screens;
    await signIn.startSession(admin);
    await userForm.gotoCreate();
    await expect(userForm.client).toBeHidden();

    const tag = uniqueTag('cu');
    const email = `${tag}@e2e.depot`;
    await userForm.fill({
      role: 'user',
      firstName: 'Klara',
      lastName: `Klient${tag}`,
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    await expect(userForm.role.locator('option:checked')).toHaveText(t('role.user'));
    await expect(userForm.client).toHaveAttribute('placeholder', t('users.pickClient'));
    await userForm.submit();
    await expect(userForm.fieldError('clientId')).toHaveText(t('validation.clientRequired'));

    await userForm.pickClient(DEMO.clientName);
    await expect(userForm.fieldError('clientId')).toBeHidden();
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/user/create'),
    );
    await userForm.submit();
    const res = await created;
    expect(res.status()).toBe(201);
    const user = (await res.json()) as { id: string };
    await expect(shell.toast('success', t('users.created'))).toBeVisible();

    expect(await api.getUser(user.id)).toMatchObject({ email, role: 'user', clientName: DEMO.clientName });
  });
});
