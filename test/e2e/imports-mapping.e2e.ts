import { IMPORT_REQUIRED_COLUMNS } from '@depot/contracts';
import { uniqueTag } from './support/api';
import { axeViolations } from './support/axe';
import { createShop, polishExcelCsv } from './support/clients';
import { expect, test } from './support/fixtures';
import { ImportsPage } from './pages/ImportsPage';

/** A shop's own export: only "Miasto" is a header the import knows by itself. */
const HEADERS = ['Nr zam.', 'Klient', 'Ulica i nr', 'Dom', 'Miasto', 'PNA', 'Państwo', 'Kg'];
/** The fields of its columns, in its order: the reference, then the required ones. */
const FIELDS = ['referenceNumber', ...IMPORT_REQUIRED_COLUMNS] as const;
const rows = (tag: string) => [
  [`${tag}/1`, 'Łukasz Żółć', 'Świętokrzyska', '12', 'Łódź', '90-001', 'Polska', '2,5'],
  [`${tag}/2`, 'Zofia Gęś', 'Piękna', '7', 'Kraków', '30-001', 'PL', '1,25'],
];

test.describe('imports of shipments: the column mapping step (issue 16 item 1)', () => {
  test('a client user maps a file with its own headers, saves the mapping as a preset, and uploads the next file by it @en', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    test.setTimeout(90_000);
    const tag = uniqueTag('map');
    const client = await createShop(request, api);
    const user = await api.createUser({ role: 'user', clientId: client.id });
    const { page, signIn, shell } = screens;
    const imports = new ImportsPage(page, t, lang);
    await signIn.signIn(user);
    await imports.open();

    // The file's columns are read as soon as it is chosen: only the city is recognised, the upload waits for the rest.
    await imports.uploadButton.click();
    await imports.file.setInputFiles({
      name: `sklep-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: polishExcelCsv([HEADERS, ...rows(tag)]),
    });
    await expect(imports.mapping).toBeVisible();
    await expect(imports.mapField('recipientCity')).toHaveValue('4');
    await expect(imports.mapSample('recipientCity')).toHaveText('Łódź · Kraków');
    const unmapped = FIELDS.filter((f) => f !== 'recipientCity' && f !== 'referenceNumber');
    await expect(imports.mappingMissing).toHaveText(
      t('imports.mapping.missing', { columns: unmapped.map((f) => t(`imports.column.${f}`)).join(', ') }),
    );
    await expect(imports.submit).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);

    // Mapped by keyboard: the first field's select takes the file's first column with an arrow key.
    await imports.mapField('referenceNumber').focus();
    await page.keyboard.press('ArrowDown');
    await expect(imports.mapField('referenceNumber')).toHaveValue('0');
    for (const [index, field] of FIELDS.entries()) {
      if (index === 0) continue;
      await imports.mapField(field).selectOption(String(index));
    }
    await expect(imports.mapSample('recipientName')).toHaveText('Łukasz Żółć · Zofia Gęś');
    await expect(imports.mappingMissing).toHaveCount(0);
    await expect(imports.submit).toBeEnabled();

    // Saved as a preset (Enter in the name saves it, not the upload); it is offered and chosen at once.
    const presetName = `Sklep ${tag}`;
    await imports.presetName.fill(presetName);
    await imports.presetName.press('Enter');
    await expect(
      shell.toast('success', t('imports.mapping.presetSaved', { name: presetName })),
    ).toBeVisible();
    await expect(imports.preset.locator('option:checked')).toHaveText(presetName);
    await expect(imports.uploadDialog).toBeVisible();
    await imports.submit.click();
    await expect(imports.details).toBeVisible();
    await expect(imports.fact('import-total')).toHaveText('2');
    await expect(imports.fact('import-valid')).toHaveText('2');

    // The next day's file: the same headers in another order and other capitals. The preset fits it.
    const order = [7, 6, 5, 4, 3, 2, 1, 0];
    const shuffled = order.map((i) => HEADERS[i]!.toUpperCase());
    const nextTag = `${tag}n`;
    await imports.goto();
    await imports.uploadButton.click();
    await imports.file.setInputFiles({
      name: `sklep-${nextTag}.csv`,
      mimeType: 'text/csv',
      buffer: polishExcelCsv([shuffled, ...rows(nextTag).map((r) => order.map((i) => r[i]!))]),
    });
    await expect(imports.mapping).toBeVisible();
    await expect(imports.submit).toBeDisabled();
    await imports.preset.selectOption({ label: presetName });
    await expect(imports.mapField('weightKg')).toHaveValue('0');
    await expect(imports.mapSample('recipientName')).toHaveText('Łukasz Żółć · Zofia Gęś');
    await expect(imports.mappingMissing).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await imports.submit.click();
    await expect(imports.details).toBeVisible();
    await expect(imports.fact('import-file-name')).toHaveText(`sklep-${nextTag}.csv`);
    await expect(imports.fact('import-valid')).toHaveText('2');
    await expect(imports.fact('import-invalid')).toHaveText('0');
  });
});
