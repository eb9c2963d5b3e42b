import pino from 'pino';
import { loadConfig } from '../../src/config/config';
import { CarrierTrackingService } from '../../src/integrations/carriers/carrier-tracking.service';
import { DpdTrackingAdapter } from '../../src/integrations/carriers/dpd-tracking';
import { startFakeDpd, type FakeDpd } from '../../src/sandbox/carriers/fake-dpd';

/**
 * The DPD Polska tracking adapter against the fake DPDInfoServices event queue (SOAP, the real envelopes): the queue
 * is pulled whatever numbers are asked and confirmed, so confirmed events never come twice; faults and every other
 * way of not answering are named. No database.
 */

const minute = (n: number) => new Date(Date.UTC(2026, 10, 28, 8, n));

describe('DPD tracking against the fake DPDInfoServices', () => {
  let fake: FakeDpd;
  const config = () => ({
    login: fake.login,
    password: fake.password,
    masterFid: Number(fake.masterFid),
    fid: 1,
  });

  beforeAll(async () => {
    fake = await startFakeDpd();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    fake.mode = 'answer';
    fake.delayMs = 0;
    // Each test starts from an empty queue.
    await new DpdTrackingAdapter(5000).track(fake.url, config(), []);
  });

  it('answers the queued events of every waybill, oldest first, and confirms them: they never come again', async () => {
    fake.setEvents('0000111122223A', [
      { code: '190101', description: 'Doręczono', at: minute(50) },
      { code: '040101', description: 'Przesyłka odebrana przez Kuriera', at: minute(1) },
      { code: '170101', description: 'Wydanie przesyłki do doręczenia', at: minute(30) },
    ]);
    fake.setEvents('0000111122224B', [
      { code: '050101', description: 'Przyjęcie przesyłki w oddziale DPD', at: minute(10) },
    ]);
    const dpd = new DpdTrackingAdapter(5000);
    const confirmations = fake.confirmations.length;
    expect(await dpd.track(fake.url, config(), ['0000111122223A'])).toEqual({
      kind: 'tracked',
      events: new Map([
        [
          '0000111122223A',
          [
            { code: '040101', description: 'Przesyłka odebrana przez Kuriera', at: minute(1) },
            { code: '170101', description: 'Wydanie przesyłki do doręczenia', at: minute(30) },
            { code: '190101', description: 'Doręczono', at: minute(50) },
          ],
        ],
        [
          '0000111122224B',
          [{ code: '050101', description: 'Przyjęcie przesyłki w oddziale DPD', at: minute(10) }],
        ],
      ]),
    });
    expect(fake.confirmations.length - confirmations).toBe(1);
    expect(fake.queued()).toBe(0);
    expect(await dpd.track(fake.url, config(), ['0000111122223A'])).toEqual({
      kind: 'tracked',
      events: new Map(),
    });
  });

  it('events of a waybill not asked (a selection refreshed alone) wait for it in the adapter, once', async () => {
    fake.setEvents('SELECTED', [
      { code: '040101', description: 'Przesyłka odebrana przez Kuriera', at: minute(4) },
    ]);
    fake.setEvents('OTHER', [{ code: '190101', description: 'Doręczono', at: minute(5) }]);
    const dpd = new DpdTrackingAdapter(5000);
    const first = await dpd.track(fake.url, config(), ['SELECTED']);
    expect(first.kind === 'tracked' && [...first.events.keys()].sort()).toEqual(['OTHER', 'SELECTED']);
    expect(fake.queued()).toBe(0);
    expect(await dpd.track(fake.url, config(), ['OTHER'])).toEqual({
      kind: 'tracked',
      events: new Map([['OTHER', [{ code: '190101', description: 'Doręczono', at: minute(5) }]]]),
    });
    expect(await dpd.track(fake.url, config(), ['OTHER'])).toEqual({ kind: 'tracked', events: new Map() });
  });

  it('a number with no events queued is simply absent', async () => {
    fake.setEvents('W1', [{ code: '030103', description: 'Zarejestrowano dane przesyłki', at: minute(2) }]);
    const result = await new DpdTrackingAdapter(5000).track(fake.url, config(), ['UNKNOWN0000001']);
    expect(result.kind === 'tracked' && [...result.events.keys()]).toEqual(['W1']);
  });

  it('pulls again while pulls come full', async () => {
    fake.setEvents(
      'W1',
      Array.from({ length: 5 }, (_, i) => ({ code: '170101', description: `e${i}`, at: minute(i) })),
    );
    const result = await new DpdTrackingAdapter(5000, fetch, 2).track(fake.url, config(), []);
    expect(result.kind === 'tracked' && result.events.get('W1')?.map((e) => e.description)).toEqual([
      'e0',
      'e1',
      'e2',
      'e3',
      'e4',
    ]);
    expect(fake.queued()).toBe(0);
  });

  it('another customer’s queue is not read', async () => {
    fake.setEvents('OTHER', [{ code: '190101', description: 'Doręczono', at: minute(3) }], '9999');
    expect(await new DpdTrackingAdapter(5000).track(fake.url, config(), [])).toEqual({
      kind: 'tracked',
      events: new Map(),
    });
    expect(fake.queued('9999')).toBe(1);
  });

  it('refused credentials are AUTH_FAILED, and the queue keeps its events', async () => {
    fake.setEvents('W1', [{ code: '190101', description: 'Doręczono', at: minute(3) }]);
    expect(
      await new DpdTrackingAdapter(5000).track(fake.url, { ...config(), password: 'wrong' }, []),
    ).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    fake.mode = 'badCredentials';
    expect(await new DpdTrackingAdapter(5000).track(fake.url, config(), [])).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    expect(fake.queued()).toBe(1);
  });

  it('no master FID in the operator’s config is MISSING_CREDENTIALS', async () => {
    expect(await new DpdTrackingAdapter(5000).track(fake.url, { login: 'l', password: 'p' }, [])).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
  });

  it('429 is RATE_LIMITED', async () => {
    fake.mode = 'rateLimited';
    expect(await new DpdTrackingAdapter(5000).track(fake.url, config(), [])).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
  });

  it('a server fault with 500 is HTTP_500, and nothing is confirmed', async () => {
    fake.setEvents('W1', [{ code: '190101', description: 'Doręczono', at: minute(3) }]);
    fake.mode = 'error500';
    expect(await new DpdTrackingAdapter(5000).track(fake.url, config(), [])).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_500',
    });
    expect(fake.queued()).toBe(1);
  });

  it('a carrier that hangs is TIMEOUT', async () => {
    fake.mode = 'hang';
    expect(await new DpdTrackingAdapter(200).track(fake.url, config(), [])).toEqual({
      kind: 'unavailable',
      reason: 'TIMEOUT',
    });
  });

  it('the tracking port routes DPD to this adapter when CARRIER_DPD_URL is set', async () => {
    fake.setEvents('W7', [{ code: '190101', description: 'Doręczono', at: minute(7) }]);
    const service = new CarrierTrackingService(
      loadConfig({ CARRIER_DPD_URL: fake.url, CARRIER_TIMEOUT_MS: '5000' }),
      pino({ level: 'silent' }),
    );
    expect([service.canTrack('DPD'), service.batchSize('DPD')]).toEqual([true, 1000]);
    const result = await service.track({ operatorType: 'DPD', config: config(), numbers: ['W7'] });
    expect(result.kind === 'tracked' && result.events.get('W7')?.[0].code).toBe('190101');
  });
});
