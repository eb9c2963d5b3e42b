import { ERROR_CODES, MESSAGES, type ImportView, type Principal } from '@depot/contracts';
import { APPROVE_BATCH, APPROVE_WRITERS, ImportApprover } from '../../src/modules/imports/import-approver';
import { expectError } from '../expectations';
import { UNKNOWN_ID } from '../parcels/parcels.kit';
import {
  csvFile,
  PL_HEADERS,
  shipment,
  startImportsKit,
  STAFF_REFUSED,
  type ImportsKit,
} from './imports.kit';

/**
 * Imports of shipments (issue 16, decision 0150): a Polish Excel CSV is read (encoding and separator said back),
 * every row checked as the parcel form checks it, nothing created before approve; approve creates the valid rows'
 * parcels once; a row is fixed in place; cancel discards; callers that may not are refused. The files themselves:
 * imports-files.int-spec.ts.
 */
describe('imports of shipments', () => {
  let k: ImportsKit;

  beforeAll(async () => {
    k = await startImportsKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it('reads a Polish Excel CSV, checks every row and creates nothing; approve creates the valid ones once', async () => {
    const shop = await k.shop();
    const file = csvFile([
      PL_HEADERS,
      shipment('ZAM/1'),
      shipment('ZAM/2', { country: 'Niemcy', weight: '1,25' }),
      [],
      shipment('ZAM/3', { weight: '-1' }),
      shipment('ZAM/4', { country: 'Narnia' }),
      shipment('zam/1 '),
    ]);
    const view = await k.uploaded({ token: shop.userToken }, file, 'dzień.csv');
    expect(view).toMatchObject({
      clientId: shop.id,
      fileName: 'dzień.csv',
      kind: 'csv',
      encoding: 'windows-1250',
      delimiter: ';',
      state: 'ready',
      totalRows: 5,
      validRows: 2,
      invalidRows: 3,
      createdRows: 0,
    });
    expect(view.headers).toEqual(PL_HEADERS);
    expect(await k.parcelsOf(shop.id)).toEqual([]);
    const rows = (await k.rows({ token: shop.userToken }, view.id)).items;
    expect(rows.map((r) => [r.row, r.state])).toEqual([
      [2, 'valid'],
      [3, 'valid'],
      [5, 'invalid'],
      [6, 'invalid'],
      [7, 'invalid'],
    ]);
    expect(rows[0]!.rawData).toEqual(shipment('ZAM/1'));
    // Errors name the file's column; the duplicate names the row it repeats.
    expect(rows[2]!.errors).toEqual([{ path: 'Waga (kg)', message: MESSAGES.validation.routeWeightInvalid }]);
    expect(rows[3]!.errors).toEqual([
      { path: 'Kraj odbiorcy', message: MESSAGES.validation.routingCountryUnsupported },
    ]);
    expect(rows[4]!.errors).toEqual([{ path: '', message: MESSAGES.importDuplicateInFile(2) }]);
    expect(rows[4]!.errorMessage).toBe(MESSAGES.importDuplicateInFile(2));

    const approved = await k.approve({ token: shop.userToken }, view.id);
    expect(approved.status).toBe(202);
    expect((approved.body as ImportView).state).toBe('approving');
    const done = await k.reaches(view.id, 'done');
    expect(done).toMatchObject({ createdRows: 2, validRows: 0, invalidRows: 3 });
    const parcels = await k.parcelsOf(shop.id);
    expect(parcels.map((p) => [p.reference_number, p.source])).toEqual([
      ['ZAM/1', 'file'],
      ['ZAM/2', 'file'],
    ]);
    const created = (await k.rows('admin', view.id, { state: 'created' })).items;
    expect(created.map((r) => r.externalTrackingNumber)).toEqual(parcels.map((p) => p.internal_number));
    expect(created.map((r) => r.parcelId)).toEqual(parcels.map((p) => p.id));
    const [berlin] = await k.query<{ destination_country: string; weight_kg: string }>(
      'select destination_country, weight_kg from parcels where id = $1',
      [parcels[1]!.id],
    );
    expect(berlin).toEqual({ destination_country: 'DE', weight_kg: '1.250' });
    // Approving again (or cancelling) a done import is refused; nothing more is created.
    expectError(await k.approve('admin', view.id), 409, 'Conflict', MESSAGES.importNotReady);
    expectError(await k.cancel('admin', view.id), 409, 'Conflict', MESSAGES.importNotReady);
    expect(await k.parcelsOf(shop.id)).toHaveLength(2);
  });

  it('a row fixed in place is checked again and the counts follow; a parcel already made is a duplicate', async () => {
    const shop = await k.shop();
    await k.created(shop.id, { referenceNumber: 'OLD-1' });
    const view = await k.uploaded(
      'admin',
      csvFile([PL_HEADERS, shipment('NEW-1', { weight: 'abc' }), shipment('old-1')], 'utf-8'),
      'shipments.csv',
      { clientId: shop.id },
    );
    expect(view).toMatchObject({ encoding: 'utf-8', validRows: 0, invalidRows: 2 });
    const [bad, dup] = (await k.rows('admin', view.id)).items;
    expect(dup!.errors).toEqual([{ path: '', message: MESSAGES.importDuplicateInDatabase }]);
    const fixed = await k.fix('admin', view.id, bad!.id, shipment('NEW-1', { weight: '3' }));
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ state: 'valid', errors: [], errorMessage: null });
    // Fixed into a duplicate of another row: refused again with why.
    const again = await k.fix('admin', view.id, dup!.id, shipment('new-1'));
    expect(again.body).toMatchObject({
      state: 'invalid',
      errors: [{ path: '', message: MESSAGES.importDuplicateInFile(2) }],
    });
    expect((await k.get('admin', view.id)).body).toMatchObject({ validRows: 1, invalidRows: 1 });
    // Fixing names the row of this import only.
    const stranger = await k.fix('admin', view.id, UNKNOWN_ID, shipment('X'));
    expectError(stranger, 404, 'Not Found', MESSAGES.importRowNotFound);
  });

  it('a number repeated thousands of rows later (another part of the check) is still a duplicate', async () => {
    const shop = await k.shop();
    const rows = Array.from({ length: 2100 }, (_, i) => shipment(`FAR-${i}`));
    rows.push(shipment('far-3'));
    const view = await k.uploaded('admin', csvFile([PL_HEADERS, ...rows], 'utf-8'), 'far.csv', {
      clientId: shop.id,
    });
    expect(view).toMatchObject({ totalRows: 2101, validRows: 2100, invalidRows: 1 });
    const [dup] = (await k.rows('admin', view.id, { state: 'invalid' })).items;
    expect(dup).toMatchObject({
      row: 2102,
      errors: [{ path: '', message: MESSAGES.importDuplicateInFile(5) }],
    });
  });

  it('cancel discards a ready import: nothing created, and it can be neither approved nor fixed after', async () => {
    const shop = await k.shop();
    const view = await k.uploaded({ apiKey: shop.apiKey }, csvFile([PL_HEADERS, shipment('C-1')]));
    const res = await k.cancel({ apiKey: shop.apiKey }, view.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'cancelled', finishedAt: expect.any(String) });
    expect((await k.rows('admin', view.id)).items.map((r) => r.state)).toEqual(['discarded']);
    expectError(await k.approve('admin', view.id), 409, 'Conflict', MESSAGES.importNotReady);
    const [row] = (await k.rows('admin', view.id)).items;
    expectError(
      await k.fix('admin', view.id, row!.id, shipment('C-1')),
      409,
      'Conflict',
      MESSAGES.importNotReady,
    );
    expect(await k.parcelsOf(shop.id)).toEqual([]);
  });

  it('the large endpoint imports and approves in one call, with SPEC’s reply shape', async () => {
    const shop = await k.shop();
    const file = csvFile([PL_HEADERS, shipment('L-1'), shipment('L-2'), shipment('L-3', { weight: 'x' })]);
    const res = await k.t
      .http()
      .post('/api/large/order/createShipmentFromFile')
      .set(k.auth({ apiKey: shop.apiKey }))
      .attach('file', file, 'large.csv');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      importId: expect.any(String),
      successCount: 2,
      errorCount: 1,
      errorList: [{ row: 4, errorMessage: MESSAGES.validation.routeWeightInvalid }],
      errorDetails: [
        { row: 4, errors: [{ path: 'Waga (kg)', message: MESSAGES.validation.routeWeightInvalid }] },
      ],
    });
    expect((await k.parcelsOf(shop.id)).map((p) => p.reference_number)).toEqual(['L-1', 'L-2']);
    expect((await k.get('admin', res.body.importId)).body.state).toBe('done');
  });

  it('approve creates each row at most once: run twice at once, or again after stopping half-way', async () => {
    const shop = await k.shop();
    // One batch per writer, and a short one left after them.
    const written = APPROVE_BATCH * APPROVE_WRITERS;
    const all = written + 50;
    const rows = Array.from({ length: all }, (_, i) => shipment(`ONCE-${i}`));
    const view = await k.uploaded('admin', csvFile([PL_HEADERS, ...rows]), 'once.csv', { clientId: shop.id });
    expect(view.validRows).toBe(all);
    await k.query(`update imports set state = 'approving' where id = $1`, [view.id]);
    const approver = k.t.depot.app.get(ImportApprover);
    const admin = { kind: 'session', userId: k.ids.admin, role: 'admin', clientId: null } as Principal;
    // The first run stops after each writer's first batch, as a process killed between batches would: nothing is
    // written once it has returned.
    const stopped = approver.run(admin, view.id, async () => {
      throw new Error('stopped');
    });
    await expect(stopped).rejects.toThrow('stopped');
    expect(await k.parcelsOf(shop.id)).toHaveLength(written);
    // Resumed twice at once: the rest is created once.
    await Promise.all([
      approver.run(admin, view.id, async () => undefined),
      approver.run(admin, view.id, async () => undefined),
    ]);
    const parcels = await k.parcelsOf(shop.id);
    expect(parcels).toHaveLength(all);
    expect(new Set(parcels.map((p) => p.reference_number)).size).toBe(all);
    expect((await k.get('admin', view.id)).body).toMatchObject({
      state: 'done',
      createdRows: all,
      validRows: 0,
    });
  });

  it('refuses roles, other clients, unknown and forged ids, and clients that may not order', async () => {
    const shop = await k.shop();
    const view = await k.uploaded({ token: shop.userToken }, csvFile([PL_HEADERS, shipment('R-1')]));
    const bytes = csvFile([PL_HEADERS, shipment('R-2')]);
    const [row] = (await k.rows('admin', view.id)).items;
    for (const role of STAFF_REFUSED) {
      const http = k.t.http();
      const auth = k.auth(role);
      const refused = [
        await k.upload(role, { bytes, name: 's.csv' }, { clientId: shop.id }),
        await http.post('/api/large/order/createShipmentFromFile').set(auth).attach('file', bytes, 's.csv'),
        await http.post('/api/import/list').set(auth).send({}),
        await k.get(role, view.id),
        await http.post(`/api/import/${view.id}/rows`).set(auth).send({}),
        await k.fix(role, view.id, row!.id, shipment('R-1')),
        await k.approve(role, view.id),
        await k.cancel(role, view.id),
        await http.get('/api/import/template').set(auth),
        await http.get(`/api/import/${view.id}/failedRows`).set(auth),
      ];
      expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
    }
    expect((await k.get('admin', view.id)).body).toMatchObject({ state: 'ready', validRows: 1 });
    const other = { token: k.other.userToken };
    expectError(await k.get(other, view.id), 404, 'Not Found', MESSAGES.importNotFound);
    expectError(await k.approve(other, view.id), 404, 'Not Found', MESSAGES.importNotFound);
    expectError(
      await k.cancel({ apiKey: k.other.apiKey }, view.id),
      404,
      'Not Found',
      MESSAGES.importNotFound,
    );
    const list = await k.t.http().post('/api/import/list').set(k.auth(other)).send({});
    expect(list.body.items.map((i: ImportView) => i.id)).not.toContain(view.id);
    // A client user naming another client reads as a missing client; staff must name one.
    const foreign = await k.upload(
      { token: shop.userToken },
      { bytes, name: 's.csv' },
      { clientId: k.other.id },
    );
    expectError(foreign, 404, 'Not Found', MESSAGES.clientNotFound);
    const unnamed = await k.upload('admin', { bytes, name: 's.csv' });
    expect([unnamed.status, unnamed.body.message]).toEqual([400, MESSAGES.validation.clientRequired]);
    for (const id of [UNKNOWN_ID, 'not-an-id']) {
      expectError(await k.get('admin', id), 404, 'Not Found', MESSAGES.importNotFound);
      expectError(await k.approve('admin', id), 404, 'Not Found', MESSAGES.importNotFound);
    }
    const badCursor = await k.t
      .http()
      .post(`/api/import/${view.id}/rows`)
      .set(k.auth('admin'))
      .send({ cursor: 'forged' });
    expect(badCursor.status).toBe(400);
    const badFix = await k.t
      .http()
      .put(`/api/import/${view.id}/rows/${UNKNOWN_ID}`)
      .set(k.auth('admin'))
      .send({ cells: 'x' });
    expect(badFix.status).toBe(400);
    // A client that may not order can neither upload nor approve.
    await k.query('update clients set disable_new_orders = true where id = $1', [shop.id]);
    expectError(
      await k.upload({ token: shop.userToken }, { bytes, name: 's.csv' }),
      403,
      ERROR_CODES.ordersBlocked,
      MESSAGES.ordersBlocked,
    );
    expectError(
      await k.approve({ token: shop.userToken }, view.id),
      403,
      ERROR_CODES.ordersBlocked,
      MESSAGES.ordersBlocked,
    );
    expect((await k.get('admin', view.id)).body.state).toBe('ready');
    expect(await k.parcelsOf(shop.id)).toEqual([]);
  });
});
