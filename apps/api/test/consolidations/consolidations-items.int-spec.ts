import { MESSAGES, rooms, type ConsolidationView, type Role } from '@depot/contracts';
import { eventMatching, startTestDepot, type TestDepot } from '../harness';
import { openSocket, settled, subscribe } from '../realtime/realtime.kit';
import { expectError, expectValidation } from '../expectations';
import { dbProbe, FORBIDDEN, UNKNOWN_ID } from '../role-kit';
import { ALLOWED, consolidationCalls, REFUSED, type ConsolidationCalls } from './consolidations.kit';

/** Consolidations: addPackage and deletePackage under the rules of libs/domain (decision 0128). */

describe('consolidation items API', () => {
  let t: TestDepot;
  let c: ConsolidationCalls;
  let dpd: string;
  let landmark: string;
  const { unchanged, lastAudit } = dbProbe(() => t, ['consolidations', 'consolidation_items']);
  const conflict = (message: string) => [409, 'Conflict', message] as const;

  beforeAll(async () => {
    t = await startTestDepot();
    c = await consolidationCalls(t);
    dpd = await c.carrier(false);
    landmark = await c.carrier(true);
  });
  afterAll(async () => {
    await t.close();
  });

  const add = (role: Role, consolidationId: string, externalNumber: string) =>
    c.post('addPackage', role, { consolidationId, externalNumber });

  describe('POST …/addPackage', () => {
    it('a parcel goes in by its external number; the reply lists it; the log holds it', async () => {
      const n = await c.consolidation();
      const p = await c.parcel(dpd);
      const res = await add('magazyn', n.id, `EXT-${p.internalNumber}`);
      expect(res.status).toBe(200);
      const view = res.body as ConsolidationView;
      expect(view.parcelCount).toBe(1);
      expect(view.parcels).toEqual([
        expect.objectContaining({ id: p.id, internalNumber: p.internalNumber, isLandmark: false }),
      ]);
      expect((await lastAudit('consolidation.addItem', n.id)).details).toEqual({
        barcode: n.barcode,
        parcel: p.internalNumber,
      });
    });

    it.each<Role>(ALLOWED)('a %s adds a parcel', async (role) => {
      const n = await c.consolidation();
      const p = await c.parcel(dpd);
      expect((await add(role, n.id, p.internalNumber)).status).toBe(200);
    });

    it.each<Role>(REFUSED)('a %s is refused and nothing changes', async (role) => {
      const n = await c.consolidation();
      const p = await c.parcel(dpd);
      expectError(await unchanged(() => add(role, n.id, p.internalNumber)), 403, ...FORBIDDEN);
    });

    it('a regular consolidation refuses a Landmark parcel (its mix error) and changes nothing', async () => {
      const n = await c.consolidation();
      const p = await c.parcel(landmark);
      expectError(
        await unchanged(() => add('magazyn', n.id, p.internalNumber)),
        ...conflict(MESSAGES.consolidationMixNormal),
      );
    });

    it('a Landmark consolidation takes Landmark parcels and refuses any other (its mix error)', async () => {
      const l = await c.consolidation({ type: 'normal', isLandmark: true });
      const ok = await c.parcel(landmark);
      expect((await add('magazyn', l.id, ok.internalNumber)).body.parcels[0].isLandmark).toBe(true);
      const other = await c.parcel(dpd);
      expectError(
        await unchanged(() => add('magazyn', l.id, other.internalNumber)),
        ...conflict(MESSAGES.consolidationMixLandmark),
      );
      const noCarrier = await c.parcel(null);
      expectError(
        await unchanged(() => add('magazyn', l.id, noCarrier.internalNumber)),
        ...conflict(MESSAGES.consolidationMixLandmark),
      );
    });

    it('a car holds normal consolidations and parcels of one kind; the car mix error refuses the other kind', async () => {
      const car = await c.car();
      const bag = await c.consolidation();
      const inBag = await c.parcel(dpd);
      await c.added(bag.id, inBag.internalNumber);
      const withBag = await c.added(car.id, bag.barcode);
      expect(withBag.consolidations).toEqual([expect.objectContaining({ id: bag.id, parcelCount: 1 })]);
      expect(withBag.parcelCount).toBe(1);
      const loose = await c.parcel(dpd);
      expect((await c.added(car.id, loose.internalNumber)).parcelCount).toBe(2);
      expect((await c.get('magazyn', bag.id)).body.parent).toEqual({ id: car.id, barcode: car.barcode });
      const lm = await c.parcel(landmark);
      expectError(
        await unchanged(() => add('magazyn', car.id, lm.internalNumber)),
        ...conflict(MESSAGES.consolidationMixCar),
      );
      const lmBag = await c.consolidation({ type: 'normal', isLandmark: true });
      expectError(
        await unchanged(() => add('magazyn', car.id, lmBag.barcode)),
        ...conflict(MESSAGES.consolidationMixCar),
      );
    });

    it('a car of Landmark parcels refuses other parcels with the car mix error', async () => {
      const car = await c.car();
      await c.added(car.id, (await c.parcel(landmark)).internalNumber);
      expectError(
        await unchanged(async () => add('magazyn', car.id, (await c.parcel(dpd)).internalNumber)),
        ...conflict(MESSAGES.consolidationMixCar),
      );
    });

    it('a consolidation cannot be added to a regular one, nor a car into a car, nor a car into itself', async () => {
      const n = await c.consolidation();
      const other = await c.consolidation();
      expectError(
        await unchanged(() => add('magazyn', n.id, other.barcode)),
        ...conflict(MESSAGES.consolidationIntoRegular),
      );
      const car = await c.car();
      const car2 = await c.car();
      expectError(
        await unchanged(() => add('magazyn', car.id, car2.barcode)),
        ...conflict(MESSAGES.consolidationCarInside),
      );
      expectError(
        await unchanged(() => add('magazyn', car.id, car.barcode)),
        ...conflict(MESSAGES.consolidationIntoItself),
      );
    });

    it('a parcel travels in one consolidation: present here, taken elsewhere', async () => {
      const a = await c.consolidation();
      const b = await c.consolidation();
      const p = await c.parcel(dpd);
      await c.added(a.id, p.internalNumber);
      expectError(
        await unchanged(() => add('magazyn', a.id, p.internalNumber)),
        ...conflict(MESSAGES.consolidationItemPresent),
      );
      expectError(
        await unchanged(() => add('magazyn', b.id, p.internalNumber)),
        ...conflict(MESSAGES.consolidationItemTaken),
      );
    });

    it('a delivered or cancelled parcel is not consolidated', async () => {
      const n = await c.consolidation();
      for (const status of ['delivered', 'canceled'] as const) {
        const p = await c.parcel(dpd, { status });
        expectError(
          await unchanged(() => add('magazyn', n.id, p.internalNumber)),
          ...conflict(MESSAGES.consolidationParcelFinal),
        );
      }
    });

    it('a blocked consolidation takes nothing; unblocked, it does', async () => {
      const n = await c.consolidation();
      await c.post('block', 'magazyn', { consolidationId: n.id });
      const p = await c.parcel(dpd);
      expectError(
        await unchanged(() => add('magazyn', n.id, p.internalNumber)),
        ...conflict(MESSAGES.consolidationBlocked),
      );
      await c.post('unblock', 'magazyn', { consolidationId: n.id });
      expect((await add('magazyn', n.id, p.internalNumber)).status).toBe(200);
    });

    it('an unknown number is 404, an unknown consolidation 404, bad input a validation error', async () => {
      const n = await c.consolidation();
      expectError(
        await unchanged(() => add('magazyn', n.id, 'NO-SUCH-NUMBER')),
        404,
        'Not Found',
        MESSAGES.scanNothingFound,
      );
      const p = await c.parcel(dpd);
      expectError(
        await unchanged(() => add('magazyn', UNKNOWN_ID, p.internalNumber)),
        404,
        'Not Found',
        MESSAGES.consolidationNotFound,
      );
      expectValidation(
        await add('magazyn', 'x', p.internalNumber),
        MESSAGES.consolidationIdInvalid,
        'consolidationId',
      );
      expectValidation(await add('magazyn', n.id, ''), MESSAGES.scanNumberRequired, 'externalNumber');
      expectValidation(
        await c.post('addPackage', 'magazyn', { consolidationId: n.id }),
        MESSAGES.scanNumberRequired,
        'externalNumber',
      );
    });
  });

  describe('POST …/deletePackage', () => {
    it('takes a parcel out (logged), and a consolidation out of a car', async () => {
      const car = await c.car();
      const bag = await c.consolidation();
      const p = await c.parcel(dpd);
      await c.added(car.id, p.internalNumber);
      await c.added(car.id, bag.barcode);
      const out = await c.post('deletePackage', 'operator', { consolidationId: car.id, parcelId: p.id });
      expect(out.status).toBe(200);
      expect(out.body.parcels).toEqual([]);
      expect((await lastAudit('consolidation.removeItem', car.id)).details).toEqual({
        barcode: car.barcode,
        parcel: p.internalNumber,
      });
      const bagOut = await c.post('deletePackage', 'operator', {
        consolidationId: car.id,
        childConsolidationId: bag.id,
      });
      expect(bagOut.body.consolidations).toEqual([]);
      expect((await c.get('magazyn', bag.id)).body.parent).toBeNull();
    });

    it('what is not in it is 409; a blocked consolidation gives nothing back', async () => {
      const n = await c.consolidation();
      const p = await c.parcel(dpd);
      expectError(
        await unchanged(() => c.post('deletePackage', 'magazyn', { consolidationId: n.id, parcelId: p.id })),
        ...conflict(MESSAGES.consolidationItemAbsent),
      );
      await c.added(n.id, p.internalNumber);
      await c.post('block', 'magazyn', { consolidationId: n.id });
      expectError(
        await unchanged(() => c.post('deletePackage', 'magazyn', { consolidationId: n.id, parcelId: p.id })),
        ...conflict(MESSAGES.consolidationBlocked),
      );
    });

    it('needs exactly one of parcelId and childConsolidationId', async () => {
      const n = await c.consolidation();
      expectValidation(
        await c.post('deletePackage', 'magazyn', { consolidationId: n.id }),
        MESSAGES.consolidationItemAbsent,
        'parcelId',
      );
      expectValidation(
        await c.post('deletePackage', 'magazyn', {
          consolidationId: n.id,
          parcelId: UNKNOWN_ID,
          childConsolidationId: UNKNOWN_ID,
        }),
        MESSAGES.consolidationItemAbsent,
        'parcelId',
      );
    });

    it.each<Role>(REFUSED)('a %s is refused and nothing changes', async (role) => {
      const n = await c.consolidation();
      const p = await c.parcel(dpd);
      await c.added(n.id, p.internalNumber);
      expectError(
        await unchanged(() => c.post('deletePackage', role, { consolidationId: n.id, parcelId: p.id })),
        403,
        ...FORBIDDEN,
      );
    });
  });

  describe('live: the consolidation room', () => {
    it("a change reaches the consolidation's own room, not the room of another consolidation", async () => {
      const mine = await c.consolidation();
      const other = await c.consolidation();
      const watcher = await openSocket(t, { token: c.tokens.magazyn });
      const elsewhere = await openSocket(t, { token: c.tokens.operator });
      expect(await subscribe(watcher, rooms.consolidation(mine.id))).toEqual({ ok: true });
      expect(await subscribe(elsewhere, rooms.consolidation(other.id))).toEqual({ ok: true });
      let seenElsewhere = 0;
      elsewhere.on('list:change', () => seenElsewhere++);
      const p = await c.parcel(dpd);
      const change = eventMatching(
        watcher,
        'list:change',
        (e) => e.list === 'consolidations' && e.op === 'upsert' && e.row.id === mine.id,
      );
      await c.added(mine.id, p.internalNumber);
      expect(await change).toMatchObject({ row: { id: mine.id, parcelCount: 1 }, created: false });
      await settled(t, elsewhere);
      expect(seenElsewhere).toBe(0);
    });

    it.each(REFUSED)('%s may not join a consolidation room', async (role) => {
      const n = await c.consolidation();
      const s = await openSocket(t, { token: c.tokens[role] });
      expect(await subscribe(s, rooms.consolidation(n.id))).toEqual({ ok: false, error: 'Forbidden' });
    });
  });
});
