import pino from 'pino';
import { loadConfig } from '../../src/config/config';
import { CarrierTrackingService } from '../../src/integrations/carriers/carrier-tracking.service';
import { UpsTrackingAdapter } from '../../src/integrations/carriers/ups-tracking';
import { startFakeUps, type FakeUps } from '../../src/sandbox/carriers/fake-ups';

/**
 * The UPS tracking adapter against the fake UPS (OAuth token + Tracking API, the real request and reply shapes):
 * activities read oldest first, unknown numbers left out, the token reused and renewed, and every way of not
 * answering named. No database.
 */

const minute = (n: number) => new Date(Date.UTC(2026, 10, 28, 8, n));

describe('UPS tracking against the fake Tracking API', () => {
  let fake: FakeUps;
  const config = () => ({
    shipperNumber: 'A1B2C3',
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
  });

  beforeAll(async () => {
    fake = await startFakeUps();
    fake.setEvents('1Z999AA10123456784', [
      { type: 'I', code: 'AR', description: 'Arrived at Facility', at: minute(20), offset: '-05:00' },
      { type: 'M', code: 'MP', description: 'Shipper created a label', at: minute(1) },
      { type: 'D', code: 'KB', description: 'DELIVERED', at: minute(50), offset: '+02:00' },
      {
        type: 'I',
        code: 'OT',
        description: 'Out For Delivery Today',
        at: minute(30),
        gmt: false,
        offset: '+00:00',
      },
    ]);
    fake.setEvents('1Z999AA10123456785', [{ type: 'X', description: 'Exception', at: minute(5) }]);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'answer';
    fake.delayMs = 0;
  });

  it('reads each package’s activities at their times, oldest first, as status types with UPS’s words', async () => {
    const result = await new UpsTrackingAdapter(5000).track(fake.url, config(), [
      '1Z999AA10123456784',
      '1Z999AA10123456785',
    ]);
    expect(result).toEqual({
      kind: 'tracked',
      events: new Map([
        [
          '1Z999AA10123456784',
          [
            { code: 'M', description: 'Shipper created a label', at: minute(1) },
            { code: 'I', description: 'Arrived at Facility', at: minute(20) },
            { code: 'I', description: 'Out For Delivery Today', at: minute(30) },
            { code: 'D', description: 'DELIVERED', at: minute(50) },
          ],
        ],
        ['1Z999AA10123456785', [{ code: 'X', description: 'Exception', at: minute(5) }]],
      ]),
    });
  });

  it('sends the Bearer token, transId and transactionSrc UPS requires', async () => {
    const before = fake.trackingRequests().length;
    await new UpsTrackingAdapter(5000).track(fake.url, config(), ['1Z999AA10123456785']);
    const [req] = fake.trackingRequests().slice(before);
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/api/track/v1/details/1Z999AA10123456785?locale=en_US');
    expect(req.headers.authorization).toMatch(/^Bearer ups-token-\d+$/);
    expect(req.headers.transid).toMatch(/^[0-9a-f]{32}$/);
    expect(req.headers.transactionsrc).toBe('depot');
  });

  it('a number UPS does not know (TW0001) is left out; the others are answered', async () => {
    const result = await new UpsTrackingAdapter(5000).track(fake.url, config(), [
      '1Z000000000000000X',
      '1Z999AA10123456785',
    ]);
    expect(result.kind === 'tracked' && [...result.events.keys()]).toEqual(['1Z999AA10123456785']);
  });

  it('one token for many numbers and calls, renewed when UPS refuses it', async () => {
    const ups = new UpsTrackingAdapter(5000, 4);
    const issued = fake.tokens.length;
    await ups.track(fake.url, config(), ['1Z999AA10123456784', '1Z999AA10123456785', '1Z1', '1Z2', '1Z3']);
    await ups.track(fake.url, config(), ['1Z999AA10123456784']);
    expect(fake.tokens.length - issued).toBe(1);
    fake.expireTokens();
    expect((await ups.track(fake.url, config(), ['1Z999AA10123456785'])).kind).toBe('tracked');
    expect(fake.tokens.length - issued).toBe(2);
  });

  it('refused client credentials are AUTH_FAILED', async () => {
    expect(
      await new UpsTrackingAdapter(5000).track(fake.url, { ...config(), clientSecret: 'wrong' }, ['1Z1']),
    ).toEqual({ kind: 'unavailable', reason: 'AUTH_FAILED' });
    fake.mode = 'badCredentials';
    expect(await new UpsTrackingAdapter(5000).track(fake.url, config(), ['1Z1'])).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
  });

  it('no client id and secret in the operator’s config is MISSING_CREDENTIALS', async () => {
    expect(await new UpsTrackingAdapter(5000).track(fake.url, { shipperNumber: 'A1B2C3' }, ['1Z1'])).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
  });

  it('429 is RATE_LIMITED, with Retry-After sent', async () => {
    const ups = new UpsTrackingAdapter(5000);
    await ups.track(fake.url, config(), ['1Z1']); // a token in hand: the tracking request itself is limited
    fake.mode = 'rateLimited';
    expect(await ups.track(fake.url, config(), ['1Z999AA10123456784'])).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
    const res = await fetch(`${fake.url}/api/track/v1/details/1Z1`);
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '1']);
  });

  it('a 500 is HTTP_500, and a carrier that recovers answers again', async () => {
    const ups = new UpsTrackingAdapter(5000);
    fake.mode = 'error500';
    expect(await ups.track(fake.url, config(), ['1Z1'])).toEqual({ kind: 'unavailable', reason: 'HTTP_500' });
    fake.mode = 'answer';
    await ups.track(fake.url, config(), ['1Z1']);
    fake.failNext(1);
    expect(await ups.track(fake.url, config(), ['1Z999AA10123456785'])).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    expect((await ups.track(fake.url, config(), ['1Z999AA10123456785'])).kind).toBe('tracked');
  });

  it('a carrier that hangs or answers too slowly is TIMEOUT', async () => {
    fake.mode = 'hang';
    expect(await new UpsTrackingAdapter(200).track(fake.url, config(), ['1Z1'])).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
    fake.mode = 'answer';
    fake.delayMs = 400;
    expect(await new UpsTrackingAdapter(200).track(fake.url, config(), ['1Z1'])).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
  });

  it('the tracking port routes UPS to this adapter when CARRIER_UPS_URL is set', async () => {
    const service = new CarrierTrackingService(
      loadConfig({ CARRIER_UPS_URL: `${fake.url}/`, CARRIER_TIMEOUT_MS: '5000' }),
      pino({ level: 'silent' }),
    );
    expect([service.canTrack('UPS'), service.batchSize('UPS')]).toEqual([true, 50]);
    const result = await service.track({
      operatorType: 'UPS',
      config: config(),
      numbers: ['1Z999AA10123456784'],
    });
    expect(result.kind === 'tracked' && result.events.get('1Z999AA10123456784')?.at(-1)?.code).toBe('D');
  });
});
