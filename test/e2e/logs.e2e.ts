import { uniqueTag } from './support/api';
import { GroupsApi } from './support/client-groups';
import { expect, test } from './support/fixtures';
import { LogsPage } from './pages/LogsPage';

test.describe('logs', () => {
  test('a change appears in the logs, live, with before and after; the type filter narrows the list @en', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const admin = await api.createUser({ role: 'admin' });
    const token = (await api.signIn(admin.email, admin.password)).token;
    const groups = new GroupsApi(request, api);
    const prefix = uniqueTag('Log');
    const group = await groups.create('FV', [], `E2E Logged ${prefix}`, token);
    const { page, signIn } = screens;
    const logs = new LogsPage(page, t, lang);

    await signIn.signIn(admin);
    await logs.goto();
    await logs.entityIdFilter.fill(group.id);
    await logs.expectCount(1, 1);
    await expect(logs.cells('type')).toHaveText([t('logs.type.clientGroup.create')]);
    await expect(logs.cells('author')).toHaveText([`${admin.firstName} ${admin.lastName} (${admin.email})`]);

    // A change made meanwhile shows up without reloading (newest first).
    const renamed = `E2E Renamed ${prefix}`;
    expect((await groups.update(group.id, { newName: renamed, type: 'AREA' }, token)).status()).toBe(200);
    await logs.expectCount(2, 2);
    await expect(logs.cells('type')).toHaveText([
      t('logs.type.clientGroup.update'),
      t('logs.type.clientGroup.create'),
    ]);

    // Filtering by type keeps only the update.
    await logs.typeFilter.selectOption('clientGroup.update');
    await logs.expectCount(1, 1);
    await expect(logs.cells('type')).toHaveText([t('logs.type.clientGroup.update')]);

    // Its details: before and after side by side, the changed fields marked.
    await logs.list.getByTestId('log-open').click();
    await expect(logs.details).toBeVisible();
    await expect(page.getByTestId('log-details-type')).toHaveText(t('logs.type.clientGroup.update'));
    await expect(logs.diffRow('name')).toHaveAttribute('data-changed', 'true');
    await expect(logs.diffRow('name').getByTestId('log-diff-before')).toHaveText(group.name);
    await expect(logs.diffRow('name').getByTestId('log-diff-after')).toHaveText(renamed);
    await expect(logs.diffRow('type')).toHaveAttribute('data-changed', 'true');
    await expect(logs.diffRow('type').getByTestId('log-diff-after')).toHaveText('AREA');
    await expect(logs.diffRow('clients')).toHaveAttribute('data-changed', 'false');
    await page.getByTestId('log-close').click();
    await expect(logs.details).toBeHidden();

    // A range of days that ends before today finds nothing; a start after the end is explained.
    await logs.to.fill('2020-01-01');
    await expect(page.getByTestId('list-no-items')).toBeVisible();
    await logs.from.fill('2020-01-02');
    await expect(page.getByText(t('server.dateRangeInvalid'))).toBeVisible();
    await page.getByTestId('logs-clear').click();
    await expect(logs.typeFilter).toHaveValue('');
  });
});
