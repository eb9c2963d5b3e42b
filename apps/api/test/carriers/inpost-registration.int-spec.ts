import type { ShipmentParcel } from '../../src/integrations/carriers/carrier-registration';
import { send } from '../../src/integrations/carriers/carrier-http';
import {
  InpostRegistrationAdapter,
  inpostShipmentBody,
  readInpostRefusal,
} from '../../src/integrations/carriers/inpost-registration';
import { InpostTrackingAdapter } from '../../src/integrations/carriers/inpost-tracking';
import type { FakeShipment } from '../../src/sandbox/carriers/fake-carrier-server';
import { startFakeInpost, type FakeInpost } from '../../src/sandbox/carriers/fake-inpost';
import { pdfPages, shipmentAddress, shipmentParcel, useFakeCarrier } from './registration-contract';

/**
 * The InPost registration adapter against the fake ShipX (create, details, label; the real request and reply
 * shapes): the tracking number and a real label read, ShipX's nested validation details put under our fields, and
 * every way of not answering named. No database.
 */

const address = (name: string, phone: string | null = '+48 600 100 200') =>
  shipmentAddress({ name, phone, email: 'jan@example.pl' });
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel =>
  shipmentParcel({
    referenceNumber: 'SHOP-1',
    weightKg: '4.000',
    sizeCmL: 40,
    sizeCmW: 30,
    sizeCmD: 20,
    packageCount: 2,
    value: '100.00',
    valueCurrency: 'PLN',
    sender: address('Depot Sender'),
    receiver: address('Jan Kowalski'),
    cod: { amount: '50.00', currency: 'PLN' },
    dropOffPoint: 'KRA010',
    ...over,
  });

describe('InPost registration against the fake ShipX', () => {
  let fake: FakeInpost;
  const config = (over: Record<string, unknown> = {}) => ({
    organizationId: 123,
    apiToken: fake.token,
    defaultService: 'inpost_locker_standard',
    ...over,
  });

  const carrier = useFakeCarrier({
    start: async () => {
      fake = await startFakeInpost();
      fake.organizationId = '123';
      return fake;
    },
    adapter: (timeoutMs) => new InpostRegistrationAdapter(timeoutMs),
    config,
    parcel,
  });

  it('creates the shipment, reads its number once confirmed and its label (a real PDF, one page a parcel)', async () => {
    const heard: FakeShipment[] = [];
    fake.onCreated = (s) => heard.push(s);
    const result = await new InpostRegistrationAdapter(2000).register(fake.url, config(), parcel());
    expect(result).toMatchObject({ kind: 'registered', lastMileNumber: null, label: { format: 'pdf' } });
    if (result.kind !== 'registered') throw new Error('not registered');
    expect(result.trackingNumber).toMatch(/^\d{24}$/);
    expect(heard).toEqual([fake.created.at(-1)]);
    expect(fake.created.at(-1)).toMatchObject({
      shipmentId: result.shipmentId,
      trackingNumber: result.trackingNumber,
    });
    const pdf = result.label!.data;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(2);
    // What ShipX was asked: millimetres, kilograms per parcel, the locker, COD, our number as the reference.
    const sent = JSON.parse(fake.requests.filter((r) => r.method === 'POST').at(-1)!.body);
    expect(sent).toMatchObject({
      service: 'inpost_locker_standard',
      reference: 'AB0000000042',
      custom_attributes: { target_point: 'KRA010' },
      cod: { amount: 50, currency: 'PLN' },
      receiver: { phone: '+48600100200', address: { post_code: '30-001', country_code: 'PL' } },
    });
    expect(sent.parcels).toEqual([
      expect.objectContaining({
        dimensions: { length: 400, width: 300, height: 200, unit: 'mm' },
        weight: { amount: 2, unit: 'kg' },
      }),
      expect.objectContaining({ weight: { amount: 2, unit: 'kg' } }),
    ]);
  });

  it('a ZPL label when the account prints ZPL; the number is tracked at ShipX', async () => {
    const result = await new InpostRegistrationAdapter(2000).register(
      fake.url,
      config({ defaultService: 'inpost_courier_standard' }),
      parcel({ labelFormat: 'zpl', dropOffPoint: null, packageCount: 1 }),
    );
    if (result.kind !== 'registered') throw new Error(JSON.stringify(result));
    expect(result.label!.data.toString('latin1')).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
    expect(result.label!.data.toString('latin1')).toContain(result.trackingNumber);
    expect(fake.requests.at(-1)!.path).toBe(
      `/v1/shipments/${result.shipmentId}/label?format=Zpl&type=normal`,
    );
    fake.setEvents(result.trackingNumber, [{ status: 'collected_from_sender', at: new Date() }]);
    const tracked = await new InpostTrackingAdapter(2000).track(fake.url, {}, [result.trackingNumber]);
    expect(tracked).toMatchObject({ kind: 'tracked' });
  });

  it('ShipX’s validation details come back under our fields, in its words', async () => {
    const result = await new InpostRegistrationAdapter(2000).register(
      fake.url,
      config(),
      parcel({
        dropOffPoint: null,
        receiver: address('Jan Kowalski', '12'),
        weightKg: '80.000',
        packageCount: 1,
      }),
    );
    expect(result).toEqual({
      kind: 'rejected',
      errors: expect.arrayContaining([
        { field: 'destinationAddress.phone', message: 'receiver.phone: invalid' },
        { field: 'weightKg', message: 'parcels.weight.amount: invalid' },
      ]),
    });
    expect(fake.created.every((s) => s.trackingNumber)).toBe(true);
  });

  carrier.itAnswersNothing();

  it('a missing post code: ShipX’s nested detail under our zip code field', async () => {
    const before = fake.created.length;
    const result = await new InpostRegistrationAdapter(2000).register(
      fake.url,
      config(),
      parcel({ receiver: { ...address('Jan Kowalski'), zipCode: '' } }),
    );
    expect(result).toEqual({
      kind: 'rejected',
      errors: [{ field: 'destinationAddress.zipCode', message: 'receiver.address.post_code: required' }],
    });
    expect(fake.created.length).toBe(before);
  });

  it('a locker service without its target point is refused by the fake as by ShipX, read under our drop-off point', async () => {
    // The adapter never sends this (no drop-off point: a courier service), so the body is sent as it is.
    const body = { ...inpostShipmentBody(parcel({ dropOffPoint: null }), 'inpost_locker_standard') };
    const reply = await send(
      fetch,
      `${fake.url}/v1/organizations/123/shipments`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${fake.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
      2000,
    );
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({
      error: 'validation_failed',
      details: { custom_attributes: [{ target_point: ['required'] }] },
    });
    expect(readInpostRefusal(reply)).toEqual({
      kind: 'rejected',
      errors: [{ field: 'dropOffPoint', message: 'custom_attributes.target_point: required' }],
    });
  });

  it('another organization’s shipments are not the token’s: AUTH_FAILED', async () => {
    expect(
      await new InpostRegistrationAdapter(2000).register(fake.url, config({ organizationId: 999 }), parcel()),
    ).toEqual({ kind: 'unavailable', reason: 'AUTH_FAILED' });
  });

  carrier.itRecovers('shipment');

  carrier.itTimesOutAndAsksNothingWithout([{ apiToken: '' }]);

  it('a slow ShipX (each answer later than the timeout) is TIMEOUT too', async () => {
    fake.delayMs = 500;
    expect(await new InpostRegistrationAdapter(300).register(fake.url, config(), parcel())).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
  });
});
