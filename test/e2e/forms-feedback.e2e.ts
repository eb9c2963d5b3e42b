import { TEST_PASSWORD, uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { ApiKeysPage } from './pages/ApiKeysPage';
import { ClientsPage } from './pages/ClientsPage';

/** A failed save is seen (first field in error focused and named), and leaving unsaved changes asks first. */
test.describe('form feedback', () => {
  test('user form: the first field in error is focused and named; leaving with changes asks @en', async ({
    api,
    screens,
    t,
  }) => {
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, users, userForm, shell } = screens;
    const leaveQuestion = page.getByText(t('form.leaveMessage'));
    await signIn.startSession(admin);

    // Nothing changed: leaving does not ask.
    await userForm.gotoCreate();
    await shell.usersMenuItem.click();
    await users.expectShown();
    await expect(leaveQuestion).toBeHidden();

    // An empty form: the first field of the form is focused, the toast names it (and that there are more).
    await userForm.gotoCreate();
    await userForm.submit();
    await expect(userForm.input('firstName')).toBeFocused();
    await expect(
      page
        .locator('.bp6-toast.bp6-intent-danger')
        .filter({ hasText: t('form.checkField', { field: t('field.firstName') }) }),
    ).toBeVisible();

    // One field left in error, further down the form: it is the one focused and named.
    const tag = uniqueTag('ff');
    await userForm.fill({
      firstName: 'Fela',
      lastName: `Focus${tag}`,
      email: 'not-an-email',
      role: 'operator',
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    await userForm.submit();
    await expect(userForm.input('email')).toBeFocused();
    await expect(shell.toast('error', t('form.checkField', { field: t('field.email') }))).toBeVisible();

    // Leaving with changes asks: cancel stays with the values kept, confirm leaves.
    await shell.usersMenuItem.click();
    await expect(leaveQuestion).toBeVisible();
    await page.getByTestId('confirm-cancel').click();
    await expect(leaveQuestion).toBeHidden();
    await expect(userForm.createPage).toBeVisible();
    await expect(userForm.input('lastName')).toHaveValue(`Focus${tag}`);
    await shell.usersMenuItem.click();
    await page.getByTestId('confirm-ok').click();
    await users.expectShown();

    // After a successful save, leaving (the form goes back to the list) does not ask.
    await userForm.gotoCreate();
    await userForm.fill({
      firstName: 'Fela',
      lastName: `Focus${tag}`,
      email: `${tag}@e2e.depot`,
      role: 'operator',
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    await userForm.submit();
    await expect(shell.toast('success', t('users.created'))).toBeVisible();
    await users.expectShown();
    await expect(leaveQuestion).toBeHidden();
  });

  test("client form: the server's field refusal is focused and named; leaving after saving does not ask @pl", async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const existing = await createClient(request, api);
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    const clients = new ClientsPage(page, t, lang);
    const leaveQuestion = page.getByText(t('form.leaveMessage'));
    const clientsMenuItem = page.getByTestId('nav-/administration/clients');
    await signIn.startSession(admin);
    await clients.goto();
    await clients.createButton.click();
    await expect(page.getByTestId('page-client-create')).toBeVisible();

    // The API refuses the taken short name: the page scrolls to that field, focuses it and names it.
    const tag = uniqueTag('fc');
    await clients.fill({
      companyName: `Focus Firma ${tag}`,
      shortName: existing.shortName ?? '',
      vatId: '1234563218',
      phone: '+48 601 000 000',
      country: 'pl',
      city: 'Kraków',
      street: 'Długa',
      zipCode: '30-001',
      building: '5',
      currency: 'pln',
      uniquePrefix: tag,
    });
    await clients.save.click();
    await expect(clients.fieldError('shortName')).toHaveText(t('server.clientShortNameTaken'));
    await expect(clients.input('shortName')).toBeFocused();
    await expect(clients.input('shortName')).toBeInViewport();
    await expect(
      shell.toast('error', t('form.checkField', { field: t('clients.field.shortName') })),
    ).toBeVisible();

    // Leaving with changes asks; cancel stays.
    await clientsMenuItem.click();
    await expect(leaveQuestion).toBeVisible();
    await page.getByTestId('confirm-cancel').click();
    await expect(page.getByTestId('page-client-create')).toBeVisible();

    // Saved: leaving does not ask.
    await clients.fill({ shortName: tag });
    await clients.save.click();
    await expect(shell.toast('success', t('clients.created'))).toBeVisible();
    await clients.expectShown();
    await expect(leaveQuestion).toBeHidden();
  });

  test('forms without a footer (sign-in, account, API key dialog) focus and name the first field in error @pl', async ({
    api,
    screens,
    t,
    lang,
  }) => {
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, account, shell, users } = screens;
    const apiKeys = new ApiKeysPage(page, t, lang);
    const leaveQuestion = page.getByText(t('form.leaveMessage'));

    // Sign-in, both fields empty: the first is focused, the toast names it and the one more.
    await signIn.goto();
    await signIn.submit.click();
    await expect(signIn.email).toBeFocused();
    // ("Check the field: Email (and 1 more)": a plural message, matched by the field it names.)
    await expect(
      page.locator('.bp6-toast.bp6-intent-danger').filter({ hasText: t('field.email') }),
    ).toBeVisible();
    await signIn.signIn(admin);

    // Account: an emptied first name is refused by the schema the API uses; leaving with it asks first.
    await account.goto();
    await account.firstName.fill('');
    await account.saveProfile.click();
    await expect(account.firstName).toBeFocused();
    await expect(shell.toast('error', t('form.checkField', { field: t('field.firstName') }))).toBeVisible();
    await shell.usersMenuItem.click();
    await expect(leaveQuestion).toBeVisible();
    await page.getByTestId('confirm-ok').click();
    await users.expectShown();

    // The API key dialog: a key without a name.
    await apiKeys.open();
    await apiKeys.createButton.click();
    await apiKeys.save.click();
    await expect(apiKeys.name).toBeFocused();
    await expect(apiKeys.nameError).toBeVisible();
    // "Check the field: Name (and 1 more)" (the client, for staff): matched from its start, as "First name" ends so.
    const named = t('form.checkField', { field: t('apiKeys.field.name') }).replace(
      /[.*+?^${}()|[\]\\]/g,
      '\\$&',
    );
    await expect(
      page.locator('.bp6-toast.bp6-intent-danger').filter({ hasText: new RegExp(`^${named}( |$)`) }),
    ).toBeVisible();
  });
});
