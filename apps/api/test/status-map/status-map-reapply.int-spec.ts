import { rooms, type ParcelStatus } from '@depot/contracts';
import { connected, eventMatching, type DepotSocket } from '../harness';
import { entry, startStatusMapKit, uniqueCode, workbook, type StatusMapKit } from './status-map.kit';

/**
 * A change of a code's meaning re-applies to the parcels standing on it (decision 0144): parcels of that carrier type
 * whose carrier code it is, not deleted, not cancelled, whose status differs, take the new status with a history row
 * (source carrier, the code and its words, by the person who changed the map), live in the parcels list and to the
 * client; `new` moves none; a parcel that reaches `return` gets its automatic return parcel. A status a person sets
 * takes the parcel off the carrier's code. The impact call counts the same parcels without moving them.
 */

describe('status map: a change re-applies to parcels standing on the code', () => {
  let s: StatusMapKit;
  let gls: string;
  let gls2: string;
  /** A staff colleague following the parcels list, and the kit's client user (its client's room). */
  let parcelsRoom: DepotSocket;
  let clientSocket: DepotSocket;

  const statuses = async (ids: string[]) => Promise.all(ids.map(async (id) => (await s.state(id)).status));
  /** The parcels list told that these parcels changed (by ids: an open list reads them again; decision 0145). */
  const listed = async (ids: string[]) => {
    const ch = await eventMatching(
      parcelsRoom,
      'list:change',
      (c) => c.list === 'parcels' && c.op === 'changedMany' && ids.every((id) => c.ids.includes(id)),
    );
    return ch.op === 'changedMany' ? [...ch.ids].sort() : [];
  };
  /** The client's room told of a parcel's new status, by the carrier. */
  const told = (id: string, status: ParcelStatus) =>
    eventMatching(clientSocket, 'parcel:status_changed', (p) => p.id === id && p.status === status);

  beforeAll(async () => {
    s = await startStatusMapKit();
    // Two carriers of one type: a map belongs to the type, so parcels of both follow it.
    gls = await s.carrier('GLS');
    gls2 = await s.carrier('GLS');
    parcelsRoom = await s.listening('magazyn', rooms.list('parcels'));
    clientSocket = s.k.t.socket({ token: s.k.tokens.user });
    await connected(clientSocket);
  });
  afterAll(async () => {
    await s.close();
  });

  it('impact counts the parcels a save would move; the save moves exactly those, with carrier history, live', async () => {
    const [code, other] = [uniqueCode('Out'), uniqueCode('Other')];
    const moving = [await s.standing(gls, code, 'pickup'), await s.standing(gls2, code, 'inTransport')];
    const canceled = await s.standing(gls, code, 'canceled');
    const otherType = await s.standing(s.k.operatorId, code, 'pickup');
    const deleted = await s.standing(gls, code, 'pickup');
    await s.k.query('update parcels set deleted_at = now() where id = $1', [deleted]);
    const already = await s.standing(gls, code, 'inDelivery');
    const byHand = await s.standing(gls, code, 'pickup');
    const onOther = await s.standing(gls, other, 'pickup');
    // A person sets a status: the parcel no longer stands on the carrier's code.
    expect((await s.k.setStatus(byHand, 'problem')).status).toBe(200);
    expect(await s.state(byHand)).toMatchObject({ status: 'problem', carrier_status_code: null });
    const still = [canceled, otherType, deleted, already, byHand, onOther];
    const stillBefore = await statuses(still);

    const nobody = uniqueCode('Nobody');
    const impact = await s.probe.unchanged(() =>
      s.impact('operator', {
        operatorType: 'GLS',
        rows: [
          { code, dbName: 'inDelivery' },
          { code: other, dbName: 'new' },
          { code: nobody, dbName: 'delivered' },
        ],
      }),
    );
    expect(impact.body).toEqual({
      parcels: 2,
      byCode: [
        { code, parcels: 2 },
        { code: other, parcels: 0 },
        { code: nobody, parcels: 0 },
      ],
    });
    const elsewhere = await s.impact('admin', {
      operatorType: 'GLS',
      rows: [
        { code: other, dbName: 'problem' },
        { code, dbName: null },
      ],
    });
    expect(elsewhere.body.byCode).toEqual([
      { code: other, parcels: 1 },
      { code, parcels: 0 },
    ]);
    const dpd = await s.impact('admin', { operatorType: 'DPD', rows: [{ code, dbName: 'inDelivery' }] });
    expect(dpd.body.parcels).toBe(1);

    const heard = listed(moving);
    const clientHeard = moving.map((id) => told(id, 'inDelivery'));
    const res = await s.save('operator', {
      operatorType: 'GLS',
      rows: [entry(code, 'inDelivery', { description: 'Out for delivery' }), entry(other, 'new')],
    });
    expect(res.body).toEqual({ created: 2, updated: 0, unchanged: 0, parcelsChanged: 2 });
    expect(await heard).toEqual([...moving].sort());
    expect(await Promise.all(clientHeard)).toMatchObject([
      { previousStatus: 'pickup', source: 'carrier' },
      { previousStatus: 'inTransport', source: 'carrier' },
    ]);
    expect(await statuses(moving)).toEqual(['inDelivery', 'inDelivery']);
    for (const [i, id] of moving.entries()) {
      expect(await s.state(id)).toMatchObject({ carrier_status_code: code, delivery_date: null });
      expect(await s.carrierHistory(id)).toEqual([
        {
          status: 'inDelivery',
          previous_status: ['pickup', 'inTransport'][i],
          source: 'carrier',
          changed_by_id: s.k.ids.operator,
          carrier_code: code,
          carrier_description: 'Out for delivery',
        },
      ]);
    }
    expect(await statuses(still)).toEqual(stillBefore);
    for (const id of still) expect(await s.carrierHistory(id)).toEqual([]);
    const [audit] = await s.k.query<{ details: Record<string, unknown> }>(
      `select details from audit_log where type = 'statusMap.save' order by id desc limit 1`,
    );
    expect(audit.details).toMatchObject({ operatorType: 'GLS', created: 2, parcelsChanged: 2 });
  });

  it('update re-applies a new status; new words alone, or a mapping to new, move nothing', async () => {
    const code = uniqueCode('Upd');
    const row = await s.created('GLS', code, 'parcelCenter');
    const [a, b] = [await s.standing(gls, code, 'parcelCenter'), await s.standing(gls2, code, 'pickup')];
    const heard = listed([a, b]);
    const res = await s.update('admin', { id: row.id, dbName: 'delivered', description: 'Signed for' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ row: { dbName: 'delivered', isTerminal: true }, parcelsChanged: 2 });
    expect(await heard).toEqual([a, b].sort());
    expect(await statuses([a, b])).toEqual(['delivered', 'delivered']);
    expect((await s.state(a)).delivery_date).not.toBeNull();
    expect(await s.carrierHistory(b)).toEqual([
      {
        status: 'delivered',
        previous_status: 'pickup',
        source: 'carrier',
        changed_by_id: s.k.ids.admin,
        carrier_code: code,
        carrier_description: 'Signed for',
      },
    ]);

    const late = await s.standing(gls, code, 'pickup');
    const words = await s.update('operator', { id: row.id, description: 'Signed for by the neighbour' });
    expect(words.body.parcelsChanged).toBe(0);
    const toNew = await s.update('operator', { id: row.id, dbName: 'new' });
    expect(toNew.body).toMatchObject({ row: { dbName: 'new', isTerminal: false }, parcelsChanged: 0 });
    expect(await statuses([a, b, late])).toEqual(['delivered', 'delivered', 'pickup']);
    // Carriers report out of order: the carrier's word is taken as it comes, a delivered parcel included.
    const problem = await s.update('operator', { id: row.id, dbName: 'problem' });
    expect(problem.body.parcelsChanged).toBe(3);
    expect(await statuses([a, b, late])).toEqual(['problem', 'problem', 'problem']);
    expect((await s.carrierHistory(late)).map((h) => h.carrier_description)).toEqual([
      'Signed for by the neighbour',
    ]);
  });

  it('create maps a code carriers sent before it was mapped: its parcels move at once', async () => {
    const code = uniqueCode('Late');
    const p = await s.standing(gls2, code, 'pickup');
    const heard = told(p, 'parcelCenter');
    const res = await s.create('admin', {
      operatorType: 'GLS',
      code,
      description: 'In depot',
      dbName: 'parcelCenter',
    });
    expect(res.status).toBe(201);
    expect(res.body.parcelsChanged).toBe(1);
    expect(await heard).toMatchObject({ previousStatus: 'pickup', source: 'carrier' });
    expect(await s.carrierHistory(p)).toMatchObject([
      { status: 'parcelCenter', previous_status: 'pickup', changed_by_id: s.k.ids.admin, carrier_code: code },
    ]);
  });

  it('mapping a code to new moves none of its parcels, whatever their status', async () => {
    const code = uniqueCode('New');
    const ids = [await s.standing(gls, code, 'pickup'), await s.standing(gls, code, 'delivered')];
    const res = await s.probe.unchanged(async () => {
      const impact = await s.impact('admin', { operatorType: 'GLS', rows: [{ code, dbName: 'new' }] });
      expect(impact.body).toEqual({ parcels: 0, byCode: [{ code, parcels: 0 }] });
      return impact;
    });
    expect(res.status).toBe(200);
    expect((await s.saved('GLS', [entry(code, 'new')])).parcelsChanged).toBe(0);
    expect(await statuses(ids)).toEqual(['pickup', 'delivered']);
  });

  it('an import re-applies the codes it maps and leaves a known mapping the file does not name', async () => {
    const [known, fresh] = [uniqueCode('Known'), uniqueCode('Fresh')];
    await s.saved('GLS', [entry(known, 'inTransport')]);
    const onKnown = await s.standing(gls, known, 'pickup');
    const onFresh = [await s.standing(gls, fresh, 'pickup'), await s.standing(gls2, fresh, 'inPudo')];
    const file = await workbook([
      [known, 'Renamed in the file'],
      [fresh, 'Delivered', 'Doręczona', 'tak'],
    ]);
    const res = await s.importFile('operator', 'GLS', { buffer: file, name: 'gls.xlsx' });
    expect(res.body).toEqual({ created: 1, updated: 1, unchanged: 0, parcelsChanged: 2 });
    expect(await statuses([onKnown, ...onFresh])).toEqual(['pickup', 'delivered', 'delivered']);
    expect(await s.carrierHistory(onFresh[1])).toMatchObject([
      {
        status: 'delivered',
        previous_status: 'inPudo',
        carrier_code: fresh,
        carrier_description: 'Delivered',
      },
    ]);
  });

  it('a parcel the carrier returns gets its return parcel when its client asks for automatic returns', async () => {
    const code = uniqueCode('Ret');
    const auto = await s.k.newClient({ autoReturnPackages: true });
    const returning = await s.standing(gls, code, 'inDelivery', auto.id);
    const plain = await s.standing(gls, code, 'inDelivery');
    const res = await s.save('admin', {
      operatorType: 'GLS',
      rows: [entry(code, 'return', { isTerminal: true })],
    });
    expect(res.body.parcelsChanged).toBe(2);
    const returns = (id: string) =>
      s.k.query<{ order_type: string }>('select order_type from parcels where return_of_id = $1', [id]);
    expect(await returns(returning)).toEqual([{ order_type: 'internalReturn' }]);
    expect(await returns(plain)).toEqual([]);
    expect(await statuses([returning, plain])).toEqual(['return', 'return']);
  });
});
