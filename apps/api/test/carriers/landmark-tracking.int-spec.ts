import pino from 'pino';
import { loadConfig } from '../../src/config/config';
import { CarrierTrackingService } from '../../src/integrations/carriers/carrier-tracking.service';
import { LandmarkTrackingAdapter } from '../../src/integrations/carriers/landmark-tracking';
import { startFakeLandmark, type FakeLandmark } from '../../src/sandbox/carriers/fake-landmark';

/**
 * The Landmark Global tracking adapter against the fake Track API (TrackRequest / TrackResponse XML, errors as
 * Landmark sends them): events read with their numeric codes, unknown numbers left out, every way of not answering
 * named. No database.
 */

const minute = (n: number) => new Date(Date.UTC(2026, 10, 28, 8, n));

describe('Landmark tracking against the fake Track API', () => {
  let fake: FakeLandmark;
  const config = () => ({
    login: fake.username,
    password: fake.password,
    clientId: fake.clientId,
    environment: 'production',
  });

  beforeAll(async () => {
    fake = await startFakeLandmark();
    fake.setEvents(
      'LTN123121',
      [
        { code: '500', status: 'Item successfully delivered', at: minute(50) },
        { code: '50', status: 'Shipment Data Uploaded', at: minute(1) },
        { code: '225', status: 'Item grouped at Landmark or partner facility', at: minute(20) },
      ],
      'LTN38570269N1',
    );
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'answer';
    fake.delayMs = 0;
  });

  it('reads a number’s events oldest first, numeric codes as text', async () => {
    expect(await new LandmarkTrackingAdapter(5000).track(fake.url, config(), ['LTN123121'])).toEqual({
      kind: 'tracked',
      events: new Map([
        [
          'LTN123121',
          [
            { code: '50', description: 'Shipment Data Uploaded', at: minute(1) },
            { code: '225', description: 'Item grouped at Landmark or partner facility', at: minute(20) },
            { code: '500', description: 'Item successfully delivered', at: minute(50) },
          ],
        ],
      ]),
    });
  });

  it('finds a parcel by its Landmark tracking number too; an unknown number is left out', async () => {
    const result = await new LandmarkTrackingAdapter(5000).track(fake.url, config(), [
      'LTN38570269N1',
      'LTN000',
    ]);
    expect(result.kind === 'tracked' && [...result.events.keys()]).toEqual(['LTN38570269N1']);
  });

  it('refused credentials or client are AUTH_FAILED', async () => {
    const lm = new LandmarkTrackingAdapter(5000);
    expect(await lm.track(fake.url, { ...config(), password: 'demo13' }, ['LTN123121'])).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    expect(await lm.track(fake.url, { ...config(), clientId: '9' }, ['LTN123121'])).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    fake.mode = 'badCredentials';
    expect(await lm.track(fake.url, config(), ['LTN123121'])).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
  });

  it('no username or password in the operator’s config is MISSING_CREDENTIALS', async () => {
    expect(
      await new LandmarkTrackingAdapter(5000).track(fake.url, { clientId: '218' }, ['LTN123121']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
  });

  it('429 is RATE_LIMITED', async () => {
    fake.mode = 'rateLimited';
    expect(await new LandmarkTrackingAdapter(5000).track(fake.url, config(), ['LTN123121'])).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
  });

  it('a 500 is HTTP_500; one number without an answer makes the batch unavailable', async () => {
    fake.mode = 'error500';
    expect(await new LandmarkTrackingAdapter(5000).track(fake.url, config(), ['LTN123121'])).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    fake.mode = 'answer';
    fake.failNext(1);
    expect(
      await new LandmarkTrackingAdapter(5000, 1).track(fake.url, config(), ['LTN123121', 'LTN000']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
  });

  it('a carrier that hangs or answers too slowly is TIMEOUT', async () => {
    fake.mode = 'hang';
    expect(await new LandmarkTrackingAdapter(200).track(fake.url, config(), ['LTN123121'])).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
    fake.mode = 'answer';
    fake.delayMs = 400;
    expect(await new LandmarkTrackingAdapter(200).track(fake.url, config(), ['LTN123121'])).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
  });

  it('the tracking port routes LANDMARK to this adapter when CARRIER_LANDMARK_URL is set', async () => {
    const service = new CarrierTrackingService(
      loadConfig({ CARRIER_LANDMARK_URL: fake.url, CARRIER_TIMEOUT_MS: '5000' }),
      pino({ level: 'silent' }),
    );
    expect(service.canTrack('LANDMARK')).toBe(true);
    const result = await service.track({
      operatorType: 'LANDMARK',
      config: config(),
      numbers: ['LTN123121'],
    });
    expect(result.kind === 'tracked' && result.events.get('LTN123121')?.map((e) => e.code)).toEqual([
      '50',
      '225',
      '500',
    ]);
  });
});
