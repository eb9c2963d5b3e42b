import { DEMO, uniqueTag } from './support/api';
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

    await signIn.startSession(admin);
    await logs.goto();
    await logs.entityIdFilter.fill(group.id);
    await logs.expectCount(1, 1);
    await expect(logs.cells('type')).toHaveText([t('logs.type.clientGroup.create')]);
    await expect(logs.cells('author')).toHaveText([`${admin.firstName} ${admin.lastName}`]);

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

    // Its details: the changed fields before → after; the unchanged member list only on request.
    await logs.list.getByTestId('log-open').click();
    await expect(logs.details).toBeVisible();
    await expect(page.getByTestId('log-details-type')).toHaveText(t('logs.type.clientGroup.update'));
    await expect(logs.diffRow('name')).toHaveAttribute('data-changed', 'true');
    await expect(logs.diffRow('name').getByTestId('log-diff-before')).toHaveText(group.name);
    await expect(logs.diffRow('name').getByTestId('log-diff-after')).toHaveText(renamed);
    await expect(logs.diffRow('type')).toHaveAttribute('data-changed', 'true');
    await expect(logs.diffRow('type').getByTestId('log-diff-after')).toHaveText(t('clientGroups.type.AREA'));
    await expect(logs.diffRow('clients')).toHaveCount(0);
    await logs.showUnchanged.click();
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

  test("date filters are typed and shown in the language's order, whatever the browser's locale @both", async ({
    api,
    screens,
    t,
    lang,
  }) => {
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const logs = new LogsPage(page, t, lang);
    await signIn.startSession(admin);
    await logs.goto();
    await expect(logs.to).toHaveAttribute('placeholder', t('date.format'));
    // The language's order (pl day first), or the other one: both read as 1 January 2020, before any entry.
    await logs.to.fill(lang === 'pl' ? '1.1.2020' : '2020-1-1');
    await expect(page.getByTestId('list-no-items')).toBeVisible();
    await logs.to.blur();
    await expect(logs.to).toHaveValue(lang === 'pl' ? '01.01.2020' : '2020-01-01');
    // A day that does not exist is marked and filters nothing.
    await logs.from.fill('31.04.2020');
    await expect(logs.from).toHaveAttribute('aria-invalid', 'true');
    await expect(logs.from).toHaveAttribute('title', t('date.invalid', { format: t('date.format') }));
    await page.getByTestId('logs-clear').click();
    await expect(logs.to).toHaveValue('');
  });

  test('entries in words: types, entities, the author by name, a change before → after, details @pl', async ({
    api,
    screens,
    t,
    lang,
  }) => {
    const admin = await api.createUser({ role: 'admin' });
    const demo = await api.current(await api.admin());
    const demoName = `${demo.firstName} ${demo.lastName}`;
    const tag = uniqueTag('Words');
    // A user created and changed by the demo admin, who then signs in: three entries about them.
    const person = await api.createUser({ role: 'salesman', firstName: 'Łucja', lastName: `Przed${tag}` });
    await api.updateUser(person.id, { role: 'admin', lastName: `Po${tag}` });
    await api.signIn(person.email, person.password);
    const personName = `Łucja Po${tag}`;
    const { page, signIn } = screens;
    const logs = new LogsPage(page, t, lang);

    await signIn.startSession(admin);
    await logs.goto();
    await logs.entityIdFilter.fill(person.id);
    await logs.expectCount(3, 3);
    await expect(logs.cells('type')).toHaveText([
      t('logs.type.session.signIn'),
      t('logs.type.user.update'),
      t('logs.type.user.create'),
    ]);
    await expect(logs.cells('entity')).toHaveText([
      t('logs.entity.user'),
      t('logs.entity.user'),
      t('logs.entity.user'),
    ]);
    // The sign-in is the person's own, not "System"; the changes are the demo admin's; names, no e-mails.
    await expect(logs.cells('author')).toHaveText([personName, demoName, demoName]);
    await expect(logs.typeFilter.locator('option[value="user.update"]')).toHaveText(
      t('logs.type.user.update'),
    );

    // The change: field, before, after, in words; only the changed fields until the rest is asked for.
    await logs.list.getByTestId('log-open').nth(1).click();
    await expect(logs.details).toBeVisible();
    await expect(page.getByTestId('log-details-type')).toHaveText(t('logs.type.user.update'));
    await expect(page.getByTestId('log-details-author')).toHaveText(`${demoName} (${DEMO.admin})`);
    const role = logs.diffRow('role');
    await expect(role.getByTestId('log-diff-field')).toHaveText(t('field.role'));
    await expect(role.getByTestId('log-diff-before')).toHaveText(t('role.salesman'));
    await expect(role.getByTestId('log-diff-after')).toHaveText(t('role.admin'));
    const lastName = logs.diffRow('lastName');
    await expect(lastName.getByTestId('log-diff-field')).toHaveText(t('field.lastName'));
    await expect(lastName.getByTestId('log-diff-before')).toHaveText(`Przed${tag}`);
    await expect(lastName.getByTestId('log-diff-after')).toHaveText(`Po${tag}`);
    await expect(logs.diffRow('active')).toHaveCount(0);
    await expect(logs.details).not.toContainText('{');
    await logs.showUnchanged.click();
    const active = logs.diffRow('active');
    await expect(active).toHaveAttribute('data-changed', 'false');
    await expect(active.getByTestId('log-diff-field')).toHaveText(t('field.active'));
    await expect(active.getByTestId('log-diff-after')).toHaveText(t('common.yes'));
    await expect(logs.diffRow('lang').getByTestId('log-diff-after')).toHaveText(t(`language.${lang}`));
    await page.getByTestId('log-close').click();
    await expect(logs.details).toBeHidden();

    // The sign-in has no before or after: its details read as a table of words too.
    await logs.list.getByTestId('log-open').nth(0).click();
    await expect(page.getByTestId('log-details-type')).toHaveText(t('logs.type.session.signIn'));
    await expect(page.getByTestId('log-details-author')).toHaveText(`${personName} (${person.email})`);
    await expect(page.getByTestId('log-diff')).toHaveCount(0);
    await expect(logs.detailRow('ip').getByTestId('log-detail-field')).toHaveText(t('logs.data.ip'));
    await expect(logs.detailRow('sessionId').getByTestId('log-detail-field')).toHaveText(
      t('logs.data.sessionId'),
    );
    await expect(logs.detailRow('sessionId').getByTestId('log-detail-value')).not.toBeEmpty();
    await expect(logs.details).not.toContainText('{');
  });
});
