import type { ParcelView } from '@depot/contracts';
import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import type { Translate } from './support/i18n';
import { createParcel } from './support/parcels';
import { csvOfDownload, ExportMenu, sheetOfDownload } from './pages/ExportMenu';
import { ParcelsListPage } from './pages/ParcelsListPage';

/** Column headers of the parcels export in the reader's language: the entries parcels.export-source.ts names. */
const headers = (t: Translate) => ({
  id: t('export.parcels.id'),
  number: t('parcels.field.internalNumber'),
  reference: t('parcels.field.referenceNumber'),
});

/**
 * The /orders export menu (decisions 0080, 0093): the list's selection, filters and order sent to
 * `/order/selectedOrders` (xlsx) or `/order/exportCSV`; small exports download at once, large ones (over the e2e
 * server's EXPORT_DIRECT_MAX_ROWS = 20) run as a job with progress and a Download button.
 */
test.describe('parcels export', () => {
  test('picked parcels to xlsx and CSV hold exactly those parcels; export all takes the filtered list @pl', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    // Four downloads, each a round trip through the export endpoint: on a loaded two-core machine (three workers
    // against one embedded server) they took 28-31 s together, past the default 30 s.
    test.setTimeout(60_000);
    const tag = uniqueTag('px');
    const client = await createClient(request, api);
    const made: ParcelView[] = [];
    for (let i = 0; i < 4; i++)
      made.push(await createParcel(request, api, client.id, { referenceNumber: `${tag}-${i}` }));
    // Another parcel the filter leaves out.
    await createParcel(request, api, client.id, { referenceNumber: uniqueTag('other') });
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    const exportMenu = new ExportMenu(page, t);
    const h = headers(t);
    await signIn.startSession(admin);
    await parcels.goto();
    await parcels.searchFor(tag);
    await parcels.expectCount(4, 4);

    // Pick the first and the third parcel; the list shows the newest first, and so do the files.
    await parcels.toggleRow(made[0].internalNumber);
    await parcels.toggleRow(made[2].internalNumber);
    await expect(parcels.selected).toContainText('2');
    const picked = [made[2], made[0]];

    const xlsx = await exportMenu.pickAs('selected', 'xlsx', 2);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const sheet = await sheetOfDownload(xlsx);
    expect(sheet.header[0]).toBe(h.number);
    expect(sheet.rows).toBe(2);
    expect(sheet.column(h.id)).toEqual(picked.map((p) => p.id));
    expect(sheet.column(h.number)).toEqual(picked.map((p) => p.internalNumber));
    expect(sheet.column(h.reference)).toEqual([`${tag}-2`, `${tag}-0`]);
    await expect(shell.toast('success', t('export.saved', { name: xlsx.suggestedFilename() }))).toBeVisible();

    const csv = await csvOfDownload(await exportMenu.pickAs('selected', 'csv', 2));
    expect(csv.bom).toBe(true);
    expect(csv.header[0]).toBe(h.number);
    expect(csv.rows).toHaveLength(2);
    expect(csv.column(h.id)).toEqual(picked.map((p) => p.id));
    expect(csv.column(h.reference)).toEqual([`${tag}-2`, `${tag}-0`]);

    // "Export all (filtered)" is every parcel the search matches, whatever is ticked.
    const newestFirst = [...made].reverse();
    const all = await csvOfDownload(await exportMenu.pickAs('all', 'csv', 4));
    expect(all.column(h.id)).toEqual(newestFirst.map((p) => p.id));
    const allXlsx = await sheetOfDownload(await exportMenu.pickAs('all', 'xlsx', 4));
    expect(allXlsx.column(h.number)).toEqual(newestFirst.map((p) => p.internalNumber));
  });

  test("a client user's large export runs as a job with progress and holds its own parcels only @en", async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    test.setTimeout(60_000);
    const tag = uniqueTag('pj');
    const client = await createClient(request, api);
    const other = await createClient(request, api);
    const made: ParcelView[] = [];
    for (let i = 0; i < 22; i++)
      made.push(
        await createParcel(request, api, client.id, {
          referenceNumber: `${tag}-${String(i).padStart(2, '0')}`,
        }),
      );
    await createParcel(request, api, other.id, { referenceNumber: `${tag}-theirs` });
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const { page, signIn } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    const exportMenu = new ExportMenu(page, t);
    const h = headers(t);
    await signIn.startSession(user);
    await parcels.goto();
    await parcels.searchFor(tag);
    await parcels.expectCount(22, 22);

    // Select all but the newest: 21 parcels, over the direct limit of 20.
    const newest = made[21];
    await parcels.selectAll();
    await parcels.toggleRow(newest.internalNumber);
    await expect(parcels.selected).toContainText('21');
    // Over the direct limit the server answers 202 and runs the job; the toast then offers the file. (Whether the
    // progress bar is caught on screen depends on how fast 21 rows are written, so the reply is what is checked.)
    const started = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/order/selectedOrders'),
    );
    await exportMenu.pickAs('selected', 'xlsx', 21, false);
    expect((await started).status()).toBe(202);
    await expect(exportMenu.ready).toBeVisible({ timeout: 20_000 });
    await expect(exportMenu.progress).toHaveCount(0);
    const sheet = await sheetOfDownload(await exportMenu.downloadFromToast());
    expect(sheet.rows).toBe(21);
    expect(sheet.column(h.id)).toEqual(
      made
        .slice(0, 21)
        .reverse()
        .map((p) => p.id),
    );
  });
});
