import { MESSAGES } from '@depot/contracts';
import {
  isLoopbackAddress,
  isPublicAddress,
  nextWebhookAttempt,
  WEBHOOK_RETRY_SCHEDULE,
  webhookAddressAllowed,
  webhookUrlPolicyProblem,
  type WebhookRetrySchedule,
} from './webhooks';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const noJitter: WebhookRetrySchedule = { ...WEBHOOK_RETRY_SCHEDULE, jitter: 0 };
const first = new Date('2026-03-02T09:00:00.000Z');
const at = (ms: number) => new Date(first.getTime() + ms);

describe('webhook retry schedule', () => {
  it('waits 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, then 8 h after each failed attempt', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(
      (n) => nextWebhookAttempt(n, first, first, noJitter)!.getTime() - first.getTime(),
    );
    expect(waits).toEqual([10 * S, 30 * S, 2 * M, 10 * M, 30 * M, H, 2 * H, 4 * H, 8 * H, 8 * H]);
  });

  it('follows the attempts as they happen: twelve attempts over 24 h, the last at its end, then none', () => {
    let now = first;
    const attempts = [first];
    for (let n = 1; ; n++) {
      const next = nextWebhookAttempt(n, first, now, noJitter);
      if (!next) break;
      attempts.push(next);
      now = next;
    }
    expect(attempts).toHaveLength(12);
    expect(attempts.at(-1)).toEqual(at(24 * H));
    expect(attempts.slice(1, 4).map((d) => d.getTime() - first.getTime())).toEqual([10 * S, 40 * S, 160 * S]);
  });

  it('moves an attempt that would pass the window to its end, and gives up once the window is over', () => {
    expect(nextWebhookAttempt(9, first, at(20 * H), noJitter)).toEqual(at(24 * H));
    expect(nextWebhookAttempt(1, first, at(24 * H), noJitter)).toBeNull();
    expect(nextWebhookAttempt(1, first, at(30 * H), noJitter)).toBeNull();
  });

  it('spreads each wait by at most the jitter, both ways', () => {
    const wait = (r: number) =>
      nextWebhookAttempt(2, first, first, WEBHOOK_RETRY_SCHEDULE, () => r)!.getTime();
    expect(wait(0) - first.getTime()).toBe(27 * S);
    expect(wait(0.5) - first.getTime()).toBe(30 * S);
    expect(wait(0.999_999) - first.getTime()).toBeLessThanOrEqual(33 * S);
  });

  it('takes another schedule (the tests inject short ones)', () => {
    const short: WebhookRetrySchedule = { delaysMs: [100, 200], windowMs: 1000, jitter: 0 };
    expect(nextWebhookAttempt(1, first, first, short)).toEqual(at(100));
    expect(nextWebhookAttempt(5, first, at(300), short)).toEqual(at(500));
    expect(nextWebhookAttempt(5, first, at(900), short)).toEqual(at(1000));
    expect(nextWebhookAttempt(0, first, first, short)).toEqual(at(100));
    expect(nextWebhookAttempt(1, first, first, { ...short, delaysMs: [] })).toBeNull();
  });
});

describe('addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
  ])('%s is loopback', (ip) => {
    expect(isLoopbackAddress(ip)).toBe(true);
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    '::ffff:10.0.0.1',
    '::ffff:192.168.0.1',
    '64:ff9b::a9fe:a9fe',
  ])('%s is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
    expect(isLoopbackAddress(ip)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2a00:1450:4001:82a::200e', '::ffff:8.8.8.8'])(
    '%s is public',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
      expect(isLoopbackAddress(ip)).toBe(false);
    },
  );

  it.each(['', 'localhost', '256.1.1.1', '1.2.3', '1:2:3', '::1::', 'example.com', '12345::1'])(
    '%j is no address',
    (text) => {
      expect(isPublicAddress(text)).toBe(false);
      expect(isLoopbackAddress(text)).toBe(false);
    },
  );

  it('what each setting lets a resolved address be', () => {
    expect(webhookAddressAllowed('10.0.0.1', 'any')).toBe(true);
    expect(webhookAddressAllowed('127.0.0.1', 'local')).toBe(true);
    expect(webhookAddressAllowed('8.8.8.8', 'local')).toBe(false);
    expect(webhookAddressAllowed('8.8.8.8', 'public')).toBe(true);
    expect(webhookAddressAllowed('127.0.0.1', 'public')).toBe(false);
  });
});

describe('webhook URLs under the installation setting', () => {
  const problem = (text: string, mode: 'public' | 'local' | 'any') =>
    webhookUrlPolicyProblem(new URL(text), mode);

  it('public: https to a public host only', () => {
    expect(problem('https://shop.example.com/hooks/depot?x=1', 'public')).toBeUndefined();
    expect(problem('https://8.8.8.8/hook', 'public')).toBeUndefined();
    expect(problem('https://[2a00:1450:4001:82a::200e]/hook', 'public')).toBeUndefined();
    expect(problem('http://shop.example.com/hook', 'public')).toBe(MESSAGES.webhookUrlHttpsRequired);
    for (const local of [
      'https://localhost/hook',
      'https://LOCALHOST./hook',
      'https://api.localhost/hook',
      'https://printer.local/hook',
      'https://intranet/hook',
      'https://127.0.0.1/hook',
      'https://2130706433/hook',
      'https://0x7f.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:192.168.1.1]/hook',
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest/meta-data',
    ])
      expect([local, problem(local, 'public')]).toEqual([local, MESSAGES.webhookUrlNotPublic]);
  });

  it('local: this machine only, http allowed', () => {
    for (const ok of [
      'http://127.0.0.1:4000/hook',
      'http://localhost:9/x',
      'https://[::1]/x',
      'http://127.1/x',
    ])
      expect([ok, problem(ok, 'local')]).toEqual([ok, undefined]);
    for (const far of ['http://example.com/hook', 'https://8.8.8.8/', 'http://10.0.0.1/'])
      expect([far, problem(far, 'local')]).toEqual([far, MESSAGES.webhookUrlNotLocal]);
  });

  it('any: every http(s) URL', () => {
    expect(problem('http://10.0.0.1/hook', 'any')).toBeUndefined();
    expect(problem('http://example.com/hook', 'any')).toBeUndefined();
  });
});
