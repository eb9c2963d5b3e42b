import * as ExcelJS from 'exceljs';
import { uniqueTag } from './support/api';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { ParcelsListPage } from './pages/ParcelsListPage';
import { StatusesPage } from './pages/StatusesPage';
import type { ParcelView, StatusMapRow } from '@depot/contracts';

/** An xlsx code list as a carrier publishes it: a header row, then code, description, status, terminal. */
async function codeList(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Statuses');
  ws.addRow(['Code', 'Description', 'Status', 'Terminal']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.describe('statuses and the status map', () => {
  test('an admin adds a carrier code, imports a code list (a bad row named first), maps a code and removes one; a warehouse colleague’s list follows live @pl', async ({
    api,
    screens,
    openBrowser,
    t,
    lang,
  }) => {
    const tag = uniqueTag('St');
    const [admin, warehouse] = await Promise.all([
      api.createUser({ role: 'admin' }),
      api.createUser({ role: 'magazyn' }),
    ]);
    const [a, b, c] = ['A', 'B', 'C'].map((x) => `${tag}-${x}`);

    // The warehouse reads the list (it may not change it), narrowed to this test's codes: none yet.
    const w = await openBrowser();
    const watcher = new StatusesPage(w.page, t, lang);
    await w.signIn.signIn(warehouse);
    await watcher.goto();
    await expect(watcher.createButton).toHaveCount(0);
    await watcher.search.fill(tag);
    await expect(w.page.getByText(t('list.noItems'))).toBeVisible();
    await w.shell.expectLive();

    // The admin adds one code: the four required messages first, in the panel's language.
    const { page, signIn, shell } = screens;
    const ui = new StatusesPage(page, t, lang);
    await signIn.startSession(admin);
    await ui.goto();
    await ui.createButton.click();
    await expect(page.getByTestId('page-status-create')).toBeVisible();
    await ui.save.click();
    await expect(ui.fieldError('operator-type')).toHaveText(t('validation.operatorTypeRequired'));
    await expect(ui.fieldError('code')).toHaveText(t('validation.externalStatusRequired'));
    await expect(ui.fieldError('description')).toHaveText(t('validation.descriptionRequired'));
    await expect(ui.fieldError('db-name')).toHaveText(t('validation.statusRequired'));
    await ui.operatorType.selectOption('FEDEX');
    await ui.code.fill(a);
    await ui.description.fill('Delivered to the recipient');
    await ui.dbName.selectOption('delivered');
    // Delivered ends tracking, so terminal follows the status.
    await expect(ui.terminal).toBeChecked();
    await ui.save.click();
    await expect(shell.toast('success', t('statuses.created', { parcels: 0 }))).toBeVisible();
    await ui.expectShown();

    // The colleague's list shows it at once.
    await watcher.expectCount(1, 1);
    await expect(watcher.cells('code')).toHaveText([a]);
    await expect(watcher.cells('dbName')).toHaveText([t('parcels.status.delivered')]);
    await expect(watcher.cells('isTerminal')).toHaveText([t('common.yes')]);

    // The status map of FedEx: a code list with a bad row is refused, naming the row; nothing is added.
    await page.getByTestId('statuses-open-map').click();
    await expect(page.getByTestId('page-status-map')).toBeVisible();
    await ui.mapType.selectOption('FEDEX');
    await expect(ui.mapRow(a)).toBeVisible();
    await ui.mapImport.setInputFiles({
      name: 'fedex.xlsx',
      mimeType: XLSX,
      buffer: await codeList([
        [b, 'On its way'],
        [c, 'Shipped', 'shipped'],
      ]),
    });
    await expect(
      shell.toast('error', t('server.statusMapImportBadStatus', { row: 3, value: 'shipped' })),
    ).toBeVisible();
    await expect(ui.mapRow(b)).toHaveCount(0);

    // The corrected list: B comes in unmapped, C mapped by its Polish or English name.
    await ui.mapImport.setInputFiles({
      name: 'fedex.xlsx',
      mimeType: XLSX,
      buffer: await codeList([
        [b, 'On its way'],
        [c, 'Shipped', t('parcels.status.inTransport'), t('common.no')],
      ]),
    });
    await expect(
      shell.toast(
        'success',
        t('statuses.imported', { created: 2, updated: 0, unchanged: 0, parcelsChanged: 0 }),
      ),
    ).toBeVisible();
    await expect(ui.mapRow(b).getByTestId('status-map-row-status')).toHaveValue('-');
    await expect(ui.mapRow(c).getByTestId('status-map-row-status')).toHaveValue('inTransport');
    expect(await axeViolations(page)).toEqual([]);
    await expect(watcher.cells('code')).toHaveText([a, b, c]);
    await expect(watcher.cells('dbName')).toHaveText([
      t('parcels.status.delivered'),
      t('statuses.unmapped'),
      t('parcels.status.inTransport'),
    ]);

    // Only the unmapped ones, then B mapped to "in delivery": Save says first what it changes.
    await ui.mapUnmappedOnly.click();
    await expect(ui.mapRow(a)).toHaveCount(0);
    await ui.mapRow(b).getByTestId('status-map-row-status').selectOption('inDelivery');
    await expect(ui.mapSave).toHaveText(t('statuses.saveChanges', { count: 1 }));
    await ui.mapSave.click();
    await expect(page.getByText(t('statuses.impact', { parcels: 0 }))).toBeVisible();
    await page.getByTestId('confirm-ok').click();
    await expect(
      shell.toast('success', t('statuses.mapSaved', { created: 0, updated: 1, parcelsChanged: 0 })),
    ).toBeVisible();
    await expect(watcher.cells('dbName')).toHaveText([
      t('parcels.status.delivered'),
      t('parcels.status.inDelivery'),
      t('parcels.status.inTransport'),
    ]);

    // Back in the list, A is opened and removed; it leaves the colleague's list too.
    await ui.goto();
    await ui.search.fill(tag);
    await ui.expectCount(3, 3);
    await ui.body.getByTestId('status-open').first().click();
    await expect(ui.editStatus).toHaveValue('delivered');
    expect(await axeViolations(page)).toEqual([]);
    await ui.editRemove.click();
    await expect(page.getByText(t('statuses.removeMessage', { code: a }))).toBeVisible();
    await page.getByTestId('confirm-ok').click();
    await expect(shell.toast('success', t('statuses.removed', { code: a }))).toBeVisible();
    await watcher.expectCount(2, 2);
    await expect(watcher.cells('code')).toHaveText([b, c]);
  });

  /**
   * The demo's DPD parcels in transport standing on codes nobody mapped (demo seed, decision 0144): each language maps
   * one of the two codes, so both run once against the same demo data.
   */
  for (const [lang, code, dbName] of [
    ['en', '400133', 'inDelivery'],
    ['pl', '330438', 'problem'],
  ] as const) {
    test(`a code the carrier sent but nobody mapped is listed with its parcels; mapping it moves them, live in a colleague’s list @${lang}`, async ({
      api,
      request,
      screens,
      openBrowser,
      t,
    }) => {
      const auth = { Authorization: `Bearer ${await api.admin()}` };
      const unmapped = await request.get('/api/mapStatus/list?operatorType=DPD&dbName=unmapped', {
        headers: auth,
      });
      const row = ((await unmapped.json()) as { items: StatusMapRow[] }).items.find((r) => r.code === code)!;
      expect(row, `the demo's unmapped DPD code ${code}`).toBeTruthy();
      const example = (await (
        await request.get(`/api/order/${row.exampleParcelId}`, { headers: auth })
      ).json()) as ParcelView;
      expect(example.status).toBe('inTransport');
      const [admin, warehouse] = await Promise.all([
        api.createUser({ role: 'admin' }),
        api.createUser({ role: 'magazyn' }),
      ]);

      // A warehouse colleague watches the example parcel in the parcels list.
      const w = await openBrowser();
      const parcels = new ParcelsListPage(w.page, t, lang);
      await w.signIn.signIn(warehouse);
      await parcels.goto();
      await parcels.searchFor(example.internalNumber);
      await expect(parcels.cells('internalNumber')).toHaveText([example.internalNumber]);
      await expect(parcels.cells('status')).toHaveText([t('parcels.status.inTransport')]);
      await w.shell.expectLive();

      // The admin finds the code among those not mapped, with how often DPD sent it.
      const { page, signIn, shell } = screens;
      const ui = new StatusesPage(page, t, lang);
      await signIn.startSession(admin);
      await ui.goto();
      await ui.filterStatus.selectOption('unmapped');
      await ui.search.fill(code);
      await ui.expectCount(1, 1);
      await expect(ui.cells('dbName')).toHaveText([t('statuses.unmapped')]);
      await expect(ui.cells('seenCount')).toHaveText([String(row.seenCount)]);

      // Mapping it says first how many parcels it moves, then moves them.
      await ui.body.getByTestId('status-open').click();
      await ui.editStatus.selectOption(dbName);
      await expect(ui.editImpact).toHaveText(t('statuses.impact', { parcels: row.seenCount }));
      await ui.editSave.click();
      await expect(shell.toast('success', t('statuses.saved', { parcels: row.seenCount }))).toBeVisible();

      // The colleague's list follows without a reload; the parcel's history names the carrier's code.
      await expect(parcels.cells('status')).toHaveText([t(`parcels.status.${dbName}`)]);
      await page.goto(`/orders/edit/${example.id}`);
      await expect(page.getByTestId('parcel-history-carrier').first()).toContainText(code);
    });
  }
});
