import { readFile } from 'node:fs/promises';
import type { ConsolidationView, OperatorView } from '@depot/contracts';
import { uniqueTag } from './support/api';
import { axeViolations } from './support/axe';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { MatricesApi } from './support/matrices';
import { createParcel } from './support/parcels';
import { ConsolidationsPage } from './pages/ConsolidationsPage';

test.describe('consolidations', () => {
  test('the warehouse builds a car consolidation, a Landmark parcel is refused with the car mix message, the label is printed, the list shows it; axe finds nothing @pl', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    // A Landmark Global carrier, routed for one client's domestic parcels; another client's parcels go the usual way.
    const tag = uniqueTag('Kon');
    const matrices = new MatricesApi(request, api);
    const created = await request.post('/api/operator/create', {
      headers: { Authorization: `Bearer ${await api.admin()}` },
      data: {
        operatorName: `E2E Landmark ${tag}`,
        operatorType: 'LANDMARK',
        config: { login: 'e2e', password: 'e2e-secret', clientId: '1234', environment: 'sandbox' },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const landmark = (await created.json()) as OperatorView;
    const matrix = await matrices.createMatrix({
      name: `E2E Landmark ${tag}`,
      conditions: [
        { pickupCountry: 'PL', destinationCountry: 'PL', maxWeightKg: 30, operatorId: landmark.id },
      ],
    });
    const lmClient = await createClient(request, api, { domesticMatrixTitle: matrix.name });
    const client = await createClient(request, api);
    const lmParcel = await createParcel(request, api, lmClient.id, {
      destinationAddress: {
        name: 'Jan Nowak',
        street: 'Długa',
        building: '2',
        city: 'Gdańsk',
        zipCode: '80-001',
        country: 'PL',
        phone: '+48 600 300 400',
        email: 'jn@example.pl',
      },
    });
    expect(lmParcel.operatorId).toBe(landmark.id);
    const first = await createParcel(request, api, client.id);
    const second = await createParcel(request, api, client.id);
    const warehouse = await api.createUser({ role: 'magazyn' });

    const { page, signIn, shell } = screens;
    const ui = new ConsolidationsPage(page, t, lang);
    await signIn.signIn(warehouse);
    await expect(page.getByTestId('nav-/operatingModule/consolidation/create')).toHaveText(
      t('menu.consolidationCreate'),
    );
    await page.getByTestId('nav-/operatingModule/consolidation/create').click();
    await expect(page.getByTestId('page-consolidation-create')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A car needs its driver and registration number: both messages, in the panel's language.
    await ui.save.click();
    await expect(ui.fieldError('driver')).toHaveText(t('server.consolidationDriverRequired'));
    await expect(ui.fieldError('registrationNumber')).toHaveText(
      t('server.consolidationRegistrationRequired'),
    );
    await ui.driver.fill('Józef Źrebięcki');
    await ui.registrationNumber.fill('FZ 4321K');
    await ui.save.click();
    await expect(ui.details).toBeVisible();
    const barcode = (await ui.barcode.textContent())!.trim();
    expect(barcode).toMatch(/^CS\d{10}$/);
    await expect(shell.toast('success', t('consolidations.created', { number: barcode }))).toBeVisible();
    await expect(page.getByTestId('consolidation-parcels-empty')).toHaveText(t('consolidations.noParcels'));

    // Parcels go in as a scanner types them: the add box keeps the focus for the next one.
    await ui.scan(first.internalNumber);
    await expect(ui.parcelNumbers).toHaveText([first.internalNumber]);
    await expect(ui.addNumber).toBeFocused();
    await expect(ui.addNumber).toHaveValue('');
    await ui.scan(second.internalNumber);
    await expect(ui.parcelNumbers).toHaveText([first.internalNumber, second.internalNumber]);
    await expect(page.getByTestId('consolidation-count')).toHaveText('2');

    // A Landmark parcel is refused: the car holds other parcels already.
    await ui.scan(lmParcel.internalNumber);
    await expect(ui.failure).toHaveText(t('server.consolidationMixCar'));
    await expect(ui.parcelNumbers).toHaveText([first.internalNumber, second.internalNumber]);
    expect(await axeViolations(page)).toEqual([]);

    // The label: an A6 PDF named after the barcode, downloaded.
    const download = page.waitForEvent('download');
    await ui.print.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${barcode}.pdf`);
    const pdf = await readFile((await file.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The plural written out per language (the translator of the tests does not format ICU plurals).
    const listed = lang === 'pl' ? 'Etykieta zawiera 2 paczki.' : 'The label lists 2 parcels.';
    await expect(shell.toast('success', listed)).toBeVisible();

    // Blocked, it takes nothing more.
    await ui.block.click();
    await expect(shell.toast('success', t('consolidations.blocked'))).toBeVisible();
    await expect(ui.locked).toHaveText(t('consolidations.blockedNotice'));
    await expect(ui.addNumber).toBeDisabled();

    // The list shows it with its parcels, blocked.
    await ui.goto();
    await ui.search.fill(barcode);
    await ui.expectCount(1, 1);
    await expect(ui.cells('barcode')).toHaveText([barcode]);
    await expect(ui.cells('parcelCount')).toHaveText(['2']);
    await expect(ui.cells('isBlocked')).toHaveText([t('consolidations.state.blocked')]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a colleague's scan and block show on an open consolidation's page without a reload @en", async ({
    api,
    request,
    screens,
    t,
  }) => {
    const client = await createClient(request, api);
    const parcel = await createParcel(request, api, client.id);
    const headers = { Authorization: `Bearer ${await api.admin()}` };
    const created = await request.post('/api/operatingModule/consolidation/create', {
      headers,
      data: { type: 'normal' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const consolidation = (await created.json()) as ConsolidationView;

    const { page, signIn, shell } = screens;
    const ui = new ConsolidationsPage(page, t, 'en');
    await signIn.startSession(await api.createUser({ role: 'magazyn' }));
    await page.goto(`/operatingModule/consolidation/details/${consolidation.id}`);
    await expect(ui.barcode).toHaveText(consolidation.barcode);
    await expect(page.getByTestId('consolidation-parcels-empty')).toBeVisible();
    await shell.expectLive();
    await shell.markLoaded();

    // A colleague scans a parcel into it, then blocks it (through the API, as their own panel would).
    const added = await request.post('/api/operatingModule/consolidation/addPackage', {
      headers,
      data: { consolidationId: consolidation.id, externalNumber: parcel.internalNumber },
    });
    expect(added.status(), await added.text()).toBe(200);
    await expect(ui.parcelNumbers).toHaveText([parcel.internalNumber]);
    const blocked = await request.post('/api/operatingModule/consolidation/block', {
      headers,
      data: { consolidationId: consolidation.id },
    });
    expect(blocked.status(), await blocked.text()).toBe(200);
    await expect(ui.locked).toHaveText(t('consolidations.blockedNotice'));
    await expect(ui.addNumber).toBeDisabled();
    await shell.expectNotReloaded();
  });
});
