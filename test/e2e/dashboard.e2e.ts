import { warsawDay } from '@depot/contracts';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { createParcel, setParcelStatus } from './support/parcels';
import { joinedRoom } from './support/realtime';
import { ParcelsListPage } from './pages/ParcelsListPage';

/**
 * The dashboard (decision 0123): a client user's parcels of today (Warsaw day) by status, each count a link to the
 * parcels list filtered that way, what needs attention and the jobs under way; live, without a reload.
 */
test.describe('dashboard', () => {
  test("a client user's parcels of today follow parcels made and changed elsewhere, and open the list @en", async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const client = await createClient(request, api);
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const { page, signIn } = screens;
    const live = joinedRoom(page, `list:parcels:${client.id}`);
    await signIn.signIn(user);
    const today = page.getByTestId('dashboard-today');
    const day = warsawDay(new Date());
    await expect(today.getByRole('heading', { level: 2 })).toHaveText(t('home.today', { day }));
    await expect(page.getByTestId('dashboard-today-none')).toHaveText(t('home.todayNone'));
    await expect(page.getByTestId('dashboard-attention-none')).toHaveText(t('home.attentionNone'));
    await expect(page.getByTestId('dashboard-jobs-none')).toHaveText(t('home.jobsNone'));
    await live;

    // A parcel made elsewhere (the admin, through the API) appears without a reload.
    const first = await createParcel(request, api, client.id);
    const statusNew = page.getByTestId('dashboard-status-new');
    await expect(statusNew).toHaveText(t('home.statusLink', { status: t('parcels.status.new'), count: 1 }));
    await expect(page.getByTestId('dashboard-today-total')).toHaveText(
      lang === 'pl' ? '1 paczka utworzona dzisiaj' : '1 parcel created today',
    );
    await createParcel(request, api, client.id);
    await expect(statusNew).toHaveText(t('home.statusLink', { status: t('parcels.status.new'), count: 2 }));
    // …and a status changed elsewhere moves it between the counts; one that cannot be routed needs attention.
    await setParcelStatus(request, api, first.id, 'problem');
    await expect(statusNew).toHaveText(t('home.statusLink', { status: t('parcels.status.new'), count: 1 }));
    await expect(page.getByTestId('dashboard-status-problem')).toHaveText(
      t('home.statusLink', { status: t('parcels.status.problem'), count: 1 }),
    );
    await expect(page.getByTestId('dashboard-problem')).toHaveText(
      lang === 'pl' ? '1 paczka ma problem' : '1 parcel has a problem',
    );
    await createParcel(request, api, client.id, { weightKg: '80' });
    await expect(page.getByTestId('dashboard-unroutable')).toHaveText(
      lang === 'pl' ? '1 nowej paczki nie da się przypisać do przewoźnika' : '1 new parcel cannot be routed',
    );
    await expect(page.getByTestId('dashboard-today-total')).toHaveText(
      lang === 'pl' ? '3 paczki utworzone dzisiaj' : '3 parcels created today',
    );

    // The count opens the parcels list filtered to that status and day.
    await page.getByTestId('dashboard-status-problem').click();
    await expect(page).toHaveURL(new RegExp(`/orders\\?statuses=problem&dateFrom=${day}&dateTo=${day}$`));
    const parcels = new ParcelsListPage(page, t, lang);
    await parcels.expectCount(1, 1);
    await expect(parcels.cells('internalNumber')).toHaveText([first.internalNumber]);
  });
});
