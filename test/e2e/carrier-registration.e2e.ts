import { readFile } from 'node:fs/promises';
import { uniqueTag } from './support/api';
import { axeViolations } from './support/axe';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { openPath } from './support/navigate';
import { createParcel } from './support/parcels';
import { ParcelsListPage } from './pages/ParcelsListPage';

/**
 * Registration at the carrier (decision 0147) against the demo's carrier sandboxes (decision 0148): the e2e server
 * runs the README's start command (demo data, no carrier URL), so its carriers are the local sandboxes, marked
 * "sandbox". It sends new parcels only on "send to carrier" (CARRIER_REGISTRATION_ON_CREATE=false, so the other
 * suites' parcels stay unregistered) and its sandboxes move a shipment one step every 2 seconds.
 */
test.describe('registration at the carrier', () => {
  test('a parcel sent to its carrier gets the carrier’s number and label; its carrier’s tracking arrives live in the list @en', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const tag = uniqueTag('reg');
    const client = await createClient(request, api);
    const parcel = await createParcel(request, api, client.id, { referenceNumber: tag });
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    await signIn.startSession(admin);

    // Not sent yet; its carrier is a sandbox, said beside its name and on the card.
    await openPath(page, `/orders/edit/${parcel.id}`);
    const card = page.getByTestId('parcel-registration');
    await expect(card.getByTestId('parcel-registration-state')).toHaveAttribute('data-state', 'none');
    await expect(card.getByTestId('parcel-registration-state')).toHaveText(
      t('parcelDetails.registration.none'),
    );
    await expect(card.getByTestId('parcel-registration-sandbox')).toHaveText(t('carriers.sandbox'));
    await expect(page.getByTestId('parcel-routing').getByTestId('carrier-sandbox')).toHaveText(
      t('carriers.sandbox'),
    );
    await expect(page.getByTestId('parcel-number-externalNumber')).toHaveText('—');

    // Sent: registered, the carrier's number on the parcel, its label downloadable (a real PDF).
    await card.getByTestId('parcel-send-to-carrier').click();
    await expect(shell.toast('success', t('parcelDetails.registration.sent'))).toBeVisible();
    await expect(card.getByTestId('parcel-registration-state')).toHaveAttribute('data-state', 'registered');
    await expect(page.getByTestId('parcel-number-externalNumber')).not.toHaveText('—');
    const externalNumber = (await page.getByTestId('parcel-number-externalNumber').textContent())!.trim();
    expect(externalNumber.length).toBeGreaterThan(5);
    await expect(card.getByTestId('parcel-send-to-carrier')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await card.getByTestId('parcel-carrier-label').click();
    const file = await readFile(await (await download).path());
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await axeViolations(page)).toEqual([]);

    // The sandbox moves it along; "Refresh statuses" reads its tracking, and the list row changes live.
    const parcels = new ParcelsListPage(page, t, lang);
    await parcels.goto();
    await parcels.searchFor(tag);
    await parcels.expectCount(1, 1);
    await expect(parcels.cells('status').first()).toHaveText(t('parcels.status.new'));
    await expect(parcels.cells('carrier').first().getByTestId('carrier-sandbox')).toHaveText(
      t('carriers.sandbox'),
    );
    await parcels.toggleRow(parcel.internalNumber);
    await page.getByTestId('parcels-refresh-statuses').click();
    await expect(shell.toast('info', t('parcels.refresh.mayTakeAWhile'))).toBeVisible();
    await expect(page.getByTestId('parcels-refresh-done')).toBeVisible({ timeout: 20_000 });
    const moved = ['pickup', 'parcelCenter', 'inTransport', 'inDelivery', 'delivered'].map((s) =>
      t(`parcels.status.${s}`),
    );
    await expect(parcels.cells('status').first()).toHaveText(new RegExp(`^(${moved.join('|')})$`));

    // Its page shows the carrier's own code and words in the history.
    await openPath(page, `/orders/edit/${parcel.id}`);
    await expect(page.getByTestId('parcel-history')).toContainText(/\S/);
    await expect(page.getByTestId('parcel-status')).not.toHaveText(t('parcels.status.new'));
  });

  test('the carrier refuses what it cannot carry: its reason is shown under the field, and corrected, the parcel is registered @pl', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const client = await createClient(request, api);
    // The parcel goes PL → DE with DPD, whose services refuse a Polish postal code that is not five digits.
    const parcel = await createParcel(request, api, client.id, {
      pickupAddress: {
        name: 'Sklep Łódź',
        street: 'Piotrkowska',
        building: '5',
        city: 'Łódź',
        zipCode: '9001',
        country: 'PL',
        phone: '+48 600 100 200',
        email: 'sklep@example.pl',
      },
    });
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    await signIn.startSession(admin);
    await openPath(page, `/orders/edit/${parcel.id}`);
    const card = page.getByTestId('parcel-registration');
    await card.getByTestId('parcel-send-to-carrier').click();
    await expect(shell.toast('error', t('parcelDetails.registration.refused'))).toBeVisible();
    await expect(card.getByTestId('parcel-registration-state')).toHaveAttribute('data-state', 'rejected');
    const error = card.getByTestId('parcel-registration-error').first();
    await expect(error).toHaveAttribute('data-field', 'pickupAddress.zipCode');
    await expect(error.locator('strong')).toHaveText(
      `${t('parcelForm.section.pickupAddress')} – ${t('parcelForm.address.zipCode')}:`,
    );
    // The carrier's words stand under the field itself, too.
    const field = page
      .locator('.bp6-form-group')
      .filter({ has: page.locator('label[for="parcel-pickupAddress-zipCode"]') });
    await expect(field.locator('.bp6-form-helper-text')).not.toBeEmpty();
    expect(await axeViolations(page)).toEqual([]);

    // Corrected and saved: sent again at once, and registered.
    await page.locator('#parcel-pickupAddress-zipCode').fill('90-001');
    await page.getByTestId('parcel-save').click();
    await expect(card.getByTestId('parcel-registration-state')).toHaveAttribute('data-state', 'registered', {
      timeout: 15_000,
    });
    await expect(field.locator('.bp6-form-helper-text')).toHaveCount(0);
  });
});
