import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { ClientsPage } from './pages/ClientsPage';
import { ExportMenu, sheetOfDownload } from './pages/ExportMenu';
import { RecentJobsMenu } from './pages/RecentJobsMenu';

/** The clients list's export to xlsx: the file holds exactly what was selected, headed in the user's language. */
test.describe('exports to xlsx', () => {
  test('exporting selected clients downloads a file with exactly those clients @both', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const tag = uniqueTag('xp');
    const made = [];
    for (const name of ['Alfa', 'Beta', 'Gamma']) {
      made.push(await createClient(request, api, { companyName: `${tag} ${name}` }));
    }
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    const clients = new ClientsPage(page, t, lang);
    const exportMenu = new ExportMenu(page, t);
    await signIn.startSession(admin);
    await clients.goto();
    await clients.search.fill(tag);
    await clients.expectCount(3, 3);
    await expect(clients.cells('companyName')).toHaveText([`${tag} Alfa`, `${tag} Beta`, `${tag} Gamma`]);

    // Pick the first and the third row.
    const checks = clients.list
      .locator('.bp6-table-quadrant-main label.bp6-checkbox')
      .filter({ has: page.getByTestId('row-check') });
    await checks.nth(0).click();
    await checks.nth(2).click();
    await expect(page.getByTestId('list-selected')).toHaveText(t('list.selected', { count: 2 }));

    const download = await exportMenu.pick('selected', 2);
    const stem = lang === 'pl' ? 'klienci' : 'clients';
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${stem}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    const sheet = await sheetOfDownload(download);
    expect(sheet.header[0]).toBe(t('clients.field.companyName'));
    expect(sheet.column(t('clients.field.companyName'))).toEqual([`${tag} Alfa`, `${tag} Gamma`]);
    expect(sheet.column(t('export.clients.id'))).toEqual([made[0].id, made[2].id]);
    expect(sheet.column(t('clients.field.active'))).toEqual([t('common.yes'), t('common.yes')]);
    await expect(
      shell.toast('success', t('export.saved', { name: download.suggestedFilename() })),
    ).toBeVisible();

    // "Export all" takes every client the list's filter matches.
    const all = await sheetOfDownload(await exportMenu.pick('all', 3));
    expect(all.column(t('clients.field.companyName'))).toEqual([
      `${tag} Alfa`,
      `${tag} Beta`,
      `${tag} Gamma`,
    ]);
  });

  test('a large export runs in the background with progress, then offers the file (also in Recent jobs) @en', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    // Over the e2e server's EXPORT_DIRECT_MAX_ROWS (20): the export becomes a job.
    const tag = uniqueTag('xj');
    const names = Array.from({ length: 21 }, (_, i) => `${tag} ${String(i).padStart(2, '0')}`);
    for (const companyName of names) await createClient(request, api, { companyName });
    const salesman = await api.createUser({ role: 'salesman' });
    const { page, signIn } = screens;
    const clients = new ClientsPage(page, t, lang);
    const exportMenu = new ExportMenu(page, t);
    await signIn.startSession(salesman);
    await clients.goto();
    await clients.search.fill(tag);
    await expect(page.getByTestId('list-count')).toContainText('21');

    await exportMenu.button.click();
    await expect(exportMenu.all).toHaveText(t('export.all', { count: 21 }));
    await exportMenu.all.click();
    await expect(exportMenu.ready).toBeVisible({ timeout: 20_000 });
    await expect(exportMenu.progress).toHaveCount(0);
    const fromToast = await exportMenu.downloadFromToast();
    const sheet = await sheetOfDownload(fromToast);
    expect(sheet.rows).toBe(21);
    expect(sheet.column(t('clients.field.companyName'))).toEqual(names);

    // The same file stays listed in the top bar's Recent jobs menu (decision 0121).
    const recent = new RecentJobsMenu(page, t);
    await recent.openByKeyboard();
    const entry = recent.entry('finished');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(t('jobs.kind.export'));
    const again = page.waitForEvent('download');
    await entry
      .getByRole('button', { name: t('jobs.download', { name: fromToast.suggestedFilename() }) })
      .click();
    expect((await sheetOfDownload(await again)).rows).toBe(21);
  });
});
