import { CONSOLIDATION_BARCODE, MESSAGES, rooms, type ConsolidationView, type Role } from '@depot/contracts';
import { eventMatching, startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { dbProbe, FORBIDDEN, UNKNOWN_ID } from '../role-kit';
import { ALLOWED, BASE, consolidationCalls, REFUSED, type ConsolidationCalls } from './consolidations.kit';

/** Consolidations: create, read, list, lookup and block (SPEC 7 `/operatingModule/consolidation/...`; decision 0128). */

describe('consolidations API', () => {
  let t: TestDepot;
  let c: ConsolidationCalls;
  const { unchanged, lastAudit } = dbProbe(() => t, ['consolidations', 'consolidation_items']);

  beforeAll(async () => {
    t = await startTestDepot();
    c = await consolidationCalls(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents the calls in OpenAPI under the SPEC 7 paths', async () => {
    const res = await t.http().get('/api/docs-json');
    expect(Object.keys(res.body.paths as object)).toEqual(
      expect.arrayContaining(
        [
          'isExternalNumberInDB',
          'create',
          'addPackage',
          'deletePackage',
          'getLabel',
          '{id}',
          'list',
          'block',
          'unblock',
        ].map((p) => `${BASE}/${p}`),
      ),
    );
  });

  describe('POST …/create', () => {
    it('a car consolidation with its driver and registration number; GET shows it; the log and the live list hear it', async () => {
      const s = t.socket({ token: c.tokens.operator });
      await new Promise<void>((resolve) =>
        s.emit('subscribe', rooms.list('consolidations'), () => resolve()),
      );
      const heard = eventMatching(
        s,
        'list:change',
        (ch) => ch.list === 'consolidations' && ch.op === 'upsert' && ch.row.driver === 'Anna Nowak',
      );
      const res = await c.post('create', 'magazyn', {
        type: 'car',
        driver: ' Anna Nowak ',
        registrationNumber: 'FZ 9999',
        isDefaultStatus: true,
      });
      expect(res.status).toBe(201);
      const car = res.body as ConsolidationView;
      expect(car).toMatchObject({
        type: 'car',
        kind: 'car',
        isLandmark: false,
        isBlocked: false,
        blockedAt: null,
        driver: 'Anna Nowak',
        registrationNumber: 'FZ 9999',
        isDefaultStatus: true,
        isVirtualScan: false,
        terminal: 'Zielona Góra',
        parcelCount: 0,
        parcels: [],
        consolidations: [],
        parent: null,
      });
      expect(car.barcode).toMatch(CONSOLIDATION_BARCODE);
      expect(await heard).toMatchObject({ row: { id: car.id, barcode: car.barcode }, created: true });
      s.disconnect();
      const got = await c.get('magazyn', car.id);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(car);
      const log = await lastAudit('consolidation.create', car.id);
      expect(log.after).toMatchObject({ type: 'car', barcode: car.barcode, driver: 'Anna Nowak' });
    });

    it('a normal consolidation drops a driver it does not need; a Landmark one is of kind landmark', async () => {
      const normal = await c.consolidation({ type: 'normal', driver: 'Nobody', isVirtualScan: true });
      expect(normal).toMatchObject({
        kind: 'normal',
        driver: null,
        registrationNumber: null,
        isVirtualScan: true,
      });
      const landmark = await c.consolidation({ type: 'normal', isLandmark: true, terminal: 'Słubice' });
      expect(landmark).toMatchObject({ kind: 'landmark', isLandmark: true, terminal: 'Słubice' });
      expect(landmark.barcode).not.toBe(normal.barcode);
    });

    it.each<Role>(ALLOWED)('a %s creates one', async (role) => {
      expect((await c.post('create', role, { type: 'normal' })).status).toBe(201);
    });

    it.each<Role>(REFUSED)('a %s is refused and nothing changes', async (role) => {
      expectError(await unchanged(() => c.post('create', role, { type: 'normal' })), 403, ...FORBIDDEN);
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['no type', {}, MESSAGES.consolidationTypeInvalid, 'type'],
      ['an unknown type', { type: 'truck' }, MESSAGES.consolidationTypeInvalid, 'type'],
      [
        'a car without a driver',
        { type: 'car', registrationNumber: 'FZ 1' },
        MESSAGES.consolidationDriverRequired,
        'driver',
      ],
      [
        'a car with a blank driver',
        { type: 'car', driver: '  ', registrationNumber: 'FZ 1' },
        MESSAGES.consolidationDriverRequired,
        'driver',
      ],
      [
        'a car without a registration number',
        { type: 'car', driver: 'Jan' },
        MESSAGES.consolidationRegistrationRequired,
        'registrationNumber',
      ],
      [
        'a car marked Landmark',
        { type: 'car', driver: 'Jan', registrationNumber: 'FZ 1', isLandmark: true },
        MESSAGES.consolidationCarLandmark,
        'isLandmark',
      ],
      [
        'a registration number of 21 characters',
        { type: 'car', driver: 'Jan', registrationNumber: 'x'.repeat(21) },
        'At most 20 characters',
        'registrationNumber',
      ],
      [
        'a blank terminal',
        { type: 'normal', terminal: ' ' },
        MESSAGES.validation.terminalRequired,
        'terminal',
      ],
    ])('refuses %s with its message and changes nothing', async (_, body, message, path) => {
      expectValidation(await unchanged(() => c.post('create', 'magazyn', body)), message, path);
    });

    it('refuses an unknown field (a barcode is the server’s to make)', async () => {
      const res = await unchanged(() => c.post('create', 'magazyn', { type: 'normal', barcode: 'CS1' }));
      expect(res.status).toBe(400);
    });
  });

  describe('GET …/{id} and the list', () => {
    it('GET answers isBlocked; an unknown or malformed id is 404', async () => {
      const n = await c.consolidation();
      expect((await c.get('operator', n.id)).body).toMatchObject({ id: n.id, isBlocked: false });
      expectError(await c.get('magazyn', UNKNOWN_ID), 404, 'Not Found', MESSAGES.consolidationNotFound);
      expectError(await c.get('magazyn', 'abc'), 404, 'Not Found', MESSAGES.consolidationNotFound);
    });

    it.each<Role>(REFUSED)('a %s may not read one or list them', async (role) => {
      const n = await c.consolidation();
      expectError(await c.get(role, n.id), 403, ...FORBIDDEN);
      expectError(await c.list(role), 403, ...FORBIDDEN);
    });

    it('lists newest first, in keyset pages, filtered by search, type and blocked', async () => {
      const car = await c.consolidation({
        type: 'car',
        driver: 'Zbigniew Listowy',
        registrationNumber: 'LST 777',
      });
      const normal = await c.consolidation();
      const first = await c.list('magazyn', { limit: '1' });
      expect(first.status).toBe(200);
      expect(first.body.items).toHaveLength(1);
      expect(first.body.items[0].id).toBe(normal.id);
      const second = await c.list('magazyn', { limit: '1', cursor: first.body.nextCursor as string });
      expect(second.body.items[0].id).toBe(car.id);
      const search = await c.list('admin', { search: 'listowy' });
      expect(search.body.items.map((i: { id: string }) => i.id)).toEqual([car.id]);
      expect((await c.list('admin', { search: 'lst 7' })).body.items).toHaveLength(1);
      expect((await c.list('admin', { search: car.barcode })).body.total).toBe(1);
      const cars = await c.list('admin', { type: 'car' });
      expect(cars.body.items.every((i: { type: string }) => i.type === 'car')).toBe(true);
      await c.post('block', 'magazyn', { consolidationId: normal.id });
      const blocked = await c.list('admin', { isBlocked: 'true' });
      expect(blocked.body.items.map((i: { id: string }) => i.id)).toContain(normal.id);
      expect(blocked.body.items.every((i: { isBlocked: boolean }) => i.isBlocked)).toBe(true);
    });

    it('refuses an unknown type filter', async () => {
      expectValidation(await c.list('admin', { type: 'van' }), MESSAGES.consolidationTypeInvalid, 'type');
    });
  });

  describe('POST …/isExternalNumberInDB', () => {
    it('names a parcel by any of its numbers, with its Landmark mark and its consolidation', async () => {
      const landmark = await c.carrier(true);
      const p = await c.parcel(landmark);
      const res = await c.post('isExternalNumberInDB', 'magazyn', {
        externalNumber: ` ext-${p.internalNumber.toLowerCase()} `,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        parcel: expect.objectContaining({
          id: p.id,
          internalNumber: p.internalNumber,
          isLandmark: true,
          consolidation: null,
        }),
        consolidation: null,
      });
      const n = await c.consolidation({ type: 'normal', isLandmark: true });
      await c.added(n.id, p.internalNumber);
      const again = await c.post('isExternalNumberInDB', 'operator', { externalNumber: p.internalNumber });
      expect(again.body.parcel.consolidation).toEqual({ id: n.id, barcode: n.barcode });
    });

    it('names a consolidation by its barcode; nothing is 404', async () => {
      const n = await c.consolidation();
      const res = await c.post('isExternalNumberInDB', 'magazyn', {
        externalNumber: n.barcode.toLowerCase(),
      });
      expect(res.body).toEqual({
        parcel: null,
        consolidation: expect.objectContaining({ id: n.id, barcode: n.barcode }),
      });
      expectError(
        await c.post('isExternalNumberInDB', 'magazyn', { externalNumber: 'NOTHING-HERE-1' }),
        404,
        'Not Found',
        MESSAGES.scanNothingFound,
      );
      expectValidation(
        await c.post('isExternalNumberInDB', 'magazyn', { externalNumber: ' ' }),
        MESSAGES.scanNumberRequired,
        'externalNumber',
      );
    });

    it.each<Role>(REFUSED)('a %s is refused', async (role) => {
      expectError(await c.post('isExternalNumberInDB', role, { externalNumber: 'X1' }), 403, ...FORBIDDEN);
    });
  });

  describe('POST …/block and …/unblock', () => {
    it('block sets isBlocked and blockedAt, unblock clears them, each logged; the same again is 400', async () => {
      const n = await c.consolidation();
      const blocked = await c.post('block', 'operator', { consolidationId: n.id });
      expect(blocked.status).toBe(200);
      expect(blocked.body).toMatchObject({ isBlocked: true, blockedAt: expect.any(String) });
      expect((await c.get('magazyn', n.id)).body.isBlocked).toBe(true);
      expect((await lastAudit('consolidation.block', n.id)).after).toEqual({
        barcode: n.barcode,
        isBlocked: true,
      });
      expectError(
        await unchanged(() => c.post('block', 'operator', { consolidationId: n.id })),
        400,
        'Bad Request',
        MESSAGES.noValueChanged,
      );
      const open = await c.post('unblock', 'admin', { consolidationId: n.id });
      expect(open.body).toMatchObject({ isBlocked: false, blockedAt: null });
      expect(await lastAudit('consolidation.unblock', n.id)).toBeDefined();
    });

    it('an unknown consolidation is 404, a malformed id a validation error', async () => {
      expectError(
        await c.post('block', 'magazyn', { consolidationId: UNKNOWN_ID }),
        404,
        'Not Found',
        MESSAGES.consolidationNotFound,
      );
      expectValidation(
        await c.post('unblock', 'magazyn', { consolidationId: 'x' }),
        MESSAGES.consolidationIdInvalid,
        'consolidationId',
      );
    });

    it.each<Role>(REFUSED)('a %s may not block or unblock', async (role) => {
      const n = await c.consolidation();
      expectError(await unchanged(() => c.post('block', role, { consolidationId: n.id })), 403, ...FORBIDDEN);
      expectError(
        await unchanged(() => c.post('unblock', role, { consolidationId: n.id })),
        403,
        ...FORBIDDEN,
      );
    });
  });
});
