import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import type { ParcelView } from '@depot/contracts';
import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { createParcel, setParcelStatus } from './support/parcels';
import { ParcelsListPage } from './pages/ParcelsListPage';

/** The first bytes of a downloaded file. */
async function head(download: Download, bytes = 4): Promise<string> {
  const path = await download.path();
  return (await readFile(path)).subarray(0, bytes).toString('latin1');
}

/**
 * `/orders` (decisions 0070–0072, 0115): the live parcels list with its filters (among them "cannot be routed"), mass
 * cancel of select-all with exceptions (new parcels kept as canceled), statuses changed by a colleague arriving live, and bulk labels (direct, and as a job with progress).
 */
test.describe('parcels list', () => {
  test('select all but two and cancel: those three are canceled, the two others still new @both', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const tag = uniqueTag('pd');
    const client = await createClient(request, api);
    const made: ParcelView[] = [];
    for (let i = 0; i < 5; i++)
      made.push(await createParcel(request, api, client.id, { referenceNumber: `${tag}-${i}` }));
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    await signIn.startSession(admin);
    await parcels.goto();
    await parcels.searchFor(tag);
    await parcels.expectCount(5, 5);
    await expect(parcels.cells('status').first()).toHaveText(t('parcels.status.new'));

    const keep = [made[1].internalNumber, made[3].internalNumber];
    await parcels.selectAll();
    for (const n of keep) await parcels.toggleRow(n);
    await expect(parcels.selected).toContainText('3');

    // Cancelling keeps the parcels (decision 0115): the action and its dialog say "cancel", not "delete".
    await expect(parcels.deleteSelected).toHaveText(t('parcels.action.deleteSelected'));
    await parcels.deleteSelected.click();
    const dialog = page.locator('.bp6-dialog');
    const title = lang === 'pl' ? 'Anulowanie przesyłek' : 'Cancel parcels';
    expect(t('parcels.delete.title')).toBe(title);
    await expect(page.getByRole('dialog', { name: title, exact: true })).toBeVisible();
    await expect(dialog).toContainText(lang === 'pl' ? '3 zaznaczone przesyłki' : '3 selected parcels');
    await dialog.getByTestId('confirm-ok').click();
    await expect(
      shell.toast('success', t('parcels.delete.result', { deleted: 3, toCancel: 0, refused: 0 })),
    ).toBeVisible();
    // New parcels are cancelled at once and kept (decision 0115): all five are still listed.
    await parcels.expectCount(5, 5);
    for (const p of made) {
      const status = keep.includes(p.internalNumber) ? 'new' : 'canceled';
      await expect(await parcels.statusOf(p.internalNumber)).toHaveText(t(`parcels.status.${status}`));
    }
  });

  test('the "cannot be routed" filter keeps only the parcels routing found no carrier for @pl', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const tag = uniqueTag('pi');
    const client = await createClient(request, api);
    const routed = await createParcel(request, api, client.id, { referenceNumber: `${tag}-ok` });
    // 80 kg: over every condition of the default matrix (at most 70 kg).
    const unrouted = await createParcel(request, api, client.id, {
      referenceNumber: `${tag}-heavy`,
      weightKg: '80',
    });
    expect([routed.isCorrect, unrouted.isCorrect]).toEqual([true, false]);
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    await signIn.startSession(admin);
    await parcels.goto();
    await parcels.searchFor(tag);
    await parcels.expectCount(2, 2);
    // Staff who may create see "New parcel" (a client whose ordering is blocked does not: parcels-form.e2e.ts).
    await expect(page.getByTestId('parcels-create')).toBeVisible();
    const incorrect = page
      .locator('label.bp6-checkbox')
      .filter({ has: page.getByTestId('parcels-filter-incorrect') });
    await expect(incorrect).toHaveText(t('parcels.filter.incorrect'));
    const asked = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/order/get/list') &&
        (r.request().postData() ?? '').includes('"incorrect":true'),
    );
    await incorrect.click();
    await asked;
    await parcels.expectCount(1, 1);
    await expect(parcels.cells('internalNumber')).toHaveText([unrouted.internalNumber]);
    // "Reset filters" brings both back (the search is not a filter: it stays, and the list is asked again with it).
    const reset = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/order/get/list') &&
        (r.request().postData() ?? '').includes(tag) &&
        !(r.request().postData() ?? '').includes('"incorrect":true'),
    );
    await page.getByTestId('parcels-filter-reset').click();
    await reset;
    await expect(parcels.search).toHaveValue(tag);
    await parcels.expectCount(2, 2);
  });

  test("a colleague's status change reaches a client user's open list without a reload @pl", async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const tag = uniqueTag('pl');
    const client = await createClient(request, api);
    const other = await createClient(request, api);
    const mine = await createParcel(request, api, client.id, { referenceNumber: `${tag}-mine` });
    await createParcel(request, api, other.id, { referenceNumber: `${tag}-theirs` });
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const { page, signIn } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    await signIn.startSession(user);
    await parcels.goto();
    await parcels.searchFor(tag);
    // The client user sees its own client's parcel only.
    await parcels.expectCount(1, 1);
    await expect(parcels.cells('internalNumber')).toHaveText([mine.internalNumber]);
    await expect(parcels.cells('status')).toHaveText([t('parcels.status.new')]);

    await setParcelStatus(request, api, mine.id, 'inTransport');
    await expect(parcels.cells('status')).toHaveText([t('parcels.status.inTransport')]);
    await expect(parcels.body.locator('.depot-row-flash').first()).toBeVisible();
    await setParcelStatus(request, api, mine.id, 'delivered');
    await expect(await parcels.statusOf(mine.internalNumber)).toHaveText(t('parcels.status.delivered'));
  });

  test('bulk labels: picked parcels download at once, a larger selection runs as a job with progress @both', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const tag = uniqueTag('pp');
    // Labels come as one PDF, whether the client combines them or not (decision 0121).
    const client = await createClient(request, api, { combineLabels: false });
    const made: ParcelView[] = [];
    for (let i = 0; i < 5; i++)
      made.push(await createParcel(request, api, client.id, { referenceNumber: `${tag}-${i}` }));
    const operator = await api.createUser({ role: 'operator' });
    const { page, signIn, shell } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    await signIn.startSession(operator);
    await parcels.goto();
    await parcels.searchFor(tag);
    await parcels.expectCount(5, 5);

    // Two picked parcels: at most LABELS_DIRECT_MAX_PARCELS (3 on the e2e server), so the file comes at once.
    await parcels.toggleRow(made[0].internalNumber);
    await parcels.toggleRow(made[4].internalNumber);
    const direct = await parcels.downloadBy(parcels.printLabels);
    expect(await head(direct)).toBe('%PDF');
    expect(direct.suggestedFilename()).toBe('labels.pdf');
    await expect(
      shell.toast('success', lang === 'pl' ? 'PDF zawiera 2 etykiety' : 'PDF has 2 labels'),
    ).toBeVisible();

    // Select all (5 > 3): the server resolves the selection, the labels run as a job with a progress bar.
    await page.getByTestId('list-selected').waitFor();
    await parcels.selectAll();
    await parcels.selectAll();
    await expect(parcels.selected).toContainText('5');
    const sawProgress = await parcels.watchFor('export-progress');
    await parcels.printLabels.click();
    const ready = page.getByTestId('export-ready');
    await expect(ready).toBeVisible({ timeout: 20_000 });
    expect(await sawProgress()).toBe(true);
    const toast = page.locator('.bp6-toast').filter({ has: ready });
    const download = page.waitForEvent('download');
    await toast.getByRole('button', { name: t('export.download') }).click();
    const bulk = await download;
    expect(await head(bulk)).toBe('%PDF');
    expect(bulk.suggestedFilename()).toBe('labels.pdf');
  });
});
