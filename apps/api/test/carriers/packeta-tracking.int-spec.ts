import pino from 'pino';
import { loadConfig } from '../../src/config/config';
import { CarrierTrackingService } from '../../src/integrations/carriers/carrier-tracking.service';
import { PacketaTrackingAdapter } from '../../src/integrations/carriers/packeta-tracking';
import { startFakePacketa, type FakePacketa } from '../../src/sandbox/carriers/fake-packeta';

/**
 * The Packeta tracking adapter against the fake Packeta REST/XML API (`packetTracking`, the real request and reply
 * shapes): records read oldest first at their Czech times, barcodes asked as packet ids, unknown packets left out,
 * and every way of not answering named. No database.
 */

const minute = (n: number) => new Date(Date.UTC(2026, 10, 28, 8, n));

describe('Packeta tracking against the fake REST/XML API', () => {
  let fake: FakePacketa;
  const config = () => ({ apiPassword: fake.apiPassword, senderLabel: 'depot' });

  beforeAll(async () => {
    fake = await startFakePacketa();
    fake.setEvents('Z4154090000', [
      { statusCode: 5, codeText: 'ready for pickup', statusText: 'Připravena k vydání.', at: minute(40) },
      { statusCode: 1, codeText: 'received data', statusText: 'Data přijata.', at: minute(1) },
      { statusCode: 2, codeText: 'arrived', statusText: 'Přijata na depu Praha.', at: minute(10) },
    ]);
    fake.setEvents('4154090001', [
      { statusCode: 7, codeText: 'delivered', statusText: 'Doručeno & předáno.', at: minute(55) },
    ]);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'answer';
    fake.delayMs = 0;
  });

  it('reads each packet’s records at their times, oldest first, by the number as the parcel holds it', async () => {
    const result = await new PacketaTrackingAdapter(5000).track(fake.url, config(), [
      'Z4154090000',
      '4154090001',
    ]);
    expect(result).toEqual({
      kind: 'tracked',
      events: new Map([
        [
          'Z4154090000',
          [
            { code: 'received data', description: 'Data přijata.', at: minute(1) },
            { code: 'arrived', description: 'Přijata na depu Praha.', at: minute(10) },
            { code: 'ready for pickup', description: 'Připravena k vydání.', at: minute(40) },
          ],
        ],
        ['4154090001', [{ code: 'delivered', description: 'Doručeno & předáno.', at: minute(55) }]],
      ]),
    });
  });

  it('sends packetTracking with the API password and the barcode’s digits as packetId', async () => {
    const before = fake.trackingRequests().length;
    await new PacketaTrackingAdapter(5000).track(fake.url, config(), ['Z4154090000']);
    const [req] = fake.trackingRequests().slice(before);
    expect([req.method, req.path]).toEqual(['POST', '/api/rest']);
    expect(req.body).toBe(
      `<packetTracking><apiPassword>${fake.apiPassword}</apiPassword><packetId>4154090000</packetId></packetTracking>`,
    );
  });

  it('a packet Packeta does not know (PacketIdFault) is left out; the others are answered', async () => {
    const result = await new PacketaTrackingAdapter(5000).track(fake.url, config(), [
      'Z9999999999',
      'not-a-packet',
      '4154090001',
    ]);
    expect(result.kind === 'tracked' && [...result.events.keys()]).toEqual(['4154090001']);
  });

  it('a wrong API password is AUTH_FAILED (IncorrectApiPasswordFault)', async () => {
    expect(
      await new PacketaTrackingAdapter(5000).track(fake.url, { ...config(), apiPassword: 'wrong' }, [
        'Z4154090000',
      ]),
    ).toEqual({ kind: 'unavailable', reason: 'AUTH_FAILED' });
    fake.mode = 'badCredentials';
    expect(await new PacketaTrackingAdapter(5000).track(fake.url, config(), ['Z4154090000'])).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
  });

  it('no API password in the operator’s config is MISSING_CREDENTIALS', async () => {
    expect(await new PacketaTrackingAdapter(5000).track(fake.url, { senderLabel: 'depot' }, ['Z1'])).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
  });

  it('429 is RATE_LIMITED, with Retry-After sent', async () => {
    fake.mode = 'rateLimited';
    expect(await new PacketaTrackingAdapter(5000).track(fake.url, config(), ['Z4154090000'])).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
    const res = await fetch(`${fake.url}/api/rest`, { method: 'POST', body: '<packetTracking/>' });
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '1']);
  });

  it('a 500 is HTTP_500, and a carrier that recovers answers again', async () => {
    const packeta = new PacketaTrackingAdapter(5000);
    fake.mode = 'error500';
    expect(await packeta.track(fake.url, config(), ['Z4154090000'])).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    fake.mode = 'answer';
    fake.failNext(1);
    expect(await packeta.track(fake.url, config(), ['Z4154090000'])).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    expect((await packeta.track(fake.url, config(), ['Z4154090000'])).kind).toBe('tracked');
  });

  it('a carrier that hangs or answers too slowly is TIMEOUT', async () => {
    fake.mode = 'hang';
    expect(await new PacketaTrackingAdapter(200).track(fake.url, config(), ['Z4154090000'])).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
    fake.mode = 'answer';
    fake.delayMs = 400;
    expect(await new PacketaTrackingAdapter(200).track(fake.url, config(), ['Z4154090000'])).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
  });

  it('cancellation still works beside tracking', async () => {
    const res = await fetch(`${fake.url}/api/rest`, {
      method: 'POST',
      body: `<cancelPacket><apiPassword>${fake.apiPassword}</apiPassword><packetId>4154090000</packetId></cancelPacket>`,
    });
    expect(await res.text()).toContain('<status>ok</status>');
  });

  it('the tracking port routes PACKETA to this adapter when CARRIER_PACKETA_URL is set', async () => {
    const service = new CarrierTrackingService(
      loadConfig({ CARRIER_PACKETA_URL: fake.url, CARRIER_TIMEOUT_MS: '5000' }),
      pino({ level: 'silent' }),
    );
    expect([service.canTrack('PACKETA'), service.batchSize('PACKETA')]).toEqual([true, 50]);
    const result = await service.track({
      operatorType: 'PACKETA',
      config: config(),
      numbers: ['4154090001'],
    });
    expect(result.kind === 'tracked' && result.events.get('4154090001')?.[0].code).toBe('delivered');
  });
});
