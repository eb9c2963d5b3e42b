import { uniqueTag } from './support/api';
import { createClient } from './support/clients';
import { createParcel, parcelBody } from './support/parcels';
import { MatricesApi } from './support/matrices';
import { expect, test } from './support/fixtures';
import { MatricesPage } from './pages/MatricesPage';
import { openPath } from './support/navigate';

test.describe('routing matrices', () => {
  test('a matrix is created (messages first), cloned with its conditions, and made the default @pl', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const data = new MatricesApi(request, api);
    const [dpd, gls] = [await data.createOperator(), await data.createOperator()];
    const tag = uniqueTag('mx');
    // The current default for this test: the old default that loses the mark at the end.
    const base = await data.createMatrix({
      name: `${tag} Base`,
      isDefault: true,
      conditions: [{ pickupCountry: null, destinationCountry: null, maxWeightKg: 100, operatorId: dpd.id }],
    });
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    const matrices = new MatricesPage(page, t, lang);
    await signIn.signIn(admin);
    await expect(page.getByTestId('nav-/administration/matrixes')).toHaveText(t('menu.matrices'));
    await matrices.goto();
    await matrices.createButton.click();
    await expect(page.getByTestId('page-matrix-create')).toBeVisible();

    // Validation first: no name, and a blank condition row.
    await matrices.save.click();
    await expect(matrices.fieldError('matrix-name')).toHaveText(t('validation.nameRequired'));
    await expect(matrices.rowErrors(0)).toHaveText([
      t('validation.conditionMaxWeightRequired'),
      t('validation.conditionOperatorRequired'),
    ]);

    await matrices.name.fill(`${tag} Main`);
    await matrices.fillRow(0, {
      pickupCountry: 'PL',
      destinationCountry: 'DE',
      maxWeightKg: '0',
      operatorId: dpd.id,
    });
    await matrices.save.click();
    await expect(matrices.rowErrors(0)).toHaveText([t('validation.conditionMaxWeightInvalid')]);
    await expect(matrices.fieldError('matrix-name')).toBeHidden();

    await matrices.fillRow(0, { maxWeightKg: '31,5' });
    await matrices.addRow.click();
    await matrices.fillRow(1, {
      pickupCountry: '',
      destinationCountry: 'CZ',
      maxWeightKg: '10',
      operatorId: gls.id,
    });
    await matrices.save.click();
    await expect(shell.toast('success', t('matrices.created'))).toBeVisible();
    await matrices.expectShown();

    await matrices.search.fill(tag);
    await matrices.expectCount(2, 2);
    await expect(matrices.cells('name')).toHaveText([`${tag} Base`, `${tag} Main`]);
    await expect(matrices.cells('isDefault')).toHaveText([t('matrices.tag.default'), '']);
    await expect(matrices.cells('conditionCount')).toHaveText(['1', '2']);

    // Clone the new matrix under another name: the copy shows the same conditions, in order.
    await matrices.cells('name').nth(1).dblclick();
    await expect(page.getByTestId('page-matrix-edit')).toBeVisible();
    await matrices.cloneButton.click();
    await expect(page.getByTestId('page-matrix-clone')).toBeVisible();
    await expect(matrices.rows).toHaveCount(2);
    await matrices.name.fill('');
    await matrices.save.click();
    await expect(matrices.fieldError('matrix-name')).toHaveText(t('validation.nameRequired'));
    await matrices.name.fill(`${tag} Copy`);
    await matrices.save.click();
    await expect(shell.toast('success', t('matrices.cloned'))).toBeVisible();
    await expect(page.getByTestId('page-matrix-edit')).toBeVisible();
    await expect(matrices.name).toHaveValue(`${tag} Copy`);
    await expect(matrices.rows).toHaveCount(2);
    await matrices.expectRow(0, {
      pickupCountry: 'PL',
      destinationCountry: 'DE',
      maxWeightKg: '31.5',
      operatorId: dpd.id,
    });
    await matrices.expectRow(1, {
      pickupCountry: '',
      destinationCountry: 'CZ',
      maxWeightKg: '10',
      operatorId: gls.id,
    });

    // Make the copy the default: the old default loses the mark.
    await expect(matrices.isDefault).not.toBeChecked();
    await page.locator('label.bp6-switch').filter({ has: matrices.isDefault }).click();
    await matrices.save.click();
    await expect(shell.toast('success', t('matrices.saved'))).toBeVisible();
    await matrices.expectShown();
    await matrices.search.fill(tag);
    await matrices.expectCount(3, 3);
    await expect(matrices.cells('name')).toHaveText([`${tag} Base`, `${tag} Copy`, `${tag} Main`]);
    await expect(matrices.cells('isDefault')).toHaveText(['', t('matrices.tag.default'), '']);
    expect(base.isDefault).toBe(true);
  });

  test('the route tester explains which condition decides @both', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const data = new MatricesApi(request, api);
    const carrier = await data.createOperator();
    const tag = uniqueTag('rt');
    const m = await data.createMatrix({
      name: `${tag} Tested`,
      conditions: [
        { pickupCountry: 'PL', destinationCountry: 'SK', maxWeightKg: 20, operatorId: carrier.id },
      ],
    });
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn } = screens;
    const matrices = new MatricesPage(page, t, lang);
    await signIn.startSession(admin);
    await openPath(page, `/administration/matrixes/edit/${m.id}`);
    const tester = page.getByTestId('route-tester');
    await tester.getByTestId('route-test').click();
    await expect(tester.locator('.bp6-form-helper-text')).toHaveText([
      t('validation.countryRequired'),
      t('validation.countryRequired'),
      t('validation.routeWeightRequired'),
    ]);
    await tester.getByTestId('route-pickupCountry').selectOption('PL');
    await tester.getByTestId('route-destinationCountry').selectOption('SK');
    await tester.getByTestId('route-weightKg').fill('2');
    await tester.getByTestId('route-test').click();
    const n = new Intl.NumberFormat(lang);
    await expect(tester.getByTestId('route-operator')).toHaveText(
      t('matrices.test.match', {
        operator: carrier.operatorName,
        matrix: m.name,
        condition: t('matrices.test.conditionText', {
          row: 1,
          pickup: 'PL',
          destination: 'SK',
          max: n.format(20),
        }),
      }),
    );
    await expect(matrices.name).toHaveValue(m.name);
  });

  test('the replacement screen says how much will move, asks "I understand", then moves it @en', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const data = new MatricesApi(request, api);
    const [from, to] = [await data.createOperator(), await data.createOperator()];
    const tag = uniqueTag('rp');
    for (const n of ['A', 'B']) {
      await data.createMatrix({
        name: `${tag} ${n}`,
        conditions: [
          { pickupCountry: 'PL', destinationCountry: 'FR', maxWeightKg: 5, operatorId: from.id },
          { pickupCountry: 'PL', destinationCountry: 'IT', maxWeightKg: 5, operatorId: from.id },
          ...(n === 'A'
            ? [{ pickupCountry: 'PL', destinationCountry: 'PL', maxWeightKg: 5, operatorId: from.id }]
            : []),
        ],
      });
    }
    // A client whose domestic parcels matrix A routes: its new parcel goes to `from`, and moves with it.
    const client = await createClient(request, api, { domesticMatrixTitle: `${tag} A` });
    const domestic = { ...parcelBody(client.id).destinationAddress, city: 'Gdańsk', zipCode: '80-001' };
    const parcel = await createParcel(request, api, client.id, {
      destinationAddress: { ...domestic, country: 'PL' },
    });
    expect(parcel.operatorId).toBe(from.id);
    const admin = await api.createUser({ role: 'admin' });
    const { page, signIn, shell } = screens;
    await signIn.startSession(admin);
    await new MatricesPage(page, t, lang).goto();
    await page.getByTestId('matrices-replacement').click();
    await expect(page.getByTestId('page-operator-replacement')).toBeVisible();
    await page.getByTestId('replacement-submit').click();
    await expect(page.locator('.bp6-form-helper-text')).toHaveText([
      t('validation.replacementFromRequired'),
      t('validation.replacementToRequired'),
    ]);
    await page.getByTestId('replacement-from').selectOption(from.id);
    // The count of parcels that move is said, not only the conditions (issue 13 item 10).
    await expect(page.getByTestId('replacement-usage')).toHaveText(
      `${from.operatorName} is named by 5 conditions in 2 matrices and has 1 parcel not yet sent, which will move too.`,
    );
    await page.getByTestId('replacement-to').selectOption(to.id);
    await page.getByTestId('replacement-submit').click();
    await expect(page.getByTestId('confirm-ok')).toHaveText(t('common.iUnderstand'));
    await expect(page.getByRole('dialog')).toContainText(
      `5 conditions in every matrix and 1 parcel not yet sent will move from ${from.operatorName} to ${to.operatorName}.`,
    );
    await page.getByTestId('confirm-ok').click();
    await expect(shell.toast('success', t('replacement.done'))).toBeVisible();
    await expect(page.getByTestId('replacement-result')).toHaveText('Moved 5 conditions and 1 parcel.');
    await expect(page.getByTestId('replacement-usage')).toContainText('0 conditions');
    await expect(page.getByTestId('replacement-usage')).toContainText('0 parcels');
    await expect(page.getByTestId('replacement-submit')).toBeDisabled();
  });
});
