import {
  PARCEL_MASS_DIRECT_MAX,
  type CancelParcelsResult,
  type DeleteShipmentsResult,
  type ParcelMassActionReply,
} from '@depot/contracts';
import { startCarrierKit, type CarrierKit } from './parcels-carrier.kit';

const result = (over: Partial<CancelParcelsResult>): CancelParcelsResult => ({
  canceled: 0,
  refused: 0,
  failed: 0,
  notAsked: 0,
  ...over,
});

/**
 * The parcels.cancel job asks the carrier (decision 0100): InPost, UPS and Packeta through their adapters against
 * local fakes speaking their APIs; through POST /api/order/deleteShipment and the deleteShipments mass action.
 */
describe('parcels: cancellation at the carrier', () => {
  let c: CarrierKit;
  const del = (id: string) =>
    c.k.t.http().post('/api/order/deleteShipment').set(c.k.auth('admin')).send({ id });
  const auditOf = (id: string) =>
    c.k.query<{ type: string; details: Record<string, unknown> }>(
      "select type, details from audit_log where entity_id = $1 and type like 'parcel.cancel%' order by created_at",
      [id],
    );

  beforeAll(async () => {
    c = await startCarrierKit();
  });
  afterAll(async () => {
    await c.close();
  });

  it('InPost: the shipment is deleted at ShipX with the operator token; the parcel becomes canceled', async () => {
    const id = await c.handedTo(c.operatorIds.INPOST, 'INP-600123456');
    const seen = c.inpost.requests.length;
    const res = await del(id);
    expect(res.body).toMatchObject({ status: 'toCancel', jobId: expect.any(String) });
    expect((await c.finished(res.body.jobId)).result).toEqual(result({ canceled: 1 }));
    const asked = c.inpost.requests.slice(seen);
    expect(asked.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ['DELETE', '/v1/shipments/INP-600123456', `Bearer ${c.inpost.token}`],
    ]);
    expect(await c.statusOf(id)).toBe('canceled');
    expect(await c.lastHistory(id)).toMatchObject({
      status: 'canceled',
      previousStatus: 'toCancel',
      source: 'carrier',
      note: 'carrier.canceled',
    });
    expect((await auditOf(id)).map((a) => [a.type, a.details.carrier])).toEqual([
      ['parcel.cancel', undefined],
      ['parcel.cancelFinished', 'canceled'],
    ]);
  });

  it('UPS through the mass action: one OAuth token (Basic credentials), then a void per parcel', async () => {
    const a = await c.handedTo(c.operatorIds.UPS, '1Z12345E0205271688');
    const b = await c.handedTo(c.operatorIds.UPS, '1Z12345E6605272234', 'inTransport');
    const res = await c.k.t
      .http()
      .post('/api/order/massAction')
      .set(c.k.auth('admin'))
      .send({ actionName: 'deleteShipments', ids: [a, b] });
    const reply = res.body as ParcelMassActionReply;
    expect(reply.result).toEqual({ deleted: 0, toCancel: 2, canceled: 0, refused: 0 });
    expect((await c.finished(reply.jobId!)).result).toEqual(result({ canceled: 2 }));
    const [token] = c.ups.tokenRequests();
    expect(token.headers.authorization).toBe(
      `Basic ${Buffer.from(`${c.ups.clientId}:${c.ups.clientSecret}`).toString('base64')}`,
    );
    expect(token.body).toBe('grant_type=client_credentials');
    expect(c.ups.tokenRequests()).toHaveLength(1);
    // In the selection's order (newest first); one token for both.
    expect(
      c.ups
        .voidRequests()
        .map((r) => [r.method, r.path, r.headers.authorization])
        .sort(),
    ).toEqual([
      ['DELETE', '/api/shipments/v2409/void/cancel/1Z12345E0205271688', 'Bearer ups-token-1'],
      ['DELETE', '/api/shipments/v2409/void/cancel/1Z12345E6605272234', 'Bearer ups-token-1'],
    ]);
    expect([await c.statusOf(a), await c.statusOf(b)]).toEqual(['canceled', 'canceled']);
  });

  it('Packeta refuses: the parcel goes back to its status before "to cancel", with the reason and an audit', async () => {
    c.packeta.mode = 'refuse';
    const id = await c.handedTo(c.operatorIds.PACKETA, 'Z4455667788', 'inTransport');
    const seen = c.packeta.requests.length;
    const res = await del(id);
    expect((await c.finished(res.body.jobId)).result).toEqual(result({ refused: 1 }));
    const [asked] = c.packeta.requests.slice(seen);
    expect(asked.method).toBe('POST');
    expect(asked.path).toBe('/api/rest');
    expect(asked.body).toBe(
      `<cancelPacket><apiPassword>${c.packeta.apiPassword}</apiPassword><packetId>4455667788</packetId></cancelPacket>`,
    );
    expect(await c.statusOf(id)).toBe('inTransport');
    expect(await c.lastHistory(id)).toMatchObject({
      status: 'inTransport',
      previousStatus: 'toCancel',
      source: 'carrier',
      note: 'carrier.refused:CancelNotAllowedFault: Packet cannot be cancelled.',
    });
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({
      type: 'parcel.cancelRefused',
      details: { reason: 'CancelNotAllowedFault: Packet cannot be cancelled.' },
    });
    // It may be cancelled again later (e.g. once the carrier allows it).
    c.packeta.mode = 'answer';
    const again = await del(id);
    expect((await c.finished(again.body.jobId)).result).toEqual(result({ canceled: 1 }));
  });

  it('InPost refuses an unknown shipment (404): refused, "not found at carrier"', async () => {
    const id = await c.handedTo(c.operatorIds.INPOST, 'INP-GONE');
    c.inpost.unknownIds.add('INP-GONE');
    const res = await del(id);
    expect((await c.finished(res.body.jobId)).result).toEqual(result({ refused: 1 }));
    expect(await c.statusOf(id)).toBe('pickup');
    expect((await c.lastHistory(id)).note).toBe('carrier.refused:not found at carrier');
  });

  it('a carrier answering 500 twice is asked again within the job and the third answer counts', async () => {
    const id = await c.handedTo(c.operatorIds.INPOST, 'INP-RETRY');
    const seen = c.inpost.requests.length;
    c.inpost.failNext(2);
    const res = await del(id);
    expect((await c.finished(res.body.jobId)).result).toEqual(result({ canceled: 1 }));
    expect(c.inpost.requests.slice(seen).map((r) => r.path)).toEqual([
      '/v1/shipments/INP-RETRY',
      '/v1/shipments/INP-RETRY',
      '/v1/shipments/INP-RETRY',
    ]);
    expect(await c.statusOf(id)).toBe('canceled');
  });

  it('no carrier number, or a carrier without an adapter: cancelled here only, with the not-asked note', async () => {
    const noNumber = await c.handedTo(c.operatorIds.INPOST, null);
    const noAdapter = await c.handedTo(c.operatorIds.DPD, 'DPD-0001');
    const seen = c.inpost.requests.length;
    const res = await c.k.t
      .http()
      .post('/api/order/massAction')
      .set(c.k.auth('admin'))
      .send({ actionName: 'deleteShipments', ids: [noNumber, noAdapter] });
    expect((await c.finished(res.body.jobId)).result).toEqual(result({ notAsked: 2 }));
    expect(c.inpost.requests).toHaveLength(seen);
    for (const id of [noNumber, noAdapter]) {
      expect(await c.statusOf(id)).toBe('canceled');
      expect(await c.lastHistory(id)).toMatchObject({
        status: 'canceled',
        source: 'job',
        note: 'carrier.notAsked',
      });
      expect((await auditOf(id)).at(-1)).toMatchObject({
        type: 'parcel.cancelFinished',
        details: { carrier: 'notAsked' },
      });
    }
  });

  it('a large selection runs as one job that asks the carriers itself and reports their answers', async () => {
    const accepted: string[] = [];
    for (let i = 0; i < PARCEL_MASS_DIRECT_MAX; i++)
      accepted.push(await c.handedTo(c.operatorIds.INPOST, `INP-BULK-${i}`));
    c.inpost.unknownIds.add('INP-BULK-GONE');
    const refused = await c.handedTo(c.operatorIds.INPOST, 'INP-BULK-GONE', 'inTransport');
    const res = await c.k.t
      .http()
      .post('/api/order/massAction')
      .set(c.k.auth('admin'))
      .send({ actionName: 'deleteShipments', ids: [...accepted, refused] });
    const reply = res.body as ParcelMassActionReply;
    expect(reply).toMatchObject({ selected: PARCEL_MASS_DIRECT_MAX + 1, result: null });
    expect((await c.finished(reply.jobId!)).result as DeleteShipmentsResult).toEqual({
      deleted: 0,
      toCancel: PARCEL_MASS_DIRECT_MAX + 1,
      canceled: PARCEL_MASS_DIRECT_MAX,
      refused: 0,
      carrier: result({ canceled: PARCEL_MASS_DIRECT_MAX, refused: 1 }),
    });
    expect(await c.statusOf(accepted[0])).toBe('canceled');
    expect(await c.statusOf(refused)).toBe('inTransport');
  });
});
