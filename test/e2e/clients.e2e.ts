import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { ClientsPage } from './pages/ClientsPage';
import { openPath } from './support/navigate';

test.describe('clients administration', () => {
  test('field messages and a taken short name come first, then the client is created and listed @en', async ({
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
    await signIn.signIn(admin);
    await expect(page.getByTestId('nav-/administration/clients')).toBeVisible();
    await clients.goto();
    await clients.createButton.click();
    await expect(page.getByTestId('page-client-create')).toBeVisible();

    await clients.save.click();
    const required: [Parameters<ClientsPage['fieldError']>[0], string][] = [
      ['companyName', 'validation.nameRequired'],
      ['shortName', 'validation.shortNameRequired'],
      ['vatId', 'validation.vatIdRequired'],
      ['phone', 'validation.phoneRequired'],
      ['country', 'validation.countryRequired'],
      ['city', 'validation.cityRequired'],
      ['street', 'validation.streetRequired'],
      ['zipCode', 'validation.postalCodeRequired'],
      ['building', 'validation.buildingRequired'],
      ['currency', 'validation.currencyRequired'],
      ['uniquePrefix', 'validation.prefixRequired'],
    ];
    for (const [field, id] of required) await expect(clients.fieldError(field)).toHaveText(t(id));

    const tag = uniqueTag('nc');
    await clients.fill({
      companyName: `Nowa Firma ${tag}`,
      shortName: existing.shortName ?? '',
      vatId: '1234563218',
      phone: '+48 601 000 000',
      country: 'xx1',
      city: 'Kraków',
      street: 'Długa',
      zipCode: '30-001',
      building: '5',
      currency: 'pln',
      uniquePrefix: tag,
    });
    await clients.save.click();
    await expect(clients.fieldError('country')).toHaveText(t('validation.countryInvalid'));
    await expect(clients.fieldError('companyName')).toBeHidden();

    // The API refuses a short name another client has (409), shown under the field.
    await clients.fill({ country: 'pl' });
    await clients.save.click();
    await expect(clients.fieldError('shortName')).toHaveText(t('server.clientShortNameTaken'));

    await clients.fill({ shortName: tag });
    await clients.save.click();
    await expect(shell.toast('success', t('clients.created'))).toBeVisible();
    await clients.expectShown();
    await clients.search.fill(tag);
    await clients.expectCount(1, 1);
    await expect(clients.cells('companyName')).toHaveText([`Nowa Firma ${tag}`]);
    await expect(clients.cells('country')).toHaveText(['PL']);
    await expect(clients.cells('uniquePrefix')).toHaveText([tag]);
  });

  test("a master account's change that reaches its linked accounts names the change and their number @both", async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const master = await createClient(request, api, { masterAccount: true });
    await createClient(request, api, { masterId: master.id });
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const clients = new ClientsPage(page, t, lang);
    await signIn.startSession(admin);
    await openPath(page, `/administration/clients/edit/${master.id}`);
    await expect(clients.input('companyName')).toHaveValue(master.companyName);

    await clients.flag('disableNewOrders').label.click();
    await clients.save.click();
    // clients.linkedMessage with its values (issue 13: it showed "{name}" and "{count, plural, …}" raw).
    const dialog = page.locator('.bp6-dialog');
    await expect(dialog.locator('.bp6-dialog-header')).toContainText(t('clients.linkedTitle'));
    await expect(dialog.locator('.bp6-callout')).toHaveText(
      {
        en: `This is a master account. The change (${t('clients.field.disableNewOrders')}) also applies to 1 linked account.`,
        pl: `To jest konto główne. Zmiana (${t('clients.field.disableNewOrders')}) obejmie też 1 konto powiązane.`,
      }[lang],
    );
    await expect(page.getByTestId('confirm-ok')).toHaveText(t('common.iUnderstand'));
    await page.getByTestId('confirm-cancel').click();
    await expect(dialog).toBeHidden();
  });

  test('disabling access shows the access-disabled page to a signed-in user of that client @pl', async ({
    api,
    request,
    screens,
    t,
    lang,
    openBrowser,
  }) => {
    const client = await createClient(request, api);
    const clientUser = await api.createUser({ role: 'user', clientId: client.id });
    const admin = await api.createUser({ role: 'admin' });

    const other = await openBrowser();
    await other.signIn.signIn(clientUser);

    const { page, signIn, shell } = screens;
    const clients = new ClientsPage(page, t, lang);
    await signIn.startSession(admin);
    await clients.goto();
    await clients.search.fill(client.uniquePrefix ?? '');
    await clients.expectCount(1, 1);
    // The count moves before the table repaints its rows: wait for the row itself before opening it.
    await expect(clients.cells('companyName')).toHaveText([client.companyName]);
    await clients.cells('companyName').first().dblclick();
    await expect(page).toHaveURL(/\/administration\/clients\/edit\/[0-9a-f-]{36}$/);
    await expect(clients.input('companyName')).toHaveValue(client.companyName);

    const disable = clients.flag('disableAccess');
    await expect(disable.input).not.toBeChecked();
    await disable.label.click();
    await expect(disable.input).toBeChecked();
    await clients.save.click();
    await expect(shell.toast('success', t('clients.saved'))).toBeVisible();
    await clients.expectShown();
    await clients.search.fill(client.uniquePrefix ?? '');
    await clients.expectCount(1, 1);
    await expect(clients.list.getByTestId('client-tag-accessDisabled')).toHaveText(
      t('clients.tag.accessDisabled'),
    );

    // The user's socket is cut with reason accessDisabled: the panel switches at once, and stays so on reload.
    const disabledPage = other.page.getByTestId('page-access-disabled');
    await expect(disabledPage).toBeVisible();
    await expect(disabledPage).toContainText(t('accessDisabled.title'));
    await other.page.reload();
    await expect(disabledPage).toBeVisible();
    await expect(other.page).not.toHaveURL(/sign-in/);
  });
});
