import { MESSAGES, type MatrixView, type Principal, type Role } from '@depot/contracts';
import { ExportRegistry, type ExportCell } from '../src/modules/exports/export-source';
import { expectError, expectValidation } from './expectations';
import {
  NO_ACCESS,
  READ_ONLY_OR_NONE,
  startMatricesKit,
  tag,
  UNKNOWN_ID,
  type MatricesKit,
} from './matrices.kit';

/** The route tester, the global carrier change and the matrices export source. */

const v = MESSAGES.validation;

describe('routing: tester, carrier replacement, export', () => {
  let k: MatricesKit;
  const op = {} as Record<'dpd' | 'gls' | 'ups' | 'old' | 'light', string>;
  let main: MatrixView;
  let domestic: MatrixView;

  const resolve = (role: Role, body: Record<string, unknown>) =>
    k.t.http().post('/api/matrix/resolve').set(k.bearer(role)).send(body);
  const change = (role: Role, body: Record<string, unknown>) =>
    k.t.http().put('/api/matrix/update/globalOperatorChange').set(k.bearer(role)).send(body);
  const usage = (role: Role, id: string) =>
    k.t.http().get(`/api/matrix/get/operatorUsage/${id}`).set(k.bearer(role));
  const c = (
    operatorId: string,
    pickupCountry: string | null,
    destinationCountry: string | null,
    maxWeightKg: number,
  ) => ({
    operatorId,
    pickupCountry,
    destinationCountry,
    maxWeightKg,
  });

  beforeAll(async () => {
    k = await startMatricesKit();
    op.dpd = await k.operator({ name: `DPD ${tag()}` });
    op.gls = await k.operator({ name: `GLS ${tag()}` });
    op.ups = await k.operator({ name: `UPS ${tag()}` });
    op.old = await k.operator({ name: `Old ${tag()}`, active: false });
    op.light = await k.operator({ name: `Light ${tag()}`, maxWeightKg: '5' });
    main = await k.created({
      name: `Main ${tag()}`,
      conditions: [
        c(op.old, 'PL', 'DE', 30),
        c(op.dpd, 'PL', 'DE', 30),
        c(op.gls, null, 'DE', 50),
        c(op.light, 'PL', 'CZ', 20),
        c(op.ups, null, null, 100),
      ],
    });
    domestic = await k.created({ name: `Domestic ${tag()}`, conditions: [c(op.gls, 'PL', 'PL', 31.5)] });
  });
  afterAll(async () => {
    await k.close();
  });

  describe('POST /api/matrix/resolve', () => {
    it('the first matrix is the default searched', () => {
      expect([main.isDefault, domestic.isDefault]).toEqual([true, false]);
    });

    it('explains the match: the most specific condition, skipping an inactive carrier', async () => {
      const res = await resolve('operator', {
        pickupCountry: 'pl',
        destinationCountry: 'DE',
        weightKg: '12,5',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        ok: true,
        operator: { id: op.dpd },
        matrix: { id: main.id, name: main.name },
        condition: { position: 2, pickupCountry: 'PL', destinationCountry: 'DE', maxWeightKg: 30 },
        specificity: 'exact',
        fallback: false,
        primaryMatrix: null,
        defaultMatrix: { id: main.id },
        skipped: [
          { cause: 'inactive', condition: { position: 1, operatorId: op.old }, matrix: { id: main.id } },
        ],
      });
    });

    it('a heavier parcel falls to a less specific condition; too heavy for any gives noMatch', async () => {
      const heavier = await resolve('admin', { pickupCountry: 'PL', destinationCountry: 'DE', weightKg: 40 });
      expect(heavier.body).toMatchObject({ ok: true, operator: { id: op.gls }, specificity: 'destination' });
      const none = await resolve('admin', { pickupCountry: 'PL', destinationCountry: 'DE', weightKg: 500 });
      expect(none.body).toMatchObject({
        ok: false,
        reason: 'noMatch',
        searchedMatrices: [{ id: main.id, name: main.name }],
      });
    });

    it("refuses a parcel over the chosen carrier's own limit (overWeight)", async () => {
      const res = await resolve('admin', { pickupCountry: 'PL', destinationCountry: 'CZ', weightKg: 8 });
      expect(res.body).toMatchObject({
        ok: false,
        reason: 'overWeight',
        operator: { id: op.light },
        weightKg: 8,
        limitKg: 5,
        condition: { position: 4 },
      });
    });

    it('tests another matrix with the default as fallback', async () => {
      const own = await resolve('admin', {
        pickupCountry: 'PL',
        destinationCountry: 'PL',
        weightKg: 2,
        matrixId: domestic.id,
      });
      expect(own.body).toMatchObject({
        ok: true,
        operator: { id: op.gls },
        matrix: { id: domestic.id },
        fallback: false,
        primaryMatrix: { id: domestic.id, name: domestic.name },
      });
      const fallback = await resolve('admin', {
        pickupCountry: 'PL',
        destinationCountry: 'FR',
        weightKg: 2,
        matrixId: domestic.id,
      });
      expect(fallback.body).toMatchObject({
        ok: true,
        operator: { id: op.ups },
        matrix: { id: main.id },
        fallback: true,
      });
    });

    it("routes as a client's parcel: its domestic or return matrix by title, else the default", async () => {
      const client = await k.t.createClient({
        domesticMatrixTitle: ` ${domestic.name.toUpperCase()} `,
        returnMatrixTitle: 'No such matrix',
      });
      const home = await resolve('admin', {
        pickupCountry: 'PL',
        destinationCountry: 'PL',
        weightKg: 1,
        clientId: client,
      });
      expect(home.body).toMatchObject({
        ok: true,
        matrix: { id: domestic.id },
        clientMatrixTitle: domestic.name.toUpperCase(),
        clientMatrixMissing: false,
      });
      const ret = await resolve('admin', {
        pickupCountry: 'PL',
        destinationCountry: 'PL',
        weightKg: 1,
        clientId: client,
        isReturn: true,
      });
      expect(ret.body).toMatchObject({
        ok: true,
        matrix: { id: main.id },
        clientMatrixTitle: 'No such matrix',
        clientMatrixMissing: true,
        primaryMatrix: null,
      });
      const abroad = await resolve('admin', {
        pickupCountry: 'PL',
        destinationCountry: 'DE',
        weightKg: 1,
        clientId: client,
      });
      expect(abroad.body).toMatchObject({ ok: true, matrix: { id: main.id }, clientMatrixTitle: null });
    });

    it.each([
      [{ destinationCountry: 'DE', weightKg: 1 }, v.countryRequired, 'pickupCountry'],
      [
        { pickupCountry: 'US', destinationCountry: 'DE', weightKg: 1 },
        v.routingCountryUnsupported,
        'pickupCountry',
      ],
      [{ pickupCountry: 'PL', destinationCountry: 'DE' }, v.routeWeightRequired, 'weightKg'],
      [{ pickupCountry: 'PL', destinationCountry: 'DE', weightKg: 0 }, v.routeWeightInvalid, 'weightKg'],
      [{ pickupCountry: 'PL', destinationCountry: 'DE', weightKg: 'x' }, v.routeWeightInvalid, 'weightKg'],
      [
        {
          pickupCountry: 'PL',
          destinationCountry: 'DE',
          weightKg: 1,
          matrixId: UNKNOWN_ID,
          clientId: UNKNOWN_ID,
        },
        v.routeMatrixOrClient,
        'clientId',
      ],
    ])('refuses %j: "%s"', async (body, message, path) => {
      expectValidation(await resolve('admin', body), message, path);
    });

    it('answers 404 for an unknown matrix or client', async () => {
      const base = { pickupCountry: 'PL', destinationCountry: 'DE', weightKg: 1 };
      expectError(
        await resolve('admin', { ...base, matrixId: UNKNOWN_ID }),
        404,
        'Not Found',
        MESSAGES.matrixNotFound,
      );
      expectError(
        await resolve('admin', { ...base, clientId: UNKNOWN_ID }),
        404,
        'Not Found',
        MESSAGES.clientNotFound,
      );
    });

    it.each(NO_ACCESS)('refuses %s (a client user cannot probe any client either)', async (role) => {
      const res = await resolve(role, {
        pickupCountry: 'PL',
        destinationCountry: 'DE',
        weightKg: 1,
        clientId: UNKNOWN_ID,
      });
      expect(res.status).toBe(403);
    });
  });

  describe('global carrier change', () => {
    it('GET operatorUsage counts the conditions and matrices naming a carrier', async () => {
      const res = await usage('operator', op.gls);
      expect(res.body).toEqual({ operatorId: op.gls, conditions: 2, matrices: 2 });
      expectError(await usage('admin', UNKNOWN_ID), 404, 'Not Found', MESSAGES.operatorNotFound);
      for (const role of NO_ACCESS) expect((await usage(role, op.gls)).status).toBe(403);
    });

    it('moves every condition in one step, audited with the count; parcels are not there yet (0)', async () => {
      const target = await k.operator({ name: `Target ${tag()}` });
      const res = await change('admin', { fromOperatorId: op.gls, toOperatorId: target });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ movedConditions: 2, movedParcels: 0 });
      expect((await usage('admin', op.gls)).body).toMatchObject({ conditions: 0, matrices: 0 });
      expect((await usage('admin', target)).body).toMatchObject({ conditions: 2, matrices: 2 });
      const after = (await k.get('admin', main.id)).body as MatrixView;
      expect(after.conditions.map((x) => x.operatorId)).toEqual([op.old, op.dpd, target, op.light, op.ups]);
      const audit = await k.lastAudit('matrix.globalOperatorChange', op.gls);
      expect(audit).toMatchObject({
        created_by_id: k.ids.admin,
        before: { operatorId: op.gls },
        after: { operatorId: target },
        details: { movedConditions: 2, movedParcels: 0, matrixIds: [main.id, domestic.id].sort() },
      });
      // Nothing left to move: 0, still a success.
      expect((await change('superAdmin', { fromOperatorId: op.gls, toOperatorId: target })).body).toEqual({
        movedConditions: 0,
        movedParcels: 0,
      });
    });

    it('an inactive carrier may be replaced', async () => {
      const res = await change('admin', { fromOperatorId: op.old, toOperatorId: op.dpd });
      expect(res.body).toEqual({ movedConditions: 1, movedParcels: 0 });
    });

    it.each([
      [
        'the same carrier twice',
        () => ({ fromOperatorId: op.dpd, toOperatorId: op.dpd }),
        MESSAGES.replacementSameOperator,
        'toOperatorId',
      ],
      ['no source', () => ({ toOperatorId: op.dpd }), v.replacementFromRequired, 'fromOperatorId'],
      [
        'no target',
        () => ({ fromOperatorId: op.dpd, toOperatorId: '' }),
        v.replacementToRequired,
        'toOperatorId',
      ],
      [
        'an unknown source',
        () => ({ fromOperatorId: UNKNOWN_ID, toOperatorId: op.dpd }),
        MESSAGES.routingOperatorUnknown,
        'fromOperatorId',
      ],
      [
        'an unknown target',
        () => ({ fromOperatorId: op.dpd, toOperatorId: UNKNOWN_ID }),
        MESSAGES.routingOperatorUnknown,
        'toOperatorId',
      ],
      [
        'an inactive target',
        () => ({ fromOperatorId: op.dpd, toOperatorId: op.old }),
        MESSAGES.replacementTargetInactive,
        'toOperatorId',
      ],
    ])('refuses %s, changing nothing', async (_name, body, message, path) => {
      expectValidation(await k.unchanged(() => change('admin', body())), message, path);
    });

    it.each(READ_ONLY_OR_NONE)('refuses %s, changing nothing', async (role) => {
      const res = await k.unchanged(() => change(role, { fromOperatorId: op.dpd, toOperatorId: op.ups }));
      expect(res.status).toBe(403);
    });
  });

  describe('matrices export source', () => {
    const principal = {
      kind: 'session',
      userId: null,
      role: 'admin',
      clientId: null,
    } as unknown as Principal;
    const collect = async (selection: Record<string, unknown>) => {
      const source = k.t.depot.app.get(ExportRegistry).get('matrices')!;
      const rows: Record<string, ExportCell>[] = [];
      const sel = {
        selectedAll: false,
        ids: [],
        exceptId: [],
        filters: {},
        orderBy: undefined,
        ...selection,
      };
      for await (const batch of source.rows(sel, principal)) rows.push(...batch);
      return { rows, count: await source.count(sel, principal), source };
    };

    it('is registered for matrices.read with one row per condition, in list then condition order', async () => {
      const empty = await k.created({ name: `Zz empty ${tag()}` });
      const { rows, count, source } = await collect({ ids: [domestic.id, empty.id, main.id] });
      expect(source.permission).toBe('matrices.read');
      expect(count).toBe(rows.length);
      const fresh = (await k.get('admin', main.id)).body as MatrixView;
      expect(rows).toEqual([
        expect.objectContaining({
          matrix: domestic.name,
          isDefault: false,
          position: 1,
          pickupCountry: 'PL',
          destinationCountry: 'PL',
          maxWeightKg: 31.5,
        }),
        ...fresh.conditions.map((x) =>
          expect.objectContaining({
            matrix: main.name,
            isDefault: true,
            position: x.position,
            pickupCountry: x.pickupCountry,
            destinationCountry: x.destinationCountry,
            maxWeightKg: x.maxWeightKg,
            operator: x.operatorName,
          }),
        ),
        { matrix: empty.name, isDefault: false },
      ]);
    });

    it('honours select-all with a filter and exceptions', async () => {
      const { rows, count } = await collect({
        selectedAll: true,
        filters: { search: 'main' },
        exceptId: [],
      });
      expect(new Set(rows.map((r) => r.matrix))).toEqual(new Set([main.name]));
      expect(count).toBe(5);
      const none = await collect({ selectedAll: true, filters: { search: 'main' }, exceptId: [main.id] });
      expect(none.rows).toEqual([]);
      expect(none.count).toBe(0);
    });

    it('answers the mass export call with an xlsx of the picked matrix', async () => {
      const res = await k.t
        .http()
        .post('/api/matrix/mass/action')
        .set(k.bearer('operator'))
        .send({ actionName: 'selectedRoutingsExportToXls', ids: [main.id], selectedAll: false, exceptId: [] })
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
      const refused = await k.t
        .http()
        .post('/api/matrix/mass/action')
        .set(k.bearer('magazyn'))
        .send({ actionName: 'selectedRoutingsExportToXls', ids: [main.id] });
      expect(refused.status).toBe(403);
    });

    it('refuses filters the list does not know', async () => {
      await expect(collect({ selectedAll: true, filters: { colour: 'red' } })).rejects.toMatchObject({
        response: { message: MESSAGES.exportFiltersInvalid },
      });
    });
  });
});
