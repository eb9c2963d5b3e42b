import { parse } from 'csv-parse/sync';
import {
  catalogueText,
  MESSAGES,
  type ExportJobResult,
  type JobFinished,
  type JobProgress,
  type Language,
  type ParcelView,
} from '@depot/contracts';
import { PARCEL_EXPORT_COLUMNS } from '../../src/modules/parcels/export/parcels.export-source';
import { connected } from '../harness';
import { binary, columnOf, expectErrorOf, jsonOf, sheetOf, XLSX_TYPE } from '../exports/exports.kit';
import { address, startParcelsKit, tag, UNKNOWN_ID, type ParcelsKit } from './parcels.kit';

/**
 * POST /order/selectedOrders (xlsx) and POST /order/exportCSV (decisions 0080, 0081): one parcel by id, picked
 * parcels or the list's select-all with its filters, order and exceptions; a client user's own parcels only;
 * selections over EXPORT_DIRECT_MAX_ROWS (4 here) as the export job with progress and a download.
 */
const CSV_TYPE = 'text/csv; charset=utf-8';
const PATHS = { xlsx: '/api/order/selectedOrders', csv: '/api/order/exportCSV' } as const;
type Format = keyof typeof PATHS;

/** The rows of a CSV reply (header first), checking the byte order mark and CRLF line ends. */
function csvRows(content: Buffer): string[][] {
  expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = content.toString('utf8');
  expect(text.includes('\r\n')).toBe(true);
  return parse(text, { bom: true, relax_column_count: false }) as string[][];
}

/** The header of an exported field in the reader's language: the panel's label for it, from the catalogue. */
const headerOf = (key: string, lang: Language = 'en'): string =>
  catalogueText(lang, PARCEL_EXPORT_COLUMNS.find((c) => c.key === key)!.header);

/** The internal numbers of an exported file, top to bottom. */
async function numbersIn(format: Format, content: Buffer): Promise<unknown[]> {
  if (format === 'xlsx') return columnOf(content, headerOf('internalNumber'));
  const [header, ...rows] = csvRows(content);
  return rows.map((r) => r[header.indexOf(headerOf('internalNumber'))]);
}

