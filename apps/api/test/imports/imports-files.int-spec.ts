import { CATALOGUE, IMPORT_COLUMNS, MESSAGES } from '@depot/contracts';
import { importHeader, recognizeColumns } from '@depot/domain';
import { binary } from '../exports/exports.kit';
import { csvFile, PL_HEADERS, shipment, startImportsKit, type ImportsKit } from './imports.kit';

/**
 * Imports of shipments, their files (issue 16, decision 0150): the template in both languages, the failed rows as a
 * file that uploads again, every file refused with its reason (nothing kept), a mapping given by the caller, and text
 * PostgreSQL cannot keep.
 */
describe('imports of shipments: files', () => {
  let k: ImportsKit;

  beforeAll(async () => {
    k = await startImportsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  const binaryGet = (path: string) =>
    k.t
      .http()
      .get(path)
      .set(k.auth('admin'))
      .buffer(true)
      .parse(binary)
      .then((r) => {
        expect(r.status).toBe(200);
        return r as typeof r & { body: Buffer };
      });

  it('the template in each language is recognised whole; failed rows come back as a file to fix and upload', async () => {
    const shop = await k.shop();
    for (const lang of ['en', 'pl'] as const) {
      const csv = await binaryGet(`/api/import/template?format=csv&lang=${lang}`);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const text = csv.body.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const headers = text.slice(1).trim().split(';');
      expect(headers).toEqual(IMPORT_COLUMNS.map((c) => importHeader(c, lang)));
      expect(recognizeColumns(headers)).toEqual(Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c, i])));
      const xlsx = await binaryGet(`/api/import/template?format=xlsx&lang=${lang}`);
      expect(xlsx.headers['content-disposition']).toContain(
        lang === 'pl' ? 'szablon-przesylek.xlsx' : 'shipments-template.xlsx',
      );
      // The template itself uploads: headers only.
      const res = await k.upload('admin', { bytes: xlsx.body, name: 'template.xlsx' }, { clientId: shop.id });
      expect([res.status, res.body.message]).toEqual([400, MESSAGES.importHeadersOnly]);
    }
    const view = await k.uploaded(
      'admin',
      csvFile([
        PL_HEADERS,
        shipment('F-1'),
        shipment('F-2', { weight: 'dwa' }),
        shipment('F-3', { country: 'Narnia' }),
      ]),
      'dzień.csv',
      { clientId: shop.id },
    );
    const failed = await binaryGet(`/api/import/${view.id}/failedRows?format=xlsx&lang=pl`);
    expect(failed.headers['content-disposition']).toContain('bledne-wiersze.xlsx');
    const again = await k.uploaded('admin', failed.body, 'poprawione.xlsx', { clientId: shop.id });
    expect(again).toMatchObject({
      kind: 'xlsx',
      totalRows: 2,
      invalidRows: 2,
      headers: [...PL_HEADERS, 'Błędy'],
    });
    const rows = (await k.rows('admin', again.id)).items;
    expect(rows.map((r) => r.rawData.slice(0, 8))).toEqual([
      shipment('F-2', { weight: 'dwa' }),
      shipment('F-3', { country: 'Narnia' }),
    ]);
    expect(rows[0]!.rawData[8]).toBe(`Waga (kg): ${CATALOGUE.pl['validation.routeWeightInvalid']}`);
    const csv = await binaryGet(`/api/import/${view.id}/failedRows?format=csv&lang=en`);
    expect(csv.body.toString('utf8').split('\r\n')[0]).toBe(`\uFEFF${[...PL_HEADERS, 'Errors'].join(';')}`);
    const foreign = await k.t
      .http()
      .get(`/api/import/${view.id}/failedRows`)
      .set(k.auth({ token: k.other.userToken }));
    expect(foreign.status).toBe(404);
  });

  it("the failed rows' reasons are in the reader's language: asked, else the user's own (decision 0153)", async () => {
    const shop = await k.shop();
    const user = { token: shop.userToken };
    const view = await k.uploaded(
      user,
      csvFile([
        PL_HEADERS,
        shipment('L-1'),
        shipment('L-1'),
        shipment('L-2', { weight: 'dwa' }),
        shipment('L-3', { name: 'x'.repeat(1500) }),
      ]),
      'języki.csv',
    );
    expect(view).toMatchObject({ totalRows: 4, validRows: 1, invalidRows: 3 });
    const reasons = async (query: string) => {
      const res = await k.t
        .http()
        .get(`/api/import/${view.id}/failedRows?format=csv${query}`)
        .set(k.auth(user))
        .buffer(true)
        .parse(binary);
      expect(res.status).toBe(200);
      const lines = (res.body as Buffer).toString('utf8').slice(1).trim().split('\r\n');
      return lines.slice(1).map((l) => l.split(';').at(-1));
    };
    const [duplicate] = (await k.rows(user, view.id, { state: 'invalid' })).items;
    const first = Number(/\d+/.exec(duplicate!.errors[0]!.message)![0]);
    expect(duplicate!.errors).toEqual([{ path: '', message: MESSAGES.importDuplicateInFile(first) }]);
    const polish = [
      `Ten sam numer referencyjny lub zewnętrzny jest w wierszu ${first}.`,
      `Waga (kg): ${CATALOGUE.pl['validation.routeWeightInvalid']}`,
      'Nazwa odbiorcy: Pole Nazwa odbiorcy jest za długie: najwyżej 1000 znaków.',
    ];
    const english = [
      MESSAGES.importDuplicateInFile(first),
      `Waga (kg): ${MESSAGES.validation.routeWeightInvalid}`,
      `Nazwa odbiorcy: ${MESSAGES.textTooLong('Nazwa odbiorcy', 1000)}`,
    ];
    expect(await reasons('&lang=pl')).toEqual(polish);
    expect(await reasons('&lang=en')).toEqual(english);
    // Without a language: the reader's own, as exports choose it.
    expect(await reasons('')).toEqual(english);
    await k.query(`update users set lang = 'pl' where id = $1`, [shop.userId]);
    expect(await reasons('')).toEqual(polish);
    const wrong = await k.t.http().get(`/api/import/${view.id}/failedRows?lang=de`).set(k.auth(user));
    expect(wrong.status).toBe(400);
  });

  it('refuses files it cannot take, with the reason, and keeps nothing', async () => {
    const shop = await k.shop();
    const user = { token: shop.userToken };
    const cases: [Buffer, string, string][] = [
      [Buffer.from('a;b'), 'shipments.xls', MESSAGES.importFileType],
      [Buffer.from('a;b'), 'shipments.txt', MESSAGES.importFileType],
      [Buffer.from('  \r\n\r\n'), 'empty.csv', MESSAGES.importEmpty],
      [csvFile([PL_HEADERS]), 'headers.csv', MESSAGES.importHeadersOnly],
      [Buffer.from('not a workbook'), 'shipments.xlsx', MESSAGES.importUnreadable],
      [
        csvFile([
          ['Kolumna 1', 'Waga'],
          ['x', '1'],
        ]),
        'unknown.csv',
        MESSAGES.importColumnsMissing(
          'Recipient name, Recipient street, Recipient building, Recipient city, Recipient postal code, Recipient country',
        ),
      ],
    ];
    for (const [bytes, name, message] of cases) {
      const res = await k.upload(user, { bytes, name });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const noFile = await k.upload(user, null, { clientId: shop.id });
    expect([noFile.status, noFile.body.message]).toEqual([400, MESSAGES.uploadMissing]);
    for (const columnMap of [
      '{',
      '{"weightKg":99}',
      '{"weightKg":0,"recipientName":0}',
      '{"nope":1}',
      '[]',
    ]) {
      const res = await k.upload(
        user,
        { bytes: csvFile([PL_HEADERS, shipment('M-1')]), name: 'm.csv' },
        { columnMap },
      );
      expect([res.status, res.body.message]).toEqual([400, MESSAGES.importColumnMapInvalid]);
    }
    // Read as a stream (decision 0155): a file found unreadable after 2,500 good rows (a quote never closed at its
    // end) is refused once parts of it were checked and written; the import and its rows are removed.
    const brokenEnd = Buffer.concat([
      csvFile([PL_HEADERS, ...Array.from({ length: 2500 }, (_, i) => shipment(`BROKEN-${i}`))]),
      Buffer.from('\r\n"never closed;x'),
    ]);
    const broken = await k.upload(user, { bytes: brokenEnd, name: 'broken.csv' });
    expect([broken.status, broken.body.message]).toEqual([400, MESSAGES.importUnreadable]);
    const [{ n }] = await k.query<{ n: number }>(
      'select count(*)::int as n from imports where client_id = $1',
      [shop.id],
    );
    expect(n).toBe(0);
    const [{ rows }] = await k.query<{ rows: number }>(
      `select count(*)::int as rows from import_rows where raw_data->>0 like 'BROKEN-%'`,
    );
    expect(rows).toBe(0);
    // The app serves on.
    const good = await k.upload(user, { bytes: csvFile([PL_HEADERS, shipment('AFTER-1')]), name: 'ok.csv' });
    expect(good.status).toBe(201);
  });

  it('a mapping the user gives places columns with any headers', async () => {
    const shop = await k.shop();
    const headers = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const columnMap = JSON.stringify({
      referenceNumber: 0,
      recipientName: 1,
      recipientStreet: 2,
      recipientBuilding: 3,
      recipientCity: 4,
      recipientZipCode: 5,
      recipientCountry: 6,
      weightKg: 7,
    });
    const view = await k.uploaded('admin', csvFile([headers, shipment('MAP-1')]), 'map.csv', {
      clientId: shop.id,
      columnMap,
    });
    expect(view).toMatchObject({ validRows: 1, columnMap: JSON.parse(columnMap) });
  });

  it('NUL in a file refuses it; an over-long cell refuses its row; a fix with NUL is refused; the app serves on', async () => {
    const shop = await k.shop();
    const nul = csvFile([PL_HEADERS, shipment('N-1', { name: 'Jan\u0000Nowak' })], 'utf-8');
    const refused = await k.upload('admin', { bytes: nul, name: 'nul.csv' }, { clientId: shop.id });
    expect([refused.status, refused.body.message]).toEqual([400, MESSAGES.importUnreadable]);
    const file = csvFile([PL_HEADERS, shipment('N-2', { name: 'x'.repeat(5000) }), shipment('N-3')], 'utf-8');
    const view = await k.uploaded('admin', file, 'long.csv', { clientId: shop.id });
    const [long, fine] = (await k.rows('admin', view.id)).items;
    expect(long!.errors).toEqual([
      { path: 'Nazwa odbiorcy', message: MESSAGES.textTooLong('Nazwa odbiorcy', 1000) },
    ]);
    const fix = await k.fix('admin', view.id, fine!.id, shipment('N-3', { name: 'Jan\u0000Nowak' }));
    expect(fix.status).toBe(400);
    expect((await k.rows('admin', view.id, { state: 'valid' })).items.map((r) => r.rawData)).toEqual([
      shipment('N-3'),
    ]);
    expect((await k.get('admin', view.id)).body).toMatchObject({ validRows: 1, invalidRows: 1 });
  });
});
