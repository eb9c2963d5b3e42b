import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { ClientsPage } from './pages/ClientsPage';
import { SettingsPage } from './pages/SettingsPage';
import { openPath } from './support/navigate';

test.describe('client settings', () => {
  test('a client user edits the standard parcel and pickup address; a reload shows them @pl', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const client = await createClient(request, api);
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const { page, signIn, shell } = screens;
    const settings = new SettingsPage(page, t);
    await signIn.signIn(user);
    await expect(settings.menuItem).toHaveText(t('menu.clientSettings'));
    await settings.openFromMenu();

    // What the client may not change is shown, not editable.
    await expect(settings.company('name')).toHaveValue(client.companyName);
    await expect(settings.company('vatId')).toHaveValue(client.vatId ?? '');
    await expect(settings.company('prefix')).toHaveValue(client.uniquePrefix ?? '');
    await expect(settings.company('name')).not.toBeEditable();
    await expect(settings.input('clientAddress', 'street')).toHaveValue('Prosta');
    await expect(settings.label('settings', 'weightKg')).toHaveText(t('clients.parcel.weightKg'));

    await settings.fill('settings', {
      content: 'Książki',
      sizeL: '30',
      sizeW: '20',
      sizeD: '10',
      weightKg: '1,5',
    });
    await settings.fill('settings', { value: '120', valueCurrency: 'pln' });
    await settings.fill('settings', { defaultPhoneShippingAddress: '+48 500 600 700' });
    await settings.pickupSwitchLabel.click();
    await settings.fill('defaultAddress', {
      name: 'Magazyn Północ',
      street: 'Portowa',
      building: '3A',
      city: 'Gdynia',
      zipCode: '81-001',
      country: 'pl',
    });
    await settings.save.click();
    await expect(shell.toast('success', t('settings.saved'))).toBeVisible();

    await page.reload();
    await settings.expectShown();
    await settings.expectValues('settings', {
      content: 'Książki',
      sizeL: '30',
      sizeW: '20',
      sizeD: '10',
      weightKg: '1.500',
      value: '120.00',
      valueCurrency: 'PLN',
      defaultPhoneShippingAddress: '+48 500 600 700',
    });
    await expect(settings.pickupSwitch).toBeChecked();
    await settings.expectValues('defaultAddress', {
      name: 'Magazyn Północ',
      street: 'Portowa',
      building: '3A',
      city: 'Gdynia',
      zipCode: '81-001',
      country: 'PL',
    });

    // The company address is the client's own to change too.
    await settings.fill('clientAddress', { city: 'Łódź', apartment: '7' });
    await settings.save.click();
    await expect(shell.toast('success', t('settings.saved'))).toBeVisible();
    await page.reload();
    await settings.expectValues('clientAddress', { city: 'Łódź', apartment: '7', street: 'Prosta' });
  });

  test('field messages are shown under the fields and nothing is saved @en', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const client = await createClient(request, api);
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const { page, signIn, shell } = screens;
    const settings = new SettingsPage(page, t);
    await signIn.startSession(user);
    await openPath(page, '/settings');
    await settings.expectShown();

    // Nothing changed: said so, nothing sent.
    await settings.save.click();
    await expect(shell.toast('info', t('server.noValueChanged'))).toBeVisible();

    await settings.fill('clientAddress', { street: ' ' });
    await settings.fill('settings', { weightKg: 'abc', defaultEmailShippingAddress: 'biuro@' });
    await settings.pickupSwitchLabel.click();
    await settings.fill('defaultAddress', { name: 'Magazyn', country: 'Polska' });
    await settings.save.click();
    await expect(settings.fieldError('clientAddress', 'street')).toHaveText(t('validation.streetRequired'));
    await expect(settings.fieldError('settings', 'weightKg')).toHaveText(t('validation.atLeastOneDigit'));
    await expect(settings.fieldError('settings', 'defaultEmailShippingAddress')).toHaveText(
      t('validation.emailInvalid'),
    );
    await expect(settings.fieldError('defaultAddress', 'street')).toHaveText(t('validation.streetRequired'));
    await expect(settings.fieldError('defaultAddress', 'country')).toHaveText(t('validation.countryInvalid'));

    await page.reload();
    await settings.expectValues('clientAddress', { street: 'Prosta' });
    await settings.expectValues('settings', { weightKg: '', defaultEmailShippingAddress: '' });
    await expect(settings.pickupSwitch).not.toBeChecked();
  });

  test('a client with new orders blocked sees the notice on the dashboard and the settings screen @en', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const client = await createClient(request, api, { disableNewOrders: true });
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const { page, signIn, shell } = screens;
    await signIn.signIn(user);
    await expect(shell.home.getByTestId('orders-blocked')).toHaveText(t('home.ordersBlocked'));
    const settings = new SettingsPage(page, t);
    await settings.openFromMenu();
    await expect(settings.root.getByTestId('orders-blocked')).toHaveText(t('home.ordersBlocked'));
  });

  test('staff have no settings screen @pl', async ({ api, screens, t }) => {
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    await signIn.signIn(admin);
    await expect(new SettingsPage(page, t).menuItem).toHaveCount(0);
    await openPath(page, '/settings');
    await expect(page.getByTestId('page-403')).toBeVisible();
  });
});