describe('parcel exports', () => {
  let k: ParcelsKit;
  /** Parcels of the kit's own client, in creation order; the first one has a formula-looking note. */
  const mine: ParcelView[] = [];
  let theirs: ParcelView;

  const call = (format: Format, who: Parameters<ParcelsKit['auth']>[0], body: unknown) =>
    k.t
      .http()
      .post(PATHS[format])
      .set(k.auth(who))
      .send(body as object)
      .buffer(true)
      .parse(binary);

  beforeAll(async () => {
    k = await startParcelsKit({ EXPORT_DIRECT_MAX_ROWS: '4' });
    const cities = ['Łódź', 'Berlin', 'Praha', 'Wien', 'Köln', 'Gdańsk'];
    for (let i = 0; i < 6; i++) {
      mine.push(
        await k.created(k.own.id, {
          weightKg: String(1 + i),
          referenceNumber: `R-${tag()}`,
          note1: i === 0 ? '=1+2' : null,
          destinationAddress: address({
            city: cities[i],
            country: i % 2 ? 'DE' : 'PL',
            name: `Odbiorca ${i}`,
          }),
          cod: i === 0 ? { amountCOD: '12.50', codCurrency: 'PLN' } : undefined,
        }),
      );
    }
    theirs = await k.created(k.other.id);
  });
  afterAll(async () => {
    await k.close();
  });

  it('exports one parcel by id to xlsx with its fields, numbers as numbers and dates as dates', async () => {
    const p = mine[0];
    const res = await call('xlsx', 'admin', { id: p.id });
    expect({ status: res.status, type: res.headers['content-type'] }).toEqual({
      status: 200,
      type: XLSX_TYPE,
    });
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="parcels-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    expect(res.headers['x-export-rows']).toBe('1');
    const ws = await sheetOf(res.body as Buffer);
    expect(ws.name).toBe(catalogueText('en', 'parcels.title'));
    expect(ws.rowCount).toBe(2);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const row = Object.fromEntries(header.map((h, i) => [h, ws.getRow(2).getCell(i + 1).value]));
    const byField = {
      internalNumber: p.internalNumber,
      referenceNumber: p.referenceNumber,
      externalNumber: null,
      firstMileNumber: null,
      lastMileNumber: null,
      alternativeNumber: null,
      barcode: null,
      clientName: p.clientName,
      // Coded fields by the panel's names for them (decision 0116).
      orderType: catalogueText('en', 'parcels.orderType.domestic'),
      source: catalogueText('en', 'parcels.source.form'),
      status: catalogueText('en', 'parcels.status.new'),
      operatorName: p.operatorName,
      isCorrect: 'Yes',
      weightKg: 1,
      packageCount: 1,
      sizeCmL: 30,
      sizeCmW: 20,
      sizeCmD: 10,
      value: 100,
      valueCurrency: 'PLN',
      content: 'Books',
      codAmount: 12.5,
      codCurrency: 'PLN',
      insuranceAmount: null,
      pickupName: 'Sklep',
      pickupCity: 'Gdańsk',
      pickupCountry: 'PL',
      destinationName: 'Odbiorca 0',
      destinationStreet: 'Długa',
      destinationBuilding: '5',
      destinationZipCode: '80-001',
      destinationCity: 'Łódź',
      destinationCountry: 'PL',
      destinationPhone: '+48 600 100 200',
      destinationEmail: 'jan@example.pl',
      dropOffPoint: null,
      note1: '=1+2',
      note2: null,
      deliveryDate: null,
      firstScanAt: null,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
      id: p.id,
    };
    expect(row).toEqual(Object.fromEntries(Object.entries(byField).map(([key, v]) => [headerOf(key), v])));
  });

  it('exports one parcel by id to CSV (BOM, CRLF, English header) with formulas defused', async () => {
    const p = mine[0];
    const res = await call('csv', 'operator', { id: p.id });
    expect({ status: res.status, type: res.headers['content-type'] }).toEqual({
      status: 200,
      type: CSV_TYPE,
    });
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="parcels-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, row, ...rest] = csvRows(res.body as Buffer);
    expect(rest).toEqual([]);
    expect(header.slice(0, 4)).toEqual(
      ['internalNumber', 'referenceNumber', 'externalNumber', 'firstMileNumber'].map((key) => headerOf(key)),
    );
    const cell = (key: string) => row[header.indexOf(headerOf(key))];
    expect(cell('internalNumber')).toBe(p.internalNumber);
    expect(cell('destinationCity')).toBe('Łódź');
    expect(cell('weightKg')).toBe('1');
    expect(cell('codAmount')).toBe('12.5');
    expect(cell('isCorrect')).toBe('Yes');
    // CSV keeps the codes the API and its filters take (decision 0116).
    expect([cell('status'), cell('orderType'), cell('source')]).toEqual(['new', 'domestic', 'form']);
    expect(cell('note1')).toBe("'=1+2");
    expect(cell('note2')).toBe('');
    expect(cell('createdAt')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cell('id')).toBe(p.id);
  });

  it.each(['xlsx', 'csv'] as const)(
    '%s: a select-all honours the filters, the order and the exceptions exactly',
    async (format) => {
      const body = {
        getListReq: {
          selectedAll: true,
          filters: { clientId: k.own.id, destinationCountry: 'DE' },
          orderBy: { field: 'weightKg', direction: 'desc' },
        },
        exceptId: [mine[3].id],
      };
      const res = await call(format, 'salesman', body);
      expect(res.status).toBe(200);
      const expected = [mine[5], mine[1]].map((p) => p.internalNumber);
      expect(await numbersIn(format, res.body as Buffer)).toEqual(expected);
    },
  );

  it('exports picked parcels in the list order (newest first by default)', async () => {
    const res = await call('csv', 'admin', { ids: [mine[1].id, mine[2].id] });
    const [header, ...rows] = csvRows(res.body as Buffer);
    expect(rows.map((r) => r[header.indexOf(headerOf('internalNumber'))])).toEqual([
      mine[2].internalNumber,
      mine[1].internalNumber,
    ]);
  });

  it('gives a client user its own parcels only, whatever it asks for', async () => {
    // Select-all without a client filter: the own client's parcels only.
    const all = await call('csv', 'user', {
      selectedAll: true,
      exceptId: [mine[0].id, mine[1].id],
      orderBy: { field: 'internalNumber', direction: 'asc' },
    });
    const [header, ...rows] = csvRows(all.body as Buffer);
    expect(rows.map((r) => r[header.indexOf(headerOf('internalNumber'))])).toEqual(
      mine.slice(2).map((p) => p.internalNumber),
    );
    // Asking for the other client's parcels by filter: nothing (the header alone).
    const filtered = await call('xlsx', 'user', { selectedAll: true, filters: { clientId: k.other.id } });
    expect(filtered.status).toBe(200);
    expect((await sheetOf(filtered.body as Buffer)).rowCount).toBe(1);
    // By id, or picked: not found, like a parcel that does not exist.
    for (const format of ['xlsx', 'csv'] as const) {
      expectErrorOf(await call(format, 'user', { id: theirs.id }), 404, 'Not Found', MESSAGES.parcelNotFound);
      expectErrorOf(
        await call(format, 'user', { ids: [theirs.id] }),
        404,
        'Not Found',
        MESSAGES.parcelNotFound,
      );
    }
    // Staff see it.
    expect((await call('csv', 'magazyn', { id: theirs.id })).status).toBe(200);
  });

  it('writes Polish headers and yes/no for a Polish user', async () => {
    await k.query(`update users set lang = 'pl' where id = $1`, [k.ids.magazyn]);
    const res = await call('csv', 'magazyn', { id: mine[0].id });
    const [header, row] = csvRows(res.body as Buffer);
    expect(header[0]).toBe(headerOf('internalNumber', 'pl'));
    expect(row[header.indexOf(headerOf('isCorrect', 'pl'))]).toBe(catalogueText('pl', 'common.yes'));
    // Headed as the panel's parcels list is ("Typ zlecenia", "Kraj doręczenia"), not with copies of its own.
    expect(header[PARCEL_EXPORT_COLUMNS.findIndex((c) => c.key === 'orderType')]).toBe(
      catalogueText('pl', 'parcels.field.orderType'),
    );
    expect(header[PARCEL_EXPORT_COLUMNS.findIndex((c) => c.key === 'destinationCountry')]).toBe(
      catalogueText('pl', 'parcels.field.destinationCountry'),
    );
    const stem = encodeURIComponent(catalogueText('pl', 'parcels.title').toLowerCase());
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`filename\\*=UTF-8''${stem}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    await k.query(`update users set lang = 'en' where id = $1`, [k.ids.magazyn]);
  });

  it('writes statuses, order types, sources and yes/no in Polish words for a Polish user (xlsx)', async () => {
    await k.query(`update users set lang = 'pl' where id = $1`, [k.ids.magazyn]);
    try {
      const picked = [mine[0], mine[1]];
      const res = await call('xlsx', 'magazyn', { ids: picked.map((p) => p.id) });
      expect(res.status).toBe(200);
      const ws = await sheetOf(res.body as Buffer);
      expect(ws.name).toBe(catalogueText('pl', 'parcels.title'));
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      const rows = [2, 3].map((r) =>
        Object.fromEntries(header.map((h, i) => [h, ws.getRow(r).getCell(i + 1).value])),
      );
      const inPolish = (p: ParcelView) => ({
        [headerOf('internalNumber', 'pl')]: p.internalNumber,
        [headerOf('status', 'pl')]: catalogueText('pl', `parcels.status.${p.status}`),
        [headerOf('orderType', 'pl')]: catalogueText('pl', `parcels.orderType.${p.orderType}`),
        [headerOf('source', 'pl')]: catalogueText('pl', `parcels.source.${p.source}`),
        [headerOf('weightKg', 'pl')]: Number(p.weightKg),
      });
      // Newest first, as the list shows them; the first parcel is domestic (PL → PL), the second goes to DE.
      expect(rows).toEqual([mine[1], mine[0]].map((p) => expect.objectContaining(inPolish(p))));
      expect(rows[1][headerOf('isCorrect', 'pl')]).toBe(catalogueText('pl', 'common.yes'));
      expect(rows.map((r) => r[headerOf('status', 'pl')])).toEqual(['Nowa', 'Nowa']);
      expect(rows.map((r) => r[headerOf('orderType', 'pl')])).not.toContain('domestic');
      expect(rows.map((r) => r[headerOf('source', 'pl')])).toEqual(['Formularz', 'Formularz']);
    } finally {
      await k.query(`update users set lang = 'en' where id = $1`, [k.ids.magazyn]);
    }
  });

  it.each(['xlsx', 'csv'] as const)(
    '%s: refuses bad input with a clear message and exports nothing',
    async (format) => {
      const audited = async () =>
        Number(
          (await k.query<{ n: string }>(`select count(*) as n from audit_log where type like 'export.%'`))[0]
            .n,
        );
      const before = await audited();
      const v = (res: Awaited<ReturnType<typeof call>>, message: string, path: string) =>
        expectErrorOf(res, 400, 'ValidationError', message, { path, message });
      v(await call(format, 'admin', { id: 'nope' }), MESSAGES.parcelExportIdInvalid, 'id');
      v(await call(format, 'admin', {}), MESSAGES.exportNothingSelected, 'ids');
      v(await call(format, 'admin', { ids: ['x'] }), MESSAGES.exportSelectionInvalid, 'ids.0');
      expectErrorOf(
        await call(format, 'admin', { selectedAll: true, filters: { statuses: ['lost'] } }),
        400,
        'ValidationError',
        MESSAGES.exportFiltersInvalid,
        { path: 'filters.statuses.0', message: expect.any(String) },
      );
      expectErrorOf(
        await call(format, 'admin', { selectedAll: true, orderBy: { field: 'colour', direction: 'asc' } }),
        400,
        'ValidationError',
        MESSAGES.exportFiltersInvalid,
        { path: 'orderBy.field', message: expect.any(String) },
      );
      expectErrorOf(
        await call(format, 'admin', { id: UNKNOWN_ID }),
        404,
        'Not Found',
        MESSAGES.parcelNotFound,
      );
      expect(await audited()).toBe(before);
    },
  );

  it('refuses API keys and calls without a session', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      expect((await call(format, { apiKey: k.own.apiKey }, { id: mine[0].id })).status).toBe(403);
      const anonymous = await k.t.http().post(PATHS[format]).send({ id: mine[0].id });
      expect(anonymous.status).toBe(401);
    }
  });

  it.each(['csv', 'xlsx'] as const)(
    '%s: a large selection runs as the export job with progress, and its owner downloads exactly the rows',
    async (format) => {
      const u = { token: k.own.userToken };
      const socket = k.t.socket({ token: u.token });
      await connected(socket);
      const events: { event: string; payload: { jobId?: string } & Record<string, unknown> }[] = [];
      socket.onAny((event: string, payload: (typeof events)[number]['payload']) => {
        events.push({ event, payload });
      });
      try {
        const res = await call(format, u, {
          selectedAll: true,
          exceptId: [mine[0].id],
          orderBy: { field: 'createdAt', direction: 'asc' },
        });
        expect(res.status).toBe(202);
        const { jobId } = jsonOf(res) as { jobId: string };
        const end = await new Promise<(typeof events)[number]>((resolve, reject) => {
          const started = Date.now();
          const timer = setInterval(() => {
            const hit = events.find((e) => e.payload.jobId === jobId && e.event !== 'job:progress');
            if (hit || Date.now() - started > 20_000) {
              clearInterval(timer);
              if (hit) resolve(hit);
              else reject(new Error('the export job did not end'));
            }
          }, 20);
        });
        expect(end.event).toBe('job:finished');
        const progress = events
          .filter((e) => e.event === 'job:progress' && e.payload.jobId === jobId)
          .map((e) => (e.payload as unknown as JobProgress).progress);
        expect(progress[0]).toBe(0);
        expect(progress.at(-1)).toBe(100);
        const result = (end.payload as unknown as JobFinished).result as ExportJobResult;
        expect(result).toEqual(
          expect.objectContaining({
            entity: 'parcels',
            rows: 5,
            fileName: expect.stringMatching(new RegExp(`^parcels-\\d{4}-\\d{2}-\\d{2}\\.${format}$`)),
          }),
        );
        const file = await k.t.http().get(result.url).set(k.auth(u)).buffer(true).parse(binary);
        expect(file.status).toBe(200);
        expect(file.headers['content-type']).toBe(format === 'csv' ? CSV_TYPE : XLSX_TYPE);
        const expected = mine.slice(1).map((p) => p.internalNumber);
        expect(await numbersIn(format, file.body as Buffer)).toEqual(expected);
        // Nobody else may download it.
        expect((await k.t.http().get(result.url).set(k.auth('admin'))).status).toBe(404);
        const audit = await k.query<{ rows: string }>(
          `select details->>'rows' as rows from audit_log where type = $1 and entity_id = $2`,
          [`export.${format}`, result.fileId],
        );
        expect(audit).toEqual([{ rows: '5' }]);
      } finally {
        socket.disconnect();
      }
    },
  );
});
