/// <reference lib="dom" />
import type { APIRequestContext } from '@playwright/test';
import type { ParcelListItem, ParcelView } from '@depot/contracts';
import { uniqueTag } from './support/api';
import { axeViolations } from './support/axe';
import { GroupsApi } from './support/client-groups';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { openPath } from './support/navigate';
import { createParcel } from './support/parcels';
import { LogsPage } from './pages/LogsPage';
import { ParcelsListPage } from './pages/ParcelsListPage';

/**
 * Dense tables that fit (issue 13 item 7, decision 0122), at 1280×800: the column chooser kept per user across a
 * reload, a filtered and sorted list opened from its URL (a forged one falls back to the defaults), `/` focusing the
 * search, rows whose first cell links to the parcel, and weight, COD and created on screen.
 */
test.use({ viewport: { width: 1280, height: 800 } });

// The view in the URL, '/' and row links work the same in both languages: they run in pl only (docs/testing.md);
// the column chooser and the 1280 px fit depend on the language's words and run in both.
test.describe('dense tables', () => {
  test('the column chooser hides a column, and the choice is kept after a reload @en', async ({
    api,
    screens,
    request,
    t,
    lang,
  }) => {
    const client = await createClient(request, api);
    await createParcel(request, api, client.id, { referenceNumber: uniqueTag('tc') });
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    await signIn.startSession(admin);
    await parcels.goto();
    await expect(parcels.cells('source').first()).toBeVisible();

    await page.getByTestId('list-columns').click();
    const menu = page.getByTestId('list-columns-menu');
    await expect(menu).toBeVisible();
    // The first column links to the parcel: it cannot be hidden.
    await expect(menu.getByTestId('list-column-internalNumber')).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);
    await menu.getByText(t('parcels.field.source'), { exact: true }).click();
    await expect(parcels.cells('source')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.reload();
    await parcels.expectShown();
    await expect(parcels.cells('internalNumber').first()).toBeVisible();
    await expect(parcels.cells('source')).toHaveCount(0);

    await page.getByTestId('list-columns').click();
    await page.getByTestId('list-columns-reset').click();
    await expect(parcels.cells('source').first()).toBeVisible();
  });

  test('a filtered and sorted list opens from its URL; a forged URL gives the defaults @pl', async ({
    api,
    screens,
    request,
    t,
    lang,
  }) => {
    const tag = uniqueTag('tu');
    const client = await createClient(request, api);
    const made: ParcelView[] = [];
    for (const weightKg of ['7', '1.5', '3'])
      made.push(
        await createParcel(request, api, client.id, { referenceNumber: `${tag}-${weightKg}`, weightKg }),
      );
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    // The header the person sees (the table's top quadrant draws it).
    const sortButton = (field: string) =>
      parcels.list.locator('.bp6-table-quadrant-top').getByTestId(`sort-${field}`);
    await signIn.startSession(admin);

    await page.goto(`/orders?search=${tag}&statuses=new&sort=weightKg&dir=asc`);
    await expect(parcels.search).toHaveValue(tag);
    await expect(sortButton('weightKg')).toHaveAttribute('data-sort', 'asc');
    await parcels.expectCount(3, 3);
    const byWeight = [made[1], made[2], made[0]].map((p) => p.internalNumber);
    await expect(parcels.cells('internalNumber')).toHaveText(byWeight);

    // A header click writes the order into the URL; back brings the earlier order again.
    await sortButton('weightKg').click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect(parcels.cells('internalNumber')).toHaveText([...byWeight].reverse());
    await page.goBack();
    await expect(page).toHaveURL(/dir=asc/);
    await expect(parcels.cells('internalNumber')).toHaveText(byWeight);

    // Forged and stale values are dropped without an error: the defaults (newest first) with the search kept.
    await page.goto(`/orders?search=${tag}&statuses=lost&sort=password&dir=sideways&colour=red`);
    await expect(parcels.search).toHaveValue(tag);
    await parcels.expectCount(3, 3);
    await expect(sortButton('createdAt')).toHaveAttribute('data-sort', 'desc');
    await expect(page.locator('.bp6-toast')).toHaveCount(0);
  });

  test('every list keeps its view in the URL: the users role filter and the log typed filters @pl', async ({
    api,
    screens,
    request,
    t,
    lang,
  }) => {
    const admin = await api.createUser({ role: 'admin' });
    const token = (await api.signIn(admin.email, admin.password)).token;
    const groups = new GroupsApi(request, api);
    const group = await groups.create('FV', [], `E2E Tables ${uniqueTag('Tg')}`, token);
    const { page, signIn, users } = screens;
    await signIn.startSession(admin);

    // A filter chosen on screen is written into the URL; back takes it away again.
    await users.goto();
    await users.roleFilter.selectOption('salesman');
    await expect(page).toHaveURL(/\/administration\/users\?roles=salesman$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/administration\/users$/);
    await expect(users.roleFilter).toHaveValue('');

    // A client filter from a URL holds the client's id: the picker shows the client's name.
    const client = await createClient(request, api);
    await page.goto(`/administration/users?clientId=${client.id}`);
    await expect(page.getByTestId('users-filter-client')).toHaveValue(client.companyName);

    // The log opens filtered from its URL; a forged day is dropped, the rest kept.
    const logs = new LogsPage(page, t, lang);
    await page.goto(`/administration/logs?entityId=${group.id}&from=yesterday`);
    await expect(logs.entityIdFilter).toHaveValue(group.id);
    await expect(logs.from).toHaveValue('');
    await logs.expectCount(1, 1);
    await expect(logs.cells('type')).toHaveText([t('logs.type.clientGroup.create')]);
  });

  test('`/` focuses the search, except while typing in a field @pl', async ({ api, screens, t, lang }) => {
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    await signIn.startSession(admin);
    await parcels.goto();
    await expect(parcels.search).not.toBeFocused();
    await page.locator('body').press('/');
    await expect(parcels.search).toBeFocused();
    await expect(parcels.search).toHaveValue('');
    await page.keyboard.type('ab/c');
    await expect(parcels.search).toHaveValue('ab/c');

    // In another field `/` is a character: the client search keeps the focus and gets the slash.
    const clientField = page.getByTestId('parcels-filter-client');
    await clientField.click();
    await page.keyboard.type('x/');
    await expect(clientField).toBeFocused();
    await expect(clientField).toHaveValue('x/');
    await expect(parcels.search).toHaveValue('ab/c');
  });

  test('a row links to its parcel: the link has the page, Ctrl+click opens a new tab, a click opens it here @pl', async ({
    api,
    screens,
    request,
    t,
    lang,
  }) => {
    const tag = uniqueTag('tl');
    const client = await createClient(request, api);
    const parcel = await createParcel(request, api, client.id, { referenceNumber: tag });
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    await signIn.startSession(admin);
    await parcels.goto();
    await parcels.searchFor(tag);
    const link = parcels.body.getByTestId('row-link');
    await expect(link).toHaveAttribute('href', `/orders/edit/${parcel.id}`);
    await expect(link).toHaveText(parcel.internalNumber);

    const opened = page.context().waitForEvent('page');
    await link.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await expect(tab).toHaveURL(new RegExp(`/orders/edit/${parcel.id}$`));
    await tab.close();
    await expect(page).toHaveURL(/\/orders\?search=/);

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/orders/edit/${parcel.id}$`));
  });

  test('a search that settles while the next page loads does not pull the list back @pl', async ({
    api,
    screens,
    request,
    t,
    lang,
  }) => {
    const client = await createClient(request, api);
    const parcel = await createParcel(request, api, client.id, { referenceNumber: uniqueTag('tr') });
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    await signIn.startSession(admin);
    await parcels.goto();
    // The parcel page's code is held back, so the search box settles (250 ms) while the router is on its way out.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = page.waitForRequest(/\/assets\/ParcelDetailsPage-[\w-]+\.js$/);
    await page.route(/\/assets\/ParcelDetailsPage-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('parcels-search').fill(parcel.internalNumber);
    await openPath(page, `/orders/edit/${parcel.id}`);
    await asked;
    // Longer than the search box's rest: without the guard, its write would navigate back to the list here.
    await page.waitForTimeout(600);
    release();
    await expect(page.getByTestId('page-parcel-details')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/orders/edit/${parcel.id}$`));
  });

  test('weight, COD and created are on screen at 1280 px; a carrier number is whole; the details page fits @both', async ({
    api,
    screens,
    request,
    t,
    lang,
  }) => {
    const tag = uniqueTag('tw');
    const client = await createClient(request, api);
    await createParcel(request, api, client.id, {
      referenceNumber: tag,
      cod: { amountCOD: '123.45', codCurrency: 'PLN' },
    });
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const parcels = new ParcelsListPage(page, t, lang);
    await signIn.startSession(admin);
    await parcels.goto();
    await parcels.searchFor(tag);
    for (const column of ['weightKg', 'cod', 'createdAt'])
      await expect(parcels.cells(column).first()).toBeInViewport({ ratio: 1 });
    await expect(parcels.cells('cod').first()).toContainText(lang === 'pl' ? '123,45' : '123.45');

    // A demo parcel the carrier numbered: the number is whole in its title and behind its copy button.
    const tracked = await demoParcelWithCarrierNumber(request, await api.admin());
    const externalNumber = tracked.externalNumber ?? '';
    await parcels.searchFor(externalNumber);
    const number = parcels.body.getByTestId('parcel-external-number').first();
    await expect(number).toHaveAttribute('title', externalNumber);
    await expect(
      parcels.body.getByRole('button', { name: t('list.copy', { value: externalNumber }) }).first(),
    ).toBeVisible();

    await page.goto(`/orders/edit/${tracked.id}`);
    const shown = page.getByTestId('parcel-number-externalNumber');
    await expect(shown).toHaveText(externalNumber);
    await expect(shown).toBeInViewport({ ratio: 1 });
    // Nothing of the details reaches past the window's right edge.
    for (const id of ['parcel-summary', 'parcel-created-at', 'parcel-number-lastMileNumber']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x + box.width, id).toBeLessThanOrEqual(1280);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/** The oldest listed parcel that has a carrier's number (the demo data numbers those handed over). */
async function demoParcelWithCarrierNumber(
  request: APIRequestContext,
  token: string,
): Promise<ParcelListItem> {
  const res = await request.post('/api/order/get/list', {
    headers: { Authorization: `Bearer ${token}` },
    data: { limit: 50, orderBy: { field: 'createdAt', direction: 'asc' } },
  });
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: ParcelListItem[] };
  const found = items.find((p) => p.externalNumber);
  if (!found) throw new Error('no demo parcel has a carrier number');
  return found;
}