test.describe('clients: read-only for a salesman, VIES in the client form', () => {
  test('a salesman opens a client read-only: fields disabled, no save or create @en', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const client = await createClient(request, api, { city: 'Poznań' });
    const salesman = await api.createUser({ role: 'salesman' });
    const { page, signIn } = screens;
    const clients = new ClientsPage(page, t, lang);
    await signIn.startSession(salesman);
    await clients.goto();
    await expect(clients.createButton).toHaveCount(0);
    await clients.search.fill(client.uniquePrefix ?? '');
    await clients.expectCount(1, 1);
    // The count moves before the table repaints its rows: wait for the row itself before opening it.
    await expect(clients.cells('companyName')).toHaveText([client.companyName]);
    await clients.cells('companyName').first().dblclick();
    await expect(page).toHaveURL(/\/administration\/clients\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: t('clients.viewTitle') })).toBeVisible();
    await expect(page.getByTestId('client-read-only')).toHaveText(t('clients.readOnly'));
    await expect(clients.input('companyName')).toHaveValue(client.companyName);
    await expect(clients.input('city')).toHaveValue('Poznań');
    for (const field of ['companyName', 'vatId', 'city'] as const)
      await expect(clients.input(field)).toBeDisabled();
    await expect(clients.flag('active').input).toBeDisabled();
    await expect(clients.save).toHaveCount(0);
    await page.getByTestId('client-cancel').click();
    await clients.expectShown();
  });

  test('with the VIES check on, an unreachable VIES saves with a warning, or refuses when strict @pl', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    // The panel under test has no VIES_URL: every check reports VIES as unreachable.
    const client = await createClient(request, api);
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    const clients = new ClientsPage(page, t, lang);
    await signIn.startSession(admin);
    await openPath(page, `/administration/clients/edit/${client.id}`);
    await expect(clients.input('companyName')).toHaveValue(client.companyName);

    const strict = page.getByTestId('client-strictVatCheck');
    await expect(strict).toHaveCount(0);
    await clients.flag('viesCheck').label.click();
    await expect(strict).toBeVisible();
    await page.locator('label.bp6-checkbox').filter({ has: strict }).click();
    await clients.save.click();
    await expect(clients.fieldError('vatId')).toHaveText(t('server.vatCheckUnavailable'));
    await expect(page).toHaveURL(/\/edit\//);

    await page.locator('label.bp6-checkbox').filter({ has: strict }).click();
    await clients.save.click();
    await expect(shell.toast('success', t('clients.saved'))).toBeVisible();
    await expect(
      page.locator('.bp6-toast.bp6-intent-warning').filter({ hasText: t('server.vatCheckUnavailable') }),
    ).toBeVisible();
    await clients.expectShown();
  });
});
