import { ClientLoginsSection } from './pages/ClientLoginsSection';
import { ClientsPage } from './pages/ClientsPage';
import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { openPath } from './support/navigate';

/** Client logins are manageable (decision 0112): found by role, opened from the client's page, sessions, deactivation. */
test.describe("a client's logins", () => {
  test('found by the role filter, opened from the client page, its sessions ended and deactivated @pl', async ({
    api,
    request,
    screens,
    openBrowser,
    t,
    lang,
  }) => {
    const client = await createClient(request, api);
    const tag = uniqueTag('login');
    const login = await api.createUser({
      role: 'user',
      clientId: client.id,
      firstName: 'Kamila',
      lastName: `Login${tag}`,
    });
    const staffNamesake = await api.createUser({ role: 'operator', lastName: `Login${tag}staff` });
    const admin = await api.createUser({ role: 'admin' });

    // The client user is signed in at another computer.
    const other = await openBrowser();
    await other.signIn.signIn(login);
    await other.shell.expectLive();

    const { page, signIn, users, userForm, shell } = screens;
    await signIn.startSession(admin);

    // The users list finds it by the role filter, with its client's name.
    await users.goto();
    await users.searchFor(tag);
    await users.expectCount(2, 2);
    await users.roleFilter.selectOption('user');
    await users.expectCount(1, 1);
    await expect(users.cells('lastName')).toHaveText([login.lastName]);
    await expect(users.cells('role')).toHaveText([t('role.user')]);
    await expect(users.cells('client')).toHaveText([client.companyName]);
    await users.roleFilter.selectOption('operator');
    await expect(users.cells('lastName')).toHaveText([staffNamesake.lastName]);

    // The client's page lists its logins.
    const clients = new ClientsPage(page, t, lang);
    const logins = new ClientLoginsSection(page, t, lang);
    await clients.goto();
    await clients.search.fill(client.uniquePrefix ?? '');
    await expect(clients.cells('companyName')).toHaveText([client.companyName]);
    await clients.cells('companyName').first().dblclick();
    await expect(page).toHaveURL(new RegExp(`/administration/clients/edit/${client.id}$`));
    await logins.expectShown();
    await logins.expectCount(1, 1);
    await expect(logins.cells('email')).toHaveText([login.email]);
    await expect(logins.cells('active')).toHaveText([t('common.yes')]);
    await logins.open('lastName', login.lastName);
    await userForm.expectEditing();

    // Its sessions end at once: the other computer is sent to sign-in.
    const sessions = page.getByTestId('user-sessions');
    await expect(sessions.getByRole('heading', { name: t('users.sessions.title') })).toBeVisible();
    await page.getByTestId('user-sessions-end').click();
    const dialog = page.locator('.bp6-dialog');
    await expect(dialog.locator('.bp6-dialog-header')).toContainText(t('users.sessions.confirmTitle'));
    await expect(dialog.locator('.bp6-callout')).toHaveText(
      t('users.sessions.confirmMessage', { name: `${login.firstName} ${login.lastName}` }),
    );
    await dialog.getByTestId('confirm-ok').click();
    // The count in the language's plural form (users.sessions.ended).
    const ended = { en: '1 session ended.', pl: 'Zakończono 1 sesję.' }[lang];
    await expect(shell.toast('success', ended)).toBeVisible();
    await other.signIn.expectShown();

    // Deactivated: saved, back on the client's page, where the login shows inactive.
    const activeInput = page.getByTestId('user-active');
    await expect(activeInput).toBeChecked();
    await page.locator('label.bp6-switch').filter({ has: activeInput }).click();
    await expect(activeInput).not.toBeChecked();
    await userForm.submit();
    await expect(shell.toast('success', t('users.saved'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/administration/clients/edit/${client.id}$`));
    await logins.expectShown();
    await expect(logins.cells('active')).toHaveText([t('common.no')]);
    await logins.activeFilter.selectOption('true');
    await logins.expectCount(0, 0);
    await logins.activeFilter.selectOption('false');
    await logins.expectCount(1, 1);

    // It may no longer sign in; the refusal is in the panel's language.
    await other.signIn.submitWith(login.email, login.password);
    await expect(other.signIn.error).toContainText(t('server.accountInactive'));
  });

  test("a salesman adds a login from a client's page it may only read; the list shows it live @en", async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const client = await createClient(request, api);
    const salesman = await api.createUser({ role: 'salesman' });
    const { page, signIn, userForm, shell } = screens;
    const logins = new ClientLoginsSection(page, t, lang);
    await signIn.startSession(salesman);
    await openPath(page, `/administration/clients/edit/${client.id}`);
    await expect(page.getByRole('heading', { name: t('clients.viewTitle') })).toBeVisible();
    await logins.expectShown();
    await logins.expectCount(0, 0);

    await logins.add.click();
    await expect(userForm.createPage).toBeVisible();
    await expect(userForm.role.locator('option:checked')).toHaveText(t('role.user'));
    await expect(userForm.client).toHaveValue(client.companyName);
    const tag = uniqueTag('added');
    await userForm.fill({
      firstName: 'Dodany',
      lastName: `Login${tag}`,
      email: `${tag}@e2e.depot`,
      password: 'e2e-password-2026',
      confirmPassword: 'e2e-password-2026',
    });
    await userForm.submit();
    await expect(shell.toast('success', t('users.created'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/administration/clients/edit/${client.id}$`));
    await logins.expectCount(1, 1);
    await expect(logins.cells('lastName')).toHaveText([`Login${tag}`]);

    // Another login of this client, made elsewhere, appears without a reload.
    const other = await api.createUser({ role: 'user', clientId: client.id, lastName: `Other${tag}` });
    await logins.expectCount(2, 2);
    await expect(logins.cells('lastName').filter({ hasText: other.lastName })).toBeVisible();
  });
});
