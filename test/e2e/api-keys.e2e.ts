import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { ApiKeysPage } from './pages/ApiKeysPage';

test.describe('API keys (settings)', () => {
  test('a client user creates a key, sees the secret once, then only its prefix; deactivates, renames, deletes @en', async ({
    api,
    request,
    screens,
    t,
    lang,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const client = await createClient(request, api);
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const { page, signIn, shell } = screens;
    const keys = new ApiKeysPage(page, t, lang);
    await signIn.signIn(user);
    await keys.open();
    await expect(page.getByTestId('list-no-items')).toBeVisible();

    await keys.createButton.click();
    await keys.save.click();
    await expect(keys.nameError).toHaveText(t('validation.nameRequired'));

    const name = `Shop ${uniqueTag('k')}`;
    await keys.name.fill(name);
    await keys.save.click();
    await expect(keys.warning).toHaveText(t('apiKeys.showOnceWarning', { name }));
    await expect(keys.secret).toHaveValue(/^dpk_[A-Za-z0-9_-]{43}$/);
    const secret = await keys.secret.inputValue();
    await keys.copy.click();
    await expect(keys.copy).toHaveText(t('common.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // The key works at once.
    const me = await request.get('/api/apiKey/get/current', { headers: { 'X-Api-Key': secret } });
    expect(me.status()).toBe(200);

    await keys.done.click();
    await expect(keys.dialog).toBeHidden();
    await expect(shell.toast('success', t('apiKeys.created'))).toBeVisible();
    // Gone from the screen for good: only the prefix is listed.
    await expect(page.locator(`input[value="${secret}"]`)).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
    await keys.expectCount(1, 1);
    await expect(keys.cells('name')).toHaveText([name]);
    await expect(keys.cells('keyPrefix')).toHaveText([`${secret.slice(0, 12)}…`]);
    await page.reload();
    await keys.expectShown();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(keys.cells('keyPrefix')).toHaveText([`${secret.slice(0, 12)}…`]);
    // The call made with it above shows as its last use.
    await expect(keys.cells('lastUsedAt')).not.toHaveText([t('apiKeys.neverUsed')]);

    // Deactivate (asks first): the key stops at once.
    await keys.action('deactivate').click();
    await expect(page.getByText(t('apiKeys.deactivateMessage', { name }))).toBeVisible();
    await keys.confirm.click();
    await expect(shell.toast('success', t('apiKeys.deactivated'))).toBeVisible();
    await expect(keys.list.getByTestId('api-key-state')).toHaveText(t('apiKeys.state.inactive'));
    expect(
      (await request.get('/api/apiKey/get/current', { headers: { 'X-Api-Key': secret } })).status(),
    ).toBe(401);
    await keys.action('activate').click();
    await expect(keys.list.getByTestId('api-key-state')).toHaveText(t('apiKeys.state.active'));

    // Rename.
    await keys.action('rename').click();
    await keys.name.fill('');
    await keys.save.click();
    await expect(keys.nameError).toHaveText(t('validation.nameRequired'));
    await keys.name.fill(`${name} renamed`);
    await keys.save.click();
    await expect(shell.toast('success', t('apiKeys.saved'))).toBeVisible();
    await expect(keys.cells('name')).toHaveText([`${name} renamed`]);

    // Delete (asks first): gone from the list, and the key is refused.
    await keys.action('delete').click();
    await keys.confirm.click();
    await expect(shell.toast('success', t('apiKeys.deleted'))).toBeVisible();
    await expect(page.getByTestId('list-no-items')).toBeVisible();
    expect(
      (await request.get('/api/apiKey/get/current', { headers: { 'X-Api-Key': secret } })).status(),
    ).toBe(401);
  });

  test('an admin creates a key for a client it picks, and sees the client in the list @pl', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const client = await createClient(request, api);
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const keys = new ApiKeysPage(page, t, lang);
    await signIn.signIn(admin);
    await keys.open();

    await keys.createButton.click();
    await keys.name.fill('Staff key');
    await keys.save.click();
    await expect(keys.clientError).toHaveText(t('validation.clientRequired'));
    await page.getByTestId('api-key-client').fill(client.shortName ?? '');
    await page.getByTestId('client-option').filter({ hasText: client.companyName }).click();
    await keys.save.click();
    await expect(keys.secret).toHaveValue(/^dpk_/);
    await keys.done.click();

    await page.getByTestId('api-keys-filter-client').fill(client.shortName ?? '');
    await page.getByTestId('client-option').filter({ hasText: client.companyName }).click();
    await keys.expectCount(1, 1);
    await expect(keys.cells('client')).toHaveText([client.companyName]);
    await expect(keys.cells('name')).toHaveText(['Staff key']);
  });
});
