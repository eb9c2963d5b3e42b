import { TEST_PASSWORD, uniqueTag } from './support/api';
import { axeViolations } from './support/axe';
import { createClient, createShop, polishExcelCsv } from './support/clients';
import { expect, test } from './support/fixtures';
import { ImportsPage } from './pages/ImportsPage';
import { ParcelsListPage } from './pages/ParcelsListPage';

/** A file's columns, the country second (where the rows' table shows it without scrolling; any order is read). */
const COUNTRY_SECOND = [
  'referenceNumber',
  'recipientCountry',
  'recipientName',
  'recipientStreet',
  'recipientBuilding',
  'recipientCity',
  'recipientZipCode',
  'weightKg',
] as const;

test.describe('imports of shipments (issue 16)', () => {
  test('a client user imports a Polish Excel CSV, fixes the row with an error in place, approves, watches it and finds the parcels; staff see it live @both', async ({
    api,
    request,
    screens,
    openBrowser,
    t,
    lang,
  }) => {
    test.setTimeout(90_000);
    const tag = uniqueTag('imp');
    const client = await createShop(request, api);
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const operator = await api.createUser({ role: 'operator' });

    // The template's headers in the project's language, the country second (a file's columns may come in any order);
    // the second shipment's country is no country.
    const columns = COUNTRY_SECOND;
    const headers = columns.map((c) => t(`imports.column.${c}`));
    const countryColumn = columns.indexOf('recipientCountry');
    const fileName = `przesyłki-${tag}.csv`;
    const file = polishExcelCsv([
      headers,
      [`${tag}/1`, 'Polska', 'Łukasz Żółć', 'Świętokrzyska', '12/3', 'Łódź', '90-001', '2,5'],
      [`${tag}/2`, 'Narnia', 'Zofia Gęś', 'Piękna', '7', 'Kraków', '30-001', '1,25'],
      [`${tag}/3`, 'PL', 'Grzegorz Brzęczyszczykiewicz', 'Ogrodowa', '1', 'Gdańsk', '80-001', '0,5'],
    ]);

    // A colleague at the operator's desk watches the imports list.
    const staff = await openBrowser();
    const staffImports = new ImportsPage(staff.page, t, lang);
    await staff.signIn.signIn(operator);
    await staffImports.open();

    const { page, signIn, shell } = screens;
    const imports = new ImportsPage(page, t, lang);
    await signIn.signIn(user);
    await imports.open();
    await expect(page.getByTestId('list-no-items')).toBeVisible();

    // The upload dialog: a file is required; it passes axe.
    await imports.uploadButton.click();
    await expect(imports.uploadDialog).toBeVisible();
    await imports.submit.click();
    await expect(imports.fileError).toHaveText(t('imports.fileRequired'));
    expect(await axeViolations(page)).toEqual([]);
    await imports.file.setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: file });
    await imports.submit.click();

    // Checked, nothing created yet: the import's page says how the file was read, in words.
    await expect(imports.details).toBeVisible();
    // SPEC 8: a file with refused rows is a sticky note with the counts (closed here by hand).
    const note = shell.toast(
      'info',
      t('imports.uploadedWithErrors', { name: fileName, failed: 1, total: 3 }),
    );
    await expect(note).toBeVisible();
    await note.getByRole('button').click();
    await expect(note).toHaveCount(0);
    await expect(imports.fact('import-file-name')).toHaveText(fileName);
    await expect(imports.fact('import-encoding')).toHaveText(t('imports.encoding.windows1250'));
    await expect(imports.fact('import-delimiter')).toHaveText(t('imports.delimiter.semicolon'));
    await expect(imports.fact('import-state-summary')).toHaveText(t('imports.state.ready'));
    await expect(imports.fact('import-total')).toHaveText('3');
    await expect(imports.fact('import-valid')).toHaveText('2');
    await expect(imports.fact('import-invalid')).toHaveText('1');
    await imports.expectRowNumbers([2, 3, 4]);
    await expect(imports.rowCells('col2')).toHaveText([
      'Łukasz Żółć',
      'Zofia Gęś',
      'Grzegorz Brzęczyszczykiewicz',
    ]);

    // The operator saw it arrive, waiting for approval.
    await expect(await staffImports.stateOf(fileName)).toHaveText(t('imports.state.ready'));

    // The row with the error: its country cell marked, the message in the language, under the file's header.
    await imports.tab('invalid').click();
    await imports.expectRowNumbers([3]);
    await expect(imports.rowCells('errors')).toHaveText([
      `${headers[countryColumn]}: ${t('validation.routingCountryUnsupported')}`,
    ]);
    await expect(imports.rowCells(`col${countryColumn}`).getByTestId('import-cell-error')).toHaveText(
      'Narnia',
    );
    await expect(imports.rowCells('state')).toHaveText([t('imports.rowState.invalid')]);
    expect(await axeViolations(page)).toEqual([]);

    // Fixed in place, by keyboard: the dialog's field of the country says why; Enter saves.
    await imports.rows.getByTestId('import-row-fix').focus();
    await page.keyboard.press('Enter');
    await expect(imports.fixDialog).toBeVisible();
    await expect(page.getByTestId(`import-fix-${countryColumn}-error`)).toHaveText(
      t('validation.routingCountryUnsupported'),
    );
    await expect(imports.fixField(countryColumn)).toBeFocused();
    await imports.fixField(countryColumn).fill('Polska');
    await page.keyboard.press('Enter');
    await expect(shell.toast('success', t('imports.fix.nowValid', { row: 3 }))).toBeVisible();
    await expect(imports.fixDialog).toBeHidden();
    await expect(imports.fact('import-valid')).toHaveText('3');
    await expect(imports.fact('import-invalid')).toHaveText('0');
    await expect(page.getByTestId('list-no-items')).toBeVisible();
    await imports.tab('all').click();
    await expect(imports.rowCells('state')).toHaveText(Array(3).fill(t('imports.rowState.valid')));

    // Approved: the question says how many parcels; the progress shows, then the result (SPEC 8).
    const sawProgress = await imports.watchFor('import-progress');
    await imports.approve.click();
    await expect(page.getByRole('dialog')).toContainText(
      t('imports.approveMessage', { count: 3, failed: 0 }),
    );
    await imports.confirm.click();
    await expect(imports.fact('import-state-summary')).toHaveText(t('imports.state.done'));
    expect(await sawProgress()).toBe(true);
    await expect(page.getByTestId('import-result')).toContainText(
      t('imports.result.done', { created: 3, failed: 0 }),
    );
    await expect(imports.fact('import-created')).toHaveText('3');
    await expect(imports.rowCells('state')).toHaveText(Array(3).fill(t('imports.rowState.created')));
    await expect(imports.rows.getByTestId('import-row-parcel')).toHaveCount(3);

    // The operator's list followed it to the end.
    await expect(await staffImports.stateOf(fileName)).toHaveText(t('imports.state.done'));

    // The parcels, made from the file, in the parcels list.
    await page.getByTestId('import-parcels-link').click();
    const parcels = new ParcelsListPage(page, t, lang);
    await parcels.expectShown();
    await parcels.expectCount(3, 3);
  });

  test('staff import for a client they pick; a file without the address columns waits in the dialog for them, in words; a checked import is cancelled @pl', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const client = await createClient(request, api);
    const operator = await api.createUser({ role: 'operator' });
    const { page, signIn, shell } = screens;
    const imports = new ImportsPage(page, t, lang);
    await signIn.signIn(operator);
    await imports.open();

    // Staff name the client.
    await imports.uploadButton.click();
    const name = t('imports.column.recipientName');
    const weight = t('imports.column.weightKg');
    await imports.file.setInputFiles({
      name: 'bez-adresu.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${name};${weight}\r\nJan Kowalski;2,5\r\n`),
    });
    await imports.submit.click();
    await expect(page.getByTestId('import-upload-client-error')).toHaveText(t('validation.clientRequired'));
    await imports.pickClient(client.companyName);

    // The mapping step names the fields the file has no column for, in the language, and the upload waits for them.
    const missing = [
      'recipientStreet',
      'recipientBuilding',
      'recipientCity',
      'recipientZipCode',
      'recipientCountry',
    ]
      .map((c) => t(`imports.column.${c}`))
      .join(', ');
    await expect(imports.mappingMissing).toHaveText(t('imports.mapping.missing', { columns: missing }));
    await expect(imports.submit).toBeDisabled();

    // A whole file is taken for the client picked; cancelled, nothing is created.
    const columns = ['recipientName', 'recipientStreet', 'recipientBuilding', 'recipientCity'] as const;
    const rest = ['recipientZipCode', 'recipientCountry', 'weightKg'] as const;
    const header = [...columns, ...rest].map((c) => t(`imports.column.${c}`)).join(';');
    const fileName = `${uniqueTag('odwolany')}.csv`;
    await imports.file.setInputFiles({
      name: fileName,
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\r\nJan Kowalski;Długa;5;Gdańsk;80-001;PL;2,5\r\n`),
    });
    await imports.submit.click();
    await expect(imports.details).toBeVisible();
    await expect(imports.fact('import-client')).toHaveText(client.shortName ?? client.companyName);
    await expect(imports.fact('import-encoding')).toHaveText(t('imports.encoding.utf8'));
    await page.getByTestId('import-cancel').click();
    await expect(page.getByRole('dialog')).toContainText(t('imports.cancelMessage', { name: fileName }));
    await imports.confirm.click();
    await expect(shell.toast('success', t('imports.cancelled'))).toBeVisible();
    await expect(page.getByTestId('import-cancelled')).toHaveText(t('imports.result.cancelled'));
    await expect(imports.fact('import-state-summary')).toHaveText(t('imports.state.cancelled'));
    await expect(imports.approve).toHaveCount(0);
    await expect(imports.rowCells('state')).toHaveText([t('imports.rowState.discarded')]);

    // Back on the list: the import, cancelled.
    await imports.goto();
    await expect(await imports.stateOf(fileName)).toHaveText(t('imports.state.cancelled'));
  });

  test("a row staff fix shows on the client user's open import page without a reload (decision 0153) @en", async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    const client = await createShop(request, api);
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const operator = await api.createUser({ role: 'operator' });
    const columns = COUNTRY_SECOND;
    const country = columns.indexOf('recipientCountry');
    const tag = uniqueTag('live');
    const row = (n: number, where: string) => [
      `${tag}/${n}`,
      where,
      'Jan Nowak',
      'Długa',
      '5',
      'Gdańsk',
      '80-001',
      '2',
    ];
    const upload = await request.post('/api/import/createShipmentFromFile', {
      headers: { Authorization: `Bearer ${(await api.signIn(user.email, TEST_PASSWORD)).token}` },
      multipart: {
        file: {
          name: `${tag}.csv`,
          mimeType: 'text/csv',
          buffer: polishExcelCsv([
            columns.map((c) => t(`imports.column.${c}`)),
            row(1, 'PL'),
            row(2, 'Narnia'),
          ]),
        },
      },
    });
    expect(upload.status()).toBe(201);
    const { id } = (await upload.json()) as { id: string };

    // The client's user has the import open.
    const { page, signIn } = screens;
    const imports = new ImportsPage(page, t, lang);
    await signIn.signIn(user);
    await page.goto(`/import/details/${id}`);
    await expect(imports.details).toBeVisible();
    await imports.expectRowNumbers([2, 3]);
    await expect(imports.rowCells(`col${country}`)).toHaveText(['PL', 'Narnia']);

    // Staff change the row with the error to another wrong country: the counts stay as they were, so only the
    // import's own room carries the row to the client's page.
    const staffToken = (await api.signIn(operator.email, TEST_PASSWORD)).token;
    const rows = await request.post(`/api/import/${id}/rows`, {
      headers: { Authorization: `Bearer ${staffToken}` },
      data: { filters: { state: 'invalid' } },
    });
    const [bad] = ((await rows.json()) as { items: { id: string }[] }).items;
    const fixed = await request.put(`/api/import/${id}/rows/${bad!.id}`, {
      headers: { Authorization: `Bearer ${staffToken}` },
      data: { cells: row(2, 'Atlantyda') },
    });
    expect(fixed.status()).toBe(200);
    await expect(imports.rowCells(`col${country}`)).toHaveText(['PL', 'Atlantyda']);
    await expect(imports.fact('import-invalid')).toHaveText('1');
  });
});
