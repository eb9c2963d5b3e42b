import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { IntegrationsPage } from './pages/IntegrationsPage';

test.describe('integrations (settings)', () => {
  test('a client user chooses the type first, fills the form, and the key is only shown masked @pl', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const client = await createClient(request, api);
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const { page, signIn, shell } = screens;
    const integrations = new IntegrationsPage(page, t);
    await signIn.signIn(user);
    await integrations.open();
    await integrations.createButton.click();

    // Step 1: the type; the form is not there yet.
    await expect(integrations.typeStep).toContainText(t('integrations.chooseType'));
    await expect(integrations.form).toHaveCount(0);
    await integrations.typeChoice('ebay').click();
    await expect(integrations.typeTag).toHaveText(t('integrations.type.ebay'));
    await integrations.changeType.click();
    await integrations.typeChoice('presta_shop').click();
    await expect(integrations.typeTag).toHaveText(t('integrations.type.prestaShop'));

    // Step 2: the form, checked with the API's own messages.
    await integrations.save.click();
    await expect(integrations.fieldError('name')).toHaveText(t('validation.nameRequired'));
    await expect(integrations.fieldError('key')).toHaveText(t('validation.keyRequired'));

    const name = `Presta ${uniqueTag('i')}`;
    const key = `WS-${uniqueTag('key')}-7Q2Z`;
    await integrations.input('name').fill(name);
    await integrations.input('key').fill(key);
    await integrations.input('user').fill('sklep@example.pl');
    await integrations.save.click();
    await expect(shell.toast('success', t('integrations.created'))).toBeVisible();
    await integrations.expectShown();
    await expect(integrations.cells('name')).toHaveText([name]);
    await expect(integrations.cells('type')).toHaveText([t('integrations.type.prestaShop')]);
    await expect(integrations.cells('keyHint')).toHaveText(['••••7Q2Z']);
    await expect(page.getByText(key)).toHaveCount(0);

    // Edit: the key field starts empty; leaving it so keeps the saved key.
    await integrations.cells('name').first().dblclick();
    await expect(page).toHaveURL(/\/settings\/integrations\/edit\/[0-9a-f-]{36}$/);
    await expect(integrations.input('key')).toHaveValue('');
    await expect(integrations.keyHint).toHaveText(t('integrations.keyStored', { name: '••••7Q2Z' }));
    await expect(integrations.typeTag).toHaveText(t('integrations.type.prestaShop'));
    await expect(integrations.changeType).toHaveCount(0);
    await integrations.input('name').fill(`${name} 2`);
    await integrations.save.click();
    await expect(shell.toast('success', t('integrations.saved'))).toBeVisible();
    await integrations.expectShown();
    await expect(integrations.cells('name')).toHaveText([`${name} 2`]);
    await expect(integrations.cells('keyHint')).toHaveText(['••••7Q2Z']);

    // Delete from the edit screen, after confirming.
    await integrations.cells('name').first().dblclick();
    await page.getByTestId('integration-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect(shell.toast('success', t('integrations.deleted'))).toBeVisible();
    await integrations.expectShown();
    await expect(page.getByTestId('list-no-items')).toBeVisible();
  });
});
