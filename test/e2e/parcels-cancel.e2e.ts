import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { createParcel, setParcelStatus } from './support/parcels';
import { openPath } from './support/navigate';

/**
 * "Cancel parcel" in the parcel page's dots menu (decision 0100): after a confirmation, a new parcel is cancelled
 * at once and kept (decision 0115: its page shows it canceled, the list finds it); one already handed to a carrier goes "to cancel" and the `parcels.cancel` job's answer follows
 * in a toast, the status and the history changing live. The e2e server configures no carrier API, so the carrier
 * is not asked: the parcel is cancelled here only, with the note saying to cancel it at the carrier by hand.
 */
test.describe('cancel a parcel from its page', () => {
  test('a new parcel is cancelled at once; one handed to a carrier through the cancellation job @pl', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const client = await createClient(request, api);
    const fresh = await createParcel(request, api, client.id);
    const handed = await createParcel(request, api, client.id);
    await setParcelStatus(request, api, handed.id, 'pickup');
    const operator = await api.createUser({ role: 'operator' });
    const { page, signIn, shell } = screens;
    await signIn.signIn(operator);

    const cancelFromMenu = async (number: string) => {
      await page.getByTestId('parcel-menu-open').click();
      await page.getByTestId('parcel-menu-cancel').click();
      await expect(page.getByTestId('parcel-cancel-question')).toHaveText(
        t('parcelMenu.cancelQuestion', { number }),
      );
      await page.getByRole('button', { name: t('parcelMenu.cancelConfirm'), exact: true }).click();
    };

    // Keeping it changes nothing.
    await openPath(page, `/orders/edit/${fresh.id}`);
    await page.getByTestId('parcel-menu-open').click();
    await page.getByTestId('parcel-menu-cancel').click();
    await page.getByRole('button', { name: t('parcelMenu.keep') }).click();
    await expect(page.getByTestId('parcel-status')).toHaveText(t('parcels.status.new'));

    // New: cancelled at once and kept, its page showing it canceled; the list finds it among the canceled.
    await cancelFromMenu(fresh.internalNumber);
    await expect(
      shell.toast('success', t('parcelMenu.cancelled', { number: fresh.internalNumber })),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/orders/edit/${fresh.id}$`));
    await expect(page.getByTestId('parcel-status')).toHaveText(t('parcels.status.canceled'));
    await expect(page.getByTestId('parcel-history')).toContainText(t('parcels.status.canceled'));
    await openPath(page, '/orders');
    await page.getByTestId('parcels-search').fill(fresh.internalNumber);
    // The search settles into the URL before the next page is opened (as a person reads the result first).
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(page.getByTestId('parcels-list')).toContainText(fresh.internalNumber);
    await expect(page.getByTestId('parcels-list')).toContainText(t('parcels.status.canceled'));

    // Handed to a carrier: "to cancel", then the job's answer; the page follows live.
    await openPath(page, `/orders/edit/${handed.id}`);
    await expect(page.getByTestId('parcel-status')).toHaveText(t('parcels.status.pickup'));
    await cancelFromMenu(handed.internalNumber);
    await expect(
      shell.toast('info', t('parcelMenu.cancelSent', { number: handed.internalNumber })),
    ).toBeVisible();
    await expect(
      shell.toast('warning', t('parcels.cancel.result', { canceled: 0, refused: 0, failed: 0, notAsked: 1 })),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('parcel-status')).toHaveText(t('parcels.status.canceled'));
    await expect(page.getByTestId('parcel-history')).toContainText(t('parcels.carrierNote.notAsked'));
    // A cancelled parcel offers no cancelling any more.
    await page.getByTestId('parcel-menu-open').click();
    await expect(page.getByTestId('parcel-menu')).toBeVisible();
    await expect(page.getByTestId('parcel-menu-cancel')).toHaveCount(0);
  });
});
