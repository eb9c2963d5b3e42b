import { readFile } from 'node:fs/promises';
import type { ParcelListReply } from '@depot/contracts';
import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { expect, test } from './support/fixtures';
import { MatricesApi } from './support/matrices';
import { createParcel } from './support/parcels';
import { openPath } from './support/navigate';

/**
 * The parcel page's dots menu (decisions 0096–0097): "Generate copies…" starts the generation job, followed in a
 * toast with progress to its result; "Get return label" appears once the parcel has a return and prints it.
 */
test.describe('parcel generation and return label', () => {
  test('an operator generates copies of a parcel and prints its return label @en', async ({
    api,
    request,
    screens,
    t,
  }) => {
    const tag = uniqueTag('gen');
    // The client's own return matrix routes its returns, whatever other tests did to the default matrix.
    const routing = new MatricesApi(request, api);
    const carrier = await routing.createOperator();
    const returns = await routing.createMatrix({
      name: `${tag} Returns`,
      conditions: [
        { pickupCountry: null, destinationCountry: null, maxWeightKg: 100, operatorId: carrier.id },
      ],
    });
    const client = await createClient(request, api, { returnMatrixTitle: returns.name });
    const template = await createParcel(request, api, client.id, { content: `Goods ${tag}` });
    const operator = await api.createUser({ role: 'operator' });
    const { page, signIn } = screens;
    await signIn.startSession(operator);
    await openPath(page, `/orders/edit/${template.id}`);
    await expect(page.getByTestId('page-parcel-details')).toBeVisible();

    // No return yet: no return label.
    await page.getByTestId('parcel-menu-open').click();
    await expect(page.getByTestId('parcel-menu')).toBeVisible();
    await expect(page.getByTestId('parcel-menu-return-label')).toHaveCount(0);

    // The dialog checks the count with the API's rule before anything is sent.
    await page.getByTestId('parcel-menu-generate').click();
    const count = page.getByTestId('generate-count');
    await count.fill('0');
    await page.getByTestId('generate-start').click();
    await expect(page.getByText(t('server.parcelGenerateCount'))).toBeVisible();
    await count.fill('3');
    await page.getByTestId('generate-start').click();
    await expect(page.getByTestId('generate-count')).toHaveCount(0);
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('export-done')).toContainText('3');

    const res = await request.post('/api/order/get/list', {
      headers: { Authorization: `Bearer ${await api.admin()}` },
      data: { filters: { clientId: client.id, dateFrom: '2000-01-01', dateTo: '2999-12-31' } },
    });
    const list = (await res.json()) as ParcelListReply;
    // The client is new: its parcels are the template and the three copies.
    expect(list.items.filter((p) => p.clientId === client.id)).toHaveLength(4);

    // With a return parcel the menu offers its label (a return is made of a parcel that has left, decision 0115).
    const sent = await request.put(`/api/order/${template.id}/status`, {
      headers: { Authorization: `Bearer ${await api.admin()}` },
      data: { status: 'pickup' },
    });
    expect(sent.status()).toBe(200);
    const returned = await request.post(`/api/order/${template.id}/return`, {
      headers: { Authorization: `Bearer ${await api.admin()}` },
    });
    expect(returned.status()).toBe(201);
    await page.reload();
    await page.getByTestId('parcel-menu-open').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('parcel-menu-return-label').click();
    const file = await readFile(await (await download).path());
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
