import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MESSAGES,
  type ListReply,
  type ParcelView,
  type Role,
  type WeightImportLineView,
  type WeightUploadReply,
} from '@depot/contracts';
import { binary, sheetOf } from '../exports/exports.kit';
import { csvFile } from '../imports/imports.kit';
import { startParcelsKit, tag, UNKNOWN_ID, type ParcelsKit } from '../parcels/parcels.kit';

/**
 * Real weights from carriers' files (issue 16 item 4, decision 0151): lines matched to parcels by any of their numbers
 * (case-insensitively), real and dimensional weights recorded, the report of unmatched and over-declared lines, every
 * bad file refused with its reason and nothing written, and every role but accounting's refused.
 */
type Who = Parameters<ParcelsKit['auth']>[0];

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/weights', name));
const UPLOAD = '/api/large/order/importRealWeightFromFile';

describe('real weights from carriers files', () => {
  let k: ParcelsKit;

  beforeAll(async () => {
    k = await startParcelsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  const upload = (who: Who, bytes: Buffer, name: string) =>
    k.t
      .http()
      .post(UPLOAD)
      .set(k.auth(who))
      .attach('file', bytes, name)
      .then((r) => r);
  const uploaded = async (bytes: Buffer, name = 'weights.csv') => {
    const res = await upload('admin', bytes, name);
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as WeightUploadReply;
  };
  const lines = async (id: string, body: Record<string, unknown> = {}) => {
    const res = await k.t.http().post(`/api/weightImport/${id}/lines`).set(k.auth('admin')).send(body);
    expect(res.status).toBe(200);
    return res.body as ListReply<WeightImportLineView>;
  };
  /** A parcel declared at `weightKg` with its carriers' numbers set. */
  const parcel = async (weightKg: string, numbers: Record<string, string> = {}) => {
    const view = await k.created(k.own.id, { weightKg });
    const set = Object.entries(numbers);
    if (set.length > 0)
      await k.query(
        `update parcels set ${set.map(([column], i) => `${column} = $${i + 2}`).join(', ')} where id = $1`,
        [view.id, ...set.map(([, v]) => v)],
      );
    return view;
  };
  const weightsOf = async (id: string) => {
    const res = await k.t.http().get(`/api/order/${id}`).set(k.auth('admin'));
    expect(res.status).toBe(200);
    const { weightKg, realWeightKg, dimensionalWeightKg, realWeightAt } = res.body as ParcelView;
    return { weightKg, realWeightKg, dimensionalWeightKg, recorded: realWeightAt !== null };
  };
  const counts = async () =>
    (
      await k.query<{ imports: number; lines: number; weighed: number }>(
        `select (select count(*)::int from weight_imports) as imports,
                (select count(*)::int from weight_import_lines) as lines,
                (select count(*)::int from parcel_weights) as weighed`,
      )
    )[0]!;

  it('matches by every kind of number, case-insensitively; records real and dimensional weights; reports the rest', async () => {
    const t = tag();
    const byInternal = await parcel('2.500');
    const byExternal = await parcel('2.500', { external_number: `EXT-${t}` });
    const byFirstMile = await parcel('1.000', { first_mile_number: `FM-${t}` });
    const byLastMile = await parcel('5.000', { last_mile_number: `LM-${t}` });
    const twice = await parcel('3.000', { external_number: `TW-${t}` });
    // A carrier's Polish Excel CSV: Windows-1250, `;`, decimal commas, Polish headers, its own extra column.
    const file = csvFile([
      ['Numer przesyłki', 'Uwagi kuriera', 'Waga rzeczywista', 'Waga gabarytowa'],
      [byInternal.internalNumber.toLowerCase(), 'Łódź', '2,4', ''],
      [`ext-${t}`, '', '3,1', ''],
      [`FM-${t}`, '', '0,8', '1,25'],
      [`LM-${t}`, '', '4,999', ''],
      [`NOPE-${t}`, '', '1', ''],
      [`TW-${t}`, '', '9', ''],
      ['', '', '1', ''],
      [`X-${t}`, '', '-2', ''],
      [`Y-${t}`, '', 'dwa', ''],
      [`Z-${t}`, '', '2', 'trzy'],
      ['N'.repeat(101), '', '2', ''],
      [`tw-${t}`, '', '2,75', ''],
    ]);
    const reply = await uploaded(file, 'dpd-listopad.csv');
    expect(reply).toMatchObject({
      fileName: 'dpd-listopad.csv',
      kind: 'csv',
      encoding: 'windows-1250',
      delimiter: ';',
      totalRows: 12,
      matchedRows: 3,
      overDeclaredRows: 2,
      unmatchedRows: 1,
      invalidRows: 6,
    });
    expect(reply.createdBy).toBeTruthy();
    const byRow = new Map((await lines(reply.id, { limit: 50 })).items.map((l) => [l.row, l]));
    expect(byRow.get(2)).toMatchObject({
      outcome: 'matched',
      parcelId: byInternal.id,
      parcelNumber: byInternal.internalNumber,
      declaredWeightKg: '2.500',
      realWeightKg: '2.400',
      differenceKg: '-0.100',
    });
    expect(byRow.get(3)).toMatchObject({
      outcome: 'overDeclared',
      parcelId: byExternal.id,
      differenceKg: '0.600',
    });
    expect(byRow.get(4)).toMatchObject({
      outcome: 'overDeclared',
      parcelId: byFirstMile.id,
      realWeightKg: '0.800',
      dimensionalWeightKg: '1.250',
      differenceKg: '0.250',
    });
    expect(byRow.get(5)).toMatchObject({ outcome: 'matched', parcelId: byLastMile.id });
    expect(byRow.get(6)).toMatchObject({ outcome: 'unmatched', number: `NOPE-${t}`, parcelId: null });
    expect(byRow.get(7)).toMatchObject({ outcome: 'invalid', errorMessage: MESSAGES.weightDuplicate(13) });
    expect(byRow.get(8)).toMatchObject({ outcome: 'invalid', errorMessage: MESSAGES.weightNumberMissing });
    expect(byRow.get(9)).toMatchObject({ outcome: 'invalid', errorMessage: MESSAGES.weightRealInvalid });
    expect(byRow.get(10)).toMatchObject({ outcome: 'invalid', errorMessage: MESSAGES.weightRealInvalid });
    expect(byRow.get(11)).toMatchObject({
      outcome: 'invalid',
      errorMessage: MESSAGES.weightDimensionalInvalid,
    });
    expect(byRow.get(12)).toMatchObject({
      outcome: 'invalid',
      number: 'N'.repeat(100),
      errorMessage: MESSAGES.weightNumberTooLong,
    });
    // The later line of a number wins: 2,75 against the declared 3 kg.
    expect(byRow.get(13)).toMatchObject({ outcome: 'matched', parcelId: twice.id, realWeightKg: '2.750' });

    expect(await weightsOf(byInternal.id)).toEqual({
      weightKg: '2.500',
      realWeightKg: '2.400',
      dimensionalWeightKg: null,
      recorded: true,
    });
    expect(await weightsOf(byFirstMile.id)).toMatchObject({
      realWeightKg: '0.800',
      dimensionalWeightKg: '1.250',
    });
    expect(await weightsOf(twice.id)).toMatchObject({ realWeightKg: '2.750' });

    // The reply starts the report: over-declared, unmatched and invalid lines in file order.
    expect(reply.report.map((l) => l.row)).toEqual([3, 4, 6, 7, 8, 9, 10, 11, 12]);
    const over = await lines(reply.id, { filters: { outcome: 'overDeclared' } });
    expect([over.total, over.items.map((l) => l.row)]).toEqual([2, [3, 4]]);
    const page = await lines(reply.id, { limit: 5 });
    expect(page.items.map((l) => l.row)).toEqual([2, 3, 4, 5, 6]);
    const next = await lines(reply.id, { limit: 5, cursor: page.nextCursor });
    expect(next.items.map((l) => l.row)).toEqual([7, 8, 9, 10, 11]);

    // The report as a workbook, in the language asked.
    const file2 = await k.t
      .http()
      .get(`/api/weightImport/${reply.id}/report?lang=pl`)
      .set(k.auth('admin'))
      .buffer(true)
      .parse(binary);
    expect(file2.status).toBe(200);
    expect(file2.headers['content-disposition']).toContain('dpd-listopad-raport-wag.xlsx');
    const sheet = await sheetOf(file2.body as Buffer);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Wiersz',
      'Numer',
      'Wynik',
      'Przesyłka',
      'Waga deklarowana (kg)',
      'Waga rzeczywista (kg)',
      'Waga gabarytowa (kg)',
      'Różnica (kg)',
      'Powód',
    ]);
    expect(sheet.rowCount).toBe(10);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 9)).toEqual([
      3,
      `ext-${t}`,
      'Waga ponad deklarowaną',
      byExternal.internalNumber,
      2.5,
      3.1,
      undefined,
      0.6,
    ]);
    expect(sheet.getRow(4).getCell(3).value).toBe('Nie znaleziono');
    expect(sheet.getRow(6).getCell(9).value).toBe('W wierszu brakuje numeru przesyłki.');

    const list = await k.t.http().post('/api/weightImport/list').set(k.auth('admin')).send({});
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ id: reply.id, totalRows: 12 });
    const one = await k.t.http().get(`/api/weightImport/${reply.id}`).set(k.auth('superAdmin'));
    expect(one.body).toMatchObject({ id: reply.id, overDeclaredRows: 2 });
  });

  it('reads a carrier workbook: its own columns and rows, numbers and text weights', async () => {
    const first = await parcel('2.000', { external_number: 'WX-FIX-0001' });
    const second = await parcel('8.000', { external_number: 'WX-FIX-0002' });
    const reply = await uploaded(fixture('carrier.xlsx'), 'carrier.xlsx');
    expect(reply).toMatchObject({
      kind: 'xlsx',
      totalRows: 3,
      matchedRows: 0,
      overDeclaredRows: 2,
      unmatchedRows: 1,
    });
    expect(reply.report.map((l) => [l.row, l.outcome])).toEqual([
      [2, 'overDeclared'],
      [3, 'overDeclared'],
      [5, 'unmatched'],
    ]);
    expect(await weightsOf(first.id)).toMatchObject({ realWeightKg: '2.250', dimensionalWeightKg: null });
    expect(await weightsOf(second.id)).toMatchObject({ realWeightKg: '7.500', dimensionalWeightKg: '9.000' });
    // A later file without a dimensional weight keeps the parcel's earlier one; a deleted parcel is not matched.
    await k.query('update parcels set deleted_at = now() where id = $1', [first.id]);
    const again = await uploaded(
      csvFile([
        ['Tracking number', 'Weight'],
        ['WX-FIX-0002', '8'],
        ['WX-FIX-0001', '1'],
      ]),
    );
    expect(again).toMatchObject({ matchedRows: 1, unmatchedRows: 1 });
    expect(await weightsOf(second.id)).toMatchObject({ realWeightKg: '8.000', dimensionalWeightKg: '9.000' });
  });

  it('refuses each bad file with its reason and writes nothing', async () => {
    const before = await counts();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [`N-${i}`, '1']);
    const cases: [Buffer, string, number, string][] = [
      [fixture('picture.xlsx'), 'weights.xlsx', 400, MESSAGES.importUnreadable],
      [Buffer.from('not a workbook at all'), 'weights.xlsx', 400, MESSAGES.importUnreadable],
      [fixture('bomb.xlsx'), 'weights.xlsx', 400, MESSAGES.importUnreadable],
      [Buffer.from('\r\n\r\n'), 'weights.csv', 400, MESSAGES.importEmpty],
      [csvFile([['Numer', 'Waga']]), 'weights.csv', 400, MESSAGES.weightHeadersOnly],
      [
        csvFile([
          ['Klient', 'Cena'],
          ['A', '1'],
        ]),
        'weights.csv',
        400,
        MESSAGES.weightNumberColumnMissing,
      ],
      [
        csvFile([
          ['Waybill', 'Cena'],
          ['A', '1'],
        ]),
        'weights.csv',
        400,
        MESSAGES.weightRealColumnMissing,
      ],
      [Buffer.from('Numer;Waga\r\nAB\u0000C;2\r\n'), 'nul.csv', 400, MESSAGES.importUnreadable],
      [Buffer.from('Numer;Waga\r\nA;1'), 'weights.txt', 400, MESSAGES.importFileType],
      [
        csvFile([['Numer', 'Waga'], ...rows(200_001)], 'utf-8'),
        'many.csv',
        400,
        MESSAGES.importTooManyRows(200_000),
      ],
      [Buffer.alloc(51 * 1024 * 1024, 'a'), 'huge.csv', 413, MESSAGES.uploadTooLarge(50)],
    ];
    for (const [bytes, name, status, message] of cases) {
      const res = await upload('admin', bytes, name);
      expect([name, res.status, res.body.message]).toEqual([name, status, message]);
    }
    const none = await k.t.http().post(UPLOAD).set(k.auth('admin')).field('x', 'y');
    expect(none.status).toBe(400);
    expect(await counts()).toEqual(before);
    // Huge text in a cell is a refused line, not a failure; the app still serves.
    const huge = await uploaded(
      csvFile(
        [
          ['Numer', 'Waga'],
          ['x'.repeat(20_000), '1'],
          ['A', '9'.repeat(5000)],
        ],
        'utf-8',
      ),
    );
    expect(huge).toMatchObject({ totalRows: 2, invalidRows: 2 });
    expect((await k.t.http().get('/api/health')).status).toBe(200);
  });

  it('refuses every role but accounting, and API keys; forged ids and cursors', async () => {
    const reply = await uploaded(
      csvFile([
        ['Numer', 'Waga'],
        [`R-${tag()}`, '1'],
      ]),
    );
    const calls = (who: Who) => [
      k.t
        .http()
        .post(UPLOAD)
        .set(k.auth(who))
        .attach(
          'file',
          csvFile([
            ['Numer', 'Waga'],
            ['A', '1'],
          ]),
          'w.csv',
        ),
      k.t.http().post('/api/weightImport/list').set(k.auth(who)).send({}),
      k.t.http().get(`/api/weightImport/${reply.id}`).set(k.auth(who)),
      k.t.http().post(`/api/weightImport/${reply.id}/lines`).set(k.auth(who)).send({}),
      k.t.http().get(`/api/weightImport/${reply.id}/report`).set(k.auth(who)),
    ];
    const refused: Who[] = [
      ...(['salesman', 'operator', 'magazyn', 'user'] as Role[]),
      { apiKey: k.own.apiKey },
    ];
    const before = await counts();
    for (const who of refused)
      for (const res of await Promise.all(calls(who)))
        expect([JSON.stringify(who), res.status]).toEqual([JSON.stringify(who), 403]);
    expect((await k.t.http().post('/api/weightImport/list').send({})).status).toBe(401);
    expect(await counts()).toEqual(before);

    for (const id of ['not-a-uuid', UNKNOWN_ID]) {
      const res = await k.t.http().get(`/api/weightImport/${id}`).set(k.auth('admin'));
      expect([res.status, res.body.message]).toEqual([404, MESSAGES.weightImportNotFound]);
      const rows = await k.t.http().post(`/api/weightImport/${id}/lines`).set(k.auth('admin')).send({});
      expect(rows.status).toBe(404);
      const file = await k.t.http().get(`/api/weightImport/${id}/report`).set(k.auth('admin'));
      expect(file.status).toBe(404);
    }
    const forged = Buffer.from(JSON.stringify({ k: 'abc', id: 'x' })).toString('base64url');
    for (const body of [
      { cursor: forged },
      { cursor: 'x'.repeat(3000) },
      { cursor: '%%%' },
      { filters: { outcome: 'bogus' } },
      { filters: { outcome: 'matched\u0000' } },
      { limit: 'ten' },
      { filters: { other: 1 } },
    ]) {
      const res = await k.t
        .http()
        .post(`/api/weightImport/${reply.id}/lines`)
        .set(k.auth('admin'))
        .send(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    const list = await k.t
      .http()
      .post('/api/weightImport/list')
      .set(k.auth('admin'))
      .send({ cursor: forged });
    expect(list.status).toBe(400);
    expect((await k.t.http().get('/api/health')).status).toBe(200);
  });
});
