import pino from 'pino';
import { loadConfig } from '../../src/config/config';
import { CarrierTrackingService } from '../../src/integrations/carriers/carrier-tracking.service';
import { GlsTrackingAdapter } from '../../src/integrations/carriers/gls-tracking';
import { startFakeGls, type FakeGls } from '../../src/sandbox/carriers/fake-gls';

/**
 * The GLS tracking adapter against the fake GLS Track And Trace (token + trackids, the real request and reply
 * shapes): statuses read, unknown numbers left out, and every way of not answering named. No database.
 */

const minute = (n: number) => new Date(Date.UTC(2026, 10, 28, 8, n));

describe('GLS tracking against the fake Track And Trace', () => {
  let fake: FakeGls;
  const config = () => ({
    login: 'ade',
    password: 'x',
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
  });

  beforeAll(async () => {
    fake = await startFakeGls();
    fake.setParcel('93835368025', {
      status: 'INDELIVERY',
      events: [
        {
          code: 'INTIAL.PREADVICE',
          description: 'The parcel data was entered into the GLS IT system.',
          at: minute(1),
        },
        {
          code: 'OUTDEL.NORMAL',
          description: 'The parcel is expected to be delivered during the day.',
          at: minute(30),
        },
        { code: 'INTIAL.NORMAL', description: 'The parcel was handed over to GLS.', at: minute(5) },
      ],
    });
    fake.setParcel('93835368026', {
      status: 'DELIVERED',
      statusAt: minute(45),
      events: [{ code: 'DELIVD.NORMAL', description: 'The parcel has been delivered.', at: minute(44) }],
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'answer';
    fake.delayMs = 0;
  });

  it('reads each number’s status at its time, in one request for several numbers', async () => {
    const gls = new GlsTrackingAdapter(5000);
    const before = fake.trackingRequests().length;
    expect(await gls.track(fake.url, config(), ['93835368025', '93835368026'])).toEqual({
      kind: 'tracked',
      events: new Map([
        [
          '93835368025',
          [{ code: 'INDELIVERY', description: 'Parcel is in delivery by a driver', at: minute(30) }],
        ],
        ['93835368026', [{ code: 'DELIVERED', description: 'Parcel was delivered', at: minute(45) }]],
      ]),
    });
    expect(fake.trackingRequests().length - before).toBe(1);
  });

  it('a number GLS does not know is left out; the others are answered', async () => {
    const result = await new GlsTrackingAdapter(5000).track(fake.url, config(), [
      '00000000000',
      '93835368026',
    ]);
    expect(result.kind === 'tracked' && [...result.events.keys()]).toEqual(['93835368026']);
  });

  it('the token is reused, and renewed when GLS says it expired', async () => {
    const gls = new GlsTrackingAdapter(5000);
    const issued = fake.tokens.length;
    await gls.track(fake.url, config(), ['93835368025']);
    await gls.track(fake.url, config(), ['93835368025']);
    expect(fake.tokens.length - issued).toBe(1);
    fake.expireTokens();
    expect((await gls.track(fake.url, config(), ['93835368025'])).kind).toBe('tracked');
    expect(fake.tokens.length - issued).toBe(2);
  });

  it('refused credentials are AUTH_FAILED', async () => {
    expect(
      await new GlsTrackingAdapter(5000).track(fake.url, { ...config(), clientSecret: 'wrong' }, ['1']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    const gls = new GlsTrackingAdapter(5000);
    await gls.track(fake.url, config(), ['1']);
    fake.mode = 'badCredentials';
    expect(await gls.track(fake.url, config(), ['1'])).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
  });

  it('no client id and secret in the operator’s config is MISSING_CREDENTIALS', async () => {
    expect(
      await new GlsTrackingAdapter(5000).track(fake.url, { login: 'ade', password: 'x' }, ['1']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
  });

  it('429 (quota) is RATE_LIMITED, with Retry-After sent', async () => {
    fake.mode = 'rateLimited';
    expect(await new GlsTrackingAdapter(5000).track(fake.url, config(), ['1'])).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
    const res = await fetch(`${fake.url}/oauth2/v2/token`, { method: 'POST' });
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '1']);
  });

  it('a 500 is HTTP_500, and a carrier that recovers answers again', async () => {
    const gls = new GlsTrackingAdapter(5000);
    fake.mode = 'error500';
    expect(await gls.track(fake.url, config(), ['1'])).toEqual({ kind: 'unavailable', reason: 'HTTP_500' });
    fake.mode = 'answer';
    fake.failNext(1);
    expect(await gls.track(fake.url, config(), ['1'])).toEqual({ kind: 'unavailable', reason: 'HTTP_500' });
    expect((await gls.track(fake.url, config(), ['93835368025'])).kind).toBe('tracked');
  });

  it('a carrier that hangs or answers too slowly is TIMEOUT', async () => {
    fake.mode = 'hang';
    expect(await new GlsTrackingAdapter(200).track(fake.url, config(), ['1'])).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
    fake.mode = 'answer';
    fake.delayMs = 400;
    expect(await new GlsTrackingAdapter(200).track(fake.url, config(), ['1'])).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
  });

  it('the tracking port routes GLS to this adapter when CARRIER_GLS_URL is set', async () => {
    const service = new CarrierTrackingService(
      loadConfig({ CARRIER_GLS_URL: `${fake.url}/`, CARRIER_TIMEOUT_MS: '5000' }),
      pino({ level: 'silent' }),
    );
    expect([service.canTrack('GLS'), service.batchSize('GLS')]).toEqual([true, 10]);
    const result = await service.track({ operatorType: 'GLS', config: config(), numbers: ['93835368026'] });
    expect(result.kind === 'tracked' && result.events.get('93835368026')?.[0].code).toBe('DELIVERED');
  });
});
