/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { createClient } from './support/clients';
import { GroupsApi } from './support/client-groups';
import { expect, test } from './support/fixtures';
import { CATALOGUES, pageTitle, type Lang, type Translate } from './support/i18n';
import { MatricesApi } from './support/matrices';
import { createParcel } from './support/parcels';

/**
 * Every screen of the panel, opened once in each language (`@both`): the screen is there, names itself in the
 * browser title in that language, `<html lang>` says the language, no message id is shown raw instead of its text,
 * and the page throws nothing. The behaviour tests run most screens in one language only (docs/testing.md); this
 * walk keeps every screen rendered in both. A per-screen check for both languages (such as an accessibility scan)
 * belongs here.
 */

/** A screen: where it is, its root test id, and the i18n id of its title. */
interface Screen {
  path: string;
  root: string;
  titleId: string;
  /** A list screen: wait for its "loaded of total" count, so the rows are on screen when the text is read. */
  list?: boolean;
}

/** Words of the page text that look like message ids (`users.title`); none may be a catalogue id. */
const ID_LIKE = /\b[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+\b/g;
const MESSAGE_IDS = new Set(Object.keys(CATALOGUES.en));

async function walk(page: Page, t: Translate, lang: Lang, screens: Screen[]): Promise<void> {
  const errors: string[] = [];
  const onError = (e: Error) => errors.push(`${page.url()}: ${e.message}`);
  page.on('pageerror', onError);
  for (const [i, s] of screens.entries()) {
    await test.step(`${s.path} (${s.titleId})`, async () => {
      // The first screen is loaded; the others are opened by the panel's router, as a click on a link would (a
      // full load per screen would mostly measure starting the panel again).
      if (i === 0) await page.goto(s.path);
      else
        await page.evaluate((path) => {
          window.history.pushState(null, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, s.path);
      const root = page.getByTestId(s.root);
      await expect(root).toBeVisible();
      await expect(page).toHaveTitle(pageTitle(t, s.titleId));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      if (s.list) await expect(page.getByTestId('list-count')).toBeVisible();
      const raw = ((await page.locator('body').innerText()).match(ID_LIKE) ?? []).filter((w) =>
        MESSAGE_IDS.has(w),
      );
      expect(raw, `message ids shown raw on ${s.path}`).toEqual([]);
    });
  }
  page.off('pageerror', onError);
  expect(errors, 'errors thrown by the panel').toEqual([]);
}

test.describe('every screen in the language of the project', () => {
  test('staff screens: dashboard, account, users, clients, client groups, errors @both', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const client = await createClient(request, api);
    const group = await new GroupsApi(request, api).create('FV', [client.id]);
    const other = await api.createUser({ role: 'operator' });
    const admin = await api.createUser({ role: 'admin' });
    await screens.signIn.signIn(admin);

    await walk(screens.page, t, lang, [
      { path: '/', root: 'page-home', titleId: 'page.default' },
      { path: '/account', root: 'page-account', titleId: 'account.title' },
      { path: '/administration/users', root: 'page-users', titleId: 'users.title', list: true },
      { path: '/administration/users/create', root: 'page-user-create', titleId: 'users.createTitle' },
      { path: `/administration/users/edit/${other.id}`, root: 'page-user-edit', titleId: 'users.editTitle' },
      { path: '/administration/clients', root: 'page-clients', titleId: 'clients.title', list: true },
      { path: '/administration/clients/create', root: 'page-client-create', titleId: 'clients.createTitle' },
      {
        path: `/administration/clients/edit/${client.id}`,
        root: 'page-client-edit',
        titleId: 'clients.editTitle',
      },
      {
        path: '/administration/clientsGroups',
        root: 'page-client-groups',
        titleId: 'clientGroups.title',
        list: true,
      },
      {
        path: '/administration/clientsGroups/create',
        root: 'page-client-group-create',
        titleId: 'clientGroups.createTitle',
      },
      {
        path: `/administration/clientsGroups/edit/${group.id}`,
        root: 'page-client-group-edit',
        titleId: 'clientGroups.editTitle',
      },
      { path: '/403', root: 'page-403', titleId: 'page.forbidden' },
      { path: '/no/such/page', root: 'page-404', titleId: 'page.notFound' },
    ]);
  });

  test('staff screens: operators, routing matrices, logs, parcels @both', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const routing = new MatricesApi(request, api);
    const operator = await routing.createOperator();
    const matrix = await routing.createMatrix({
      name: `E2E Walk ${operator.operatorName}`,
      conditions: [
        { pickupCountry: 'PL', destinationCountry: 'DE', maxWeightKg: 30, operatorId: operator.id },
      ],
    });
    const client = await createClient(request, api);
    const parcel = await createParcel(request, api, client.id);
    const admin = await api.createUser({ role: 'admin' });
    await screens.signIn.signIn(admin);

    await walk(screens.page, t, lang, [
      { path: '/administration/operators', root: 'page-operators', titleId: 'operators.title', list: true },
      {
        path: '/administration/operators/create',
        root: 'page-operator-create',
        titleId: 'operators.createTitle',
      },
      {
        path: `/administration/operators/edit/${operator.id}`,
        root: 'page-operator-edit',
        titleId: 'operators.editTitle',
      },
      {
        path: '/administration/operators/replacement',
        root: 'page-operator-replacement',
        titleId: 'replacement.title',
      },
      { path: '/administration/matrixes', root: 'page-matrices', titleId: 'matrices.title', list: true },
      {
        path: '/administration/matrixes/create',
        root: 'page-matrix-create',
        titleId: 'matrices.createTitle',
      },
      {
        path: `/administration/matrixes/edit/${matrix.id}`,
        root: 'page-matrix-edit',
        titleId: 'matrices.editTitle',
      },
      {
        path: `/administration/matrixes/clone/${matrix.id}`,
        root: 'page-matrix-clone',
        titleId: 'matrices.cloneTitle',
      },
      { path: '/administration/logs', root: 'page-logs', titleId: 'logs.title', list: true },
      { path: '/orders', root: 'page-parcels', titleId: 'parcels.title', list: true },
      { path: '/orders/create', root: 'page-parcel-create', titleId: 'parcelForm.createTitle' },
      { path: `/orders/edit/${parcel.id}`, root: 'page-parcel-details', titleId: 'parcelDetails.title' },
    ]);
  });

  test('client user screens, a salesman reading a client, and access disabled @both', async ({
    api,
    request,
    screens,
    openBrowser,
    t,
    lang,
  }) => {
    const client = await createClient(request, api);
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const { token } = await api.signIn(user.email, user.password);
    const res = await request.post('/api/integration/create', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'E2E Walk', type: 'ebay', key: 'walk-key-1234' },
    });
    expect(res.status(), `create integration → ${await res.text()}`).toBe(201);
    const integration = (await res.json()) as { id: string };
    const parcel = await createParcel(request, api, client.id);

    await walk(screens.page, t, lang, [
      { path: '/auth/sign-in', root: 'sign-in-submit', titleId: 'signIn.title' },
    ]);
    await screens.signIn.signIn(user);
    await walk(screens.page, t, lang, [
      { path: '/', root: 'page-home', titleId: 'page.default' },
      { path: '/settings', root: 'page-settings', titleId: 'settings.title' },
      {
        path: '/settings/integrations',
        root: 'page-integrations',
        titleId: 'integrations.title',
        list: true,
      },
      {
        path: '/settings/integrations/create',
        root: 'page-integration-create',
        titleId: 'integrations.createTitle',
      },
      {
        path: `/settings/integrations/edit/${integration.id}`,
        root: 'page-integration-edit',
        titleId: 'integrations.editTitle',
      },
      { path: '/settings/apiKeys', root: 'page-api-keys', titleId: 'apiKeys.title', list: true },
      { path: '/orders', root: 'page-parcels', titleId: 'parcels.title', list: true },
      { path: '/orders/create', root: 'page-parcel-create', titleId: 'parcelForm.createTitle' },
      { path: `/orders/edit/${parcel.id}`, root: 'page-parcel-details', titleId: 'parcelDetails.title' },
    ]);

    // A salesman opens a client read-only.
    const salesman = await api.createUser({ role: 'salesman' });
    const s = await openBrowser();
    await s.signIn.signIn(salesman);
    await walk(s.page, t, lang, [
      {
        path: `/administration/clients/edit/${client.id}`,
        root: 'page-client-edit',
        titleId: 'clients.viewTitle',
      },
    ]);

    // The client's access is disabled: its user sees only the access-disabled page.
    const disabled = await request.put(`/api/client/${client.id}`, {
      headers: { Authorization: `Bearer ${await api.admin()}` },
      data: { disableAccess: true },
    });
    expect(disabled.status(), `disable access → ${await disabled.text()}`).toBe(200);
    await walk(screens.page, t, lang, [
      { path: '/', root: 'page-access-disabled', titleId: 'accessDisabled.title' },
    ]);
  });
});
