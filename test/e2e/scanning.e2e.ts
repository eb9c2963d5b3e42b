import { expect as pwExpect, type APIRequestContext } from '@playwright/test';
import type { ParcelView } from '@depot/contracts';
import { toBuffer } from 'bwip-js';
import { uniqueTag, type DepotApi } from './support/api';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { createParcel } from './support/parcels';
import { DOMESTIC, scanFloor } from './support/scanning';
import { ScanningPage, spySpeech } from './pages/ScanningPage';

/** The parcel as the API has it now, and how many of its status changes came from a scan. */
async function parcelNow(request: APIRequestContext, api: DepotApi, id: string) {
  const res = await request.get(`/api/order/${id}`, {
    headers: { Authorization: `Bearer ${await api.admin()}` },
  });
  pwExpect(res.status()).toBe(200);
  const parcel = (await res.json()) as ParcelView;
  return { status: parcel.status, scans: parcel.statusHistory.filter((h) => h.source === 'scan').length };
}

test.describe('scanning screen (Operating module → Change statuses)', () => {
  test('a wedge scanner burst changes the status (green, its sector in large type and spoken); the same scan again is the info "already scanned" and "Zeskanowano"; no sector is amber and "Brak sektora"; a number typed by hand is refused with virtual scan off; axe; the day report downloads @both', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const tag = uniqueTag('Scan');
    const floor = await scanFloor(request, api, tag);
    const parcel = await createParcel(request, api, floor.sorted.id, DOMESTIC);
    const stray = await createParcel(request, api, floor.unsorted.id, DOMESTIC);
    const warehouse = await api.createUser({ role: 'magazyn' });
    const { page, signIn, shell } = screens;
    await spySpeech(page);
    const ui = new ScanningPage(page, t);
    await signIn.signIn(warehouse);
    await expect(page.getByTestId('nav-/operatingModule/changeStatuses')).toHaveText(
      t('menu.changeStatuses'),
    );
    await ui.goto();
    await expect(ui.input).toBeFocused();
    await expect(page.getByTestId('scan-status')).toHaveValue('inTransport');
    await expect(page.getByTestId('scan-status')).toBeDisabled();
    await ui.useTerminal(`E2E ${tag}`);
    await shell.expectLive();
    await expect(page.getByTestId('scan-recent-empty')).toHaveText(t('scanning.recent.empty'));

    // Virtual scan off: a person typing the number and pressing Enter is not a scan.
    await ui.toggle('virtualScan').click();
    await ui.input.focus();
    await ui.typeByHand(parcel.internalNumber);
    await ui.expectBanner('error', t('scanning.refused.virtualScanOff'));
    await expect(ui.input).toHaveValue('');
    expect(await parcelNow(request, api, parcel.id)).toEqual({ status: 'new', scans: 0 });

    // The scanner's burst: the status changes; the sector in large type, green, and spoken.
    await ui.wedgeScan(parcel.internalNumber);
    await ui.expectBanner('changed', t('scans.outcome.changed'));
    await expect(ui.bannerSector).toHaveText(floor.sector.sectorDescription);
    await expect(ui.bannerNumber).toHaveText(parcel.internalNumber);
    await ui.expectSaid(floor.sector.sectorDescription);
    await expect(ui.recentRows).toHaveCount(1);
    await expect(ui.recentRows.getByTestId('scan-recent-number')).toHaveText([parcel.internalNumber]);
    expect(await parcelNow(request, api, parcel.id)).toEqual({ status: 'inTransport', scans: 1 });

    // Virtual scan back on (the other scans need not prove the detection again).
    await ui.toggle('virtualScan').click();
    await ui.input.focus();

    // The same parcel again (SPEC 8): the info "already scanned", blue, and "Zeskanowano"; nothing changes.
    await ui.wedgeScan(parcel.internalNumber);
    await ui.expectBanner('alreadyScanned', t('scans.outcome.alreadyScanned'));
    await ui.expectSaid('Zeskanowano');
    await expect(ui.recentRows).toHaveCount(2);
    await expect(ui.recentRows.first()).toHaveAttribute('data-outcome', 'alreadyScanned');
    expect(await parcelNow(request, api, parcel.id)).toEqual({ status: 'inTransport', scans: 1 });

    // A parcel whose carrier is in no sector: amber, "No sector" in large type, "Brak sektora" spoken.
    await ui.wedgeScan(stray.internalNumber);
    await ui.expectBanner('noSector', t('scans.outcome.changed'));
    await expect(ui.bannerSector).toHaveText(t('sectors.none'));
    await ui.expectSaid('Brak sektora');
    expect(await parcelNow(request, api, stray.id)).toEqual({ status: 'inTransport', scans: 1 });
    // No dialog took the focus: the next scan goes straight in.
    await expect(ui.input).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);

    // The day's report (today's scans) downloads as xlsx.
    const download = page.waitForEvent('download');
    await page.getByTestId('scan-report-download').click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });

  test('a day without scans: the report answers "No Packages found" in the panel’s language @both', async ({
    api,
    screens,
    t,
  }) => {
    const warehouse = await api.createUser({ role: 'magazyn' });
    const { page, signIn, shell } = screens;
    const ui = new ScanningPage(page, t);
    await signIn.startSession(warehouse);
    await ui.goto();
    await page.getByTestId('scan-report-date').fill('2001-01-01');
    await page.getByTestId('scan-report-download').click();
    await expect(shell.toast('error', t('server.noPackagesFound'))).toBeVisible();
    await expect(page.getByTestId('scan-report-error')).toHaveText(t('server.noPackagesFound'));
  });

  test('manual sending: scans wait in a list (an unknown number is shown and cancelled), one is removed, "Send all" sends the rest once @en', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const tag = uniqueTag('Man');
    const floor = await scanFloor(request, api, tag);
    const [kept, removed] = await Promise.all([
      createParcel(request, api, floor.sorted.id, DOMESTIC),
      createParcel(request, api, floor.sorted.id, DOMESTIC),
    ]);
    const operator = await api.createUser({ role: 'operator' });
    const { page, signIn } = screens;
    const ui = new ScanningPage(page, t);
    await signIn.startSession(operator);
    await ui.goto();
    await ui.useTerminal(`E2E ${tag}`);
    await ui.toggle('autoSend').click();
    await expect(page.getByTestId('scan-queue-empty')).toBeVisible();
    await ui.input.focus();

    await ui.wedgeScan(kept.internalNumber);
    await expect(ui.banner).toHaveAttribute('data-phase', 'queued');
    await ui.wedgeScan(`NOPE${tag}`);
    await ui.expectBanner('error', t('server.parcelNotFound'));
    // A scanner firing while the focus is in another field still scans; the field keeps only what a person typed.
    const description = page.getByTestId('scan-description');
    await description.fill('Rampa 3');
    await ui.wedgeScan(removed.internalNumber);
    await expect(description).toHaveValue('Rampa 3');
    await expect(ui.input).toBeFocused();
    await expect(ui.queueRows.getByTestId('scan-queue-number')).toHaveText([
      kept.internalNumber,
      removed.internalNumber,
    ]);
    await expect(page.getByText(t('scanning.queue.title', { count: 2 }))).toBeVisible();
    // Queued, not sent.
    expect(await parcelNow(request, api, kept.id)).toEqual({ status: 'new', scans: 0 });

    await ui.queueRows.nth(1).getByTestId('scan-queue-remove').click();
    await expect(ui.queueRows).toHaveCount(1);
    // A scan reset reloads the page 2 s later (SPEC 9); the list is kept on the device.
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('scan-reset').click();
    await expect(page.getByTestId('scan-reset')).toHaveText(t('scanning.resetting'));
    await reloaded;
    await expect(ui.root).toBeVisible();
    await expect(ui.banner).toHaveAttribute('data-phase', 'idle');
    await expect(ui.queueRows.getByTestId('scan-queue-number')).toHaveText([kept.internalNumber]);
    await page.getByTestId('scan-send-all').click();
    await expect(page.getByTestId('scan-queue-empty')).toBeVisible();
    await expect(ui.recentRows).toHaveCount(1);
    expect(await parcelNow(request, api, kept.id)).toEqual({ status: 'inTransport', scans: 1 });
    expect(await parcelNow(request, api, removed.id)).toEqual({ status: 'new', scans: 0 });
  });

  test('offline: the scan waits on the device ("waiting to send (1)") and is sent once when the connection returns @pl', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const tag = uniqueTag('Off');
    const floor = await scanFloor(request, api, tag);
    const parcel = await createParcel(request, api, floor.sorted.id, DOMESTIC);
    const warehouse = await api.createUser({ role: 'magazyn' });
    const { page, signIn, shell } = screens;
    const ui = new ScanningPage(page, t);
    await signIn.startSession(warehouse);
    await ui.goto();
    await ui.useTerminal(`E2E ${tag}`);
    await shell.expectLive();

    await page.context().setOffline(true);
    await ui.wedgeScan(parcel.internalNumber);
    await expect(ui.waiting).toHaveText(ui.waitingText(1));
    await expect(page.getByTestId('scan-offline')).toHaveText(t('scanning.offline'));
    await expect(ui.banner).toHaveAttribute('data-phase', 'waiting');
    // Kept on the device (it survives a reload: apps/web outbox.spec.ts).
    const stored = await page.evaluate(() => localStorage.getItem('depot.scan.outbox') ?? '');
    expect(stored).toContain(parcel.internalNumber);
    expect(await parcelNow(request, api, parcel.id)).toEqual({ status: 'new', scans: 0 });

    // Back online, but the scan call still fails (a flaky Wi-Fi): a reload keeps the scan waiting on the device.
    const SEND = '**/api/operatingModule/setStatusForArrayOfExtNrs';
    await page.route(SEND, (route) => route.abort('connectionreset'));
    await page.context().setOffline(false);
    await page.reload();
    await expect(ui.root).toBeVisible();
    await expect(ui.waiting).toHaveText(ui.waitingText(1));
    expect(await parcelNow(request, api, parcel.id)).toEqual({ status: 'new', scans: 0 });

    // The connection holds again: the outbox drains by itself (its retry), once.
    await page.unroute(SEND);
    await expect(ui.waiting).toBeHidden({ timeout: 15_000 });
    await expect(ui.recentRows).toHaveCount(1);
    expect(await parcelNow(request, api, parcel.id)).toEqual({ status: 'inTransport', scans: 1 });
  });

  test('the camera: a photo of a Code128 label (bwip-js) is decoded by quagga2 in the browser and scanned @en', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const tag = uniqueTag('Cam');
    const floor = await scanFloor(request, api, tag);
    const parcel = await createParcel(request, api, floor.sorted.id, DOMESTIC);
    const warehouse = await api.createUser({ role: 'magazyn' });
    const { page, signIn } = screens;
    const ui = new ScanningPage(page, t);
    await signIn.startSession(warehouse);
    await ui.goto();
    await ui.useTerminal(`E2E ${tag}`);
    const label = await toBuffer({
      bcid: 'code128',
      text: parcel.internalNumber,
      scale: 3,
      height: 15,
      paddingwidth: 24,
      paddingheight: 24,
      backgroundcolor: 'FFFFFF',
    });
    await page.getByTestId('scan-camera-toggle').click();
    await expect(page.getByTestId('scan-camera')).toBeVisible();
    await page.getByTestId('scan-camera-photo').setInputFiles({
      name: 'label.png',
      mimeType: 'image/png',
      buffer: label,
    });
    await expect(ui.bannerNumber).toHaveText(parcel.internalNumber);
    await ui.expectBanner('changed', t('scans.outcome.changed'));
    expect(await parcelNow(request, api, parcel.id)).toEqual({ status: 'inTransport', scans: 1 });
  });
});
