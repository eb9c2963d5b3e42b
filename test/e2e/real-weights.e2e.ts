import * as ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { uniqueTag } from './support/api';
import { axeViolations } from './support/axe';
import { createClient, polishExcelCsv } from './support/clients';
import { expect, test } from './support/fixtures';
import { createParcel } from './support/parcels';
import { RealWeightsPage } from './pages/RealWeightsPage';

test.describe('real weights from carriers files (issue 16 item 4)', () => {
  test('accounting uploads a carrier file, reads the report by outcome, finds the real weight on the parcel and downloads the report @both', async ({
    api,
    request,
    screens,
    t,
    lang,
  }) => {
    test.setTimeout(90_000);
    const tag = uniqueTag('w');
    const client = await createClient(request, api);
    const within = await createParcel(request, api, client.id, { weightKg: '2.5' });
    const over = await createParcel(request, api, client.id, { weightKg: '1' });
    const admin = await api.createUser({ role: 'admin' });
    const fileName = `dpd-${tag}.csv`;
    // A carrier's Polish Excel CSV: its own headers, decimal commas, one number in lower case, one it does not know.
    const file = polishExcelCsv([
      ['Numer przesyłki', 'Waga rzeczywista', 'Waga gabarytowa'],
      [within.internalNumber.toLowerCase(), '2,4', ''],
      [over.internalNumber, '1,75', '2,2'],
      [`NIEZNANY-${tag}`, '3', ''],
    ]);

    const { page, signIn, shell } = screens;
    const weights = new RealWeightsPage(page, t, lang);
    await signIn.signIn(admin);
    await weights.open();

    // The upload dialog: a file is required; it passes axe; a refused file says why.
    await weights.uploadButton.click();
    await expect(weights.uploadDialog).toBeVisible();
    await weights.submit.click();
    await expect(weights.fileError).toHaveText(t('imports.fileRequired'));
    expect(await axeViolations(page)).toEqual([]);
    await weights.file.setInputFiles({
      name: 'bez-numerow.csv',
      mimeType: 'text/csv',
      buffer: polishExcelCsv([
        ['Klient', 'Waga'],
        ['A', '1'],
      ]),
    });
    await weights.submit.click();
    await expect(weights.failure).toHaveText(t('server.weightNumberColumnMissing'));
    await weights.file.setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: file });
    // By keyboard: Tab from the file's field reaches Cancel, then Upload; Enter uploads.
    await weights.file.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(weights.submit).toBeFocused();
    await page.keyboard.press('Enter');

    // The report: the counts, a sticky note with them, the lines in file order.
    await expect(weights.details).toBeVisible();
    const note = shell.toast(
      'info',
      t('weights.uploaded', { total: 3, matched: 1, over: 1, unmatched: 1, invalid: 0 }),
    );
    await expect(note).toBeVisible();
    await note.getByRole('button').click();
    await expect(weights.fact('weights-file-name')).toHaveText(fileName);
    await expect(weights.fact('weights-encoding')).toHaveText(t('imports.encoding.windows1250'));
    await expect(weights.fact('weights-total')).toHaveText('3');
    await expect(weights.fact('weights-over')).toHaveText('1');
    await expect(weights.fact('weights-unmatched')).toHaveText('1');
    await weights.expectRows([2, 3, 4]);
    await expect(weights.lineCells('outcome')).toHaveText([
      t('weights.outcome.matched'),
      t('weights.outcome.overDeclared'),
      t('weights.outcome.unmatched'),
    ]);
    const decimal = (n: number) => new Intl.NumberFormat(lang).format(n);
    await expect(weights.lineCells('difference')).toHaveText([decimal(-0.1), decimal(1.2), '']);
    expect(await axeViolations(page)).toEqual([]);

    // By outcome: the over-declared line alone.
    await weights.tab('overDeclared').click();
    await weights.expectRows([3]);
    await weights.tab('all').click();
    await weights.expectRows([2, 3, 4]);

    // The report to download: the over-declared and unmatched lines, headers in the reader's language.
    const download = page.waitForEvent('download');
    await weights.report.click();
    const saved = await (await download).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(saved)) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe(t('weights.column.number'));
    expect([sheet.getRow(2).getCell(2).value, sheet.getRow(3).getCell(2).value]).toEqual([
      over.internalNumber,
      `NIEZNANY-${tag}`,
    ]);

    // The parcel's page shows the carrier's weights beside the declared one.
    await weights.lineCells('parcel').nth(1).getByRole('link').click();
    await expect(page.getByTestId('page-parcel-details')).toBeVisible();
    const kg = (n: number) => t('parcelDetails.kg', { value: decimal(n) });
    await expect(page.getByTestId('parcel-declared-weight')).toHaveText(kg(1));
    await expect(page.getByTestId('parcel-real-weight')).toHaveText(kg(1.75));
    await expect(page.getByTestId('parcel-dimensional-weight')).toHaveText(kg(2.2));
    expect(await axeViolations(page)).toEqual([]);

    // Back on the list, the file is there (newest first; the other language's run may add its own beside it).
    await weights.open();
    await expect(weights.cells('fileName').filter({ hasText: fileName })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
  });
});
