import {
  newWebhookSecret,
  signaturesOf,
  verifyWebhook,
  webhookSignature,
  webhookSignatureHeader,
} from './webhook-signature';

/** Vectors computed apart from this code (Python's hmac and `openssl dgst -sha256 -hmac`, as the docs show). */
const VECTORS = [
  {
    secret: 'whsec_test-secret',
    timestamp: 1_700_000_000,
    body: '{"id":"evt_1","type":"webhook.test"}',
    hex: 'b3be53c4e5baad01ac8405890e129398bee310ac78a4fc7e8d522644faec0798',
  },
  {
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    timestamp: 1_767_225_600,
    body: '{}',
    hex: 'feb46425ec12b10debfbfb9238a8ef06b7b00123ca87561938e3f0c02f91092c',
  },
  {
    secret: 'whsec_też',
    timestamp: 1_700_000_001,
    body: '{"n":"Zażółć"}',
    hex: '8a88a23b1b09421b5ddc28ca29c5aefa56fcf7ad2931a052f69113b1e059c282',
  },
];

describe('webhook signatures', () => {
  it.each(VECTORS)('signs $timestamp.$body with $secret as the known vector', (v) => {
    expect(webhookSignature(v.secret, v.timestamp, v.body)).toBe(v.hex);
    expect(webhookSignatureHeader([v.secret], v.timestamp, v.body)).toBe(`v1=${v.hex}`);
  });

  it('one v1 per secret, the current one first, while a rotated-out secret still signs', () => {
    const [a, b] = VECTORS;
    const header = webhookSignatureHeader([a.secret, 'whsec_old'], a.timestamp, a.body);
    expect(header).toBe(`v1=${a.hex}, v1=${webhookSignature('whsec_old', a.timestamp, a.body)}`);
    expect(signaturesOf(header)).toHaveLength(2);
    expect(signaturesOf(`t=1, v0=${b.hex}, v1=xyz, v1=${b.hex}`)).toEqual([b.hex]);
  });

  it('a new secret is whsec_ and 43 URL-safe characters, different every time', () => {
    const s = newWebhookSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(s);
  });

  describe('verification (what a receiver does)', () => {
    const v = VECTORS[0];
    const ok = { timestamp: String(v.timestamp), signature: `v1=${v.hex}` };

    it('accepts the signed body within five minutes, with either of two signatures', () => {
      expect(verifyWebhook(v.secret, ok, v.body, v.timestamp)).toBe(true);
      expect(verifyWebhook(v.secret, ok, v.body, v.timestamp + 300)).toBe(true);
      expect(verifyWebhook(v.secret, ok, v.body, v.timestamp - 300)).toBe(true);
      const two = { ...ok, signature: `v1=${'0'.repeat(64)}, v1=${v.hex}` };
      expect(verifyWebhook(v.secret, two, v.body, v.timestamp)).toBe(true);
    });

    it.each([
      ['another body', ok, `${v.body} `, v.timestamp],
      ['another secret', ok, v.body, v.timestamp, 'whsec_other'],
      ['an old timestamp', ok, v.body, v.timestamp + 301],
      ['a timestamp from the future', ok, v.body, v.timestamp - 301],
      ['another timestamp in the header', { ...ok, timestamp: String(v.timestamp + 1) }, v.body, v.timestamp],
      ['no signature', { ...ok, signature: undefined }, v.body, v.timestamp],
      ['no timestamp', { ...ok, timestamp: undefined }, v.body, v.timestamp],
      ['a timestamp that is not a number', { ...ok, timestamp: '1e9' }, v.body, v.timestamp],
      ['an upper-case signature', { ...ok, signature: `v1=${v.hex.toUpperCase()}` }, v.body, v.timestamp],
      ['another scheme', { ...ok, signature: `v0=${v.hex}` }, v.body, v.timestamp],
    ] as const)('refuses %s', (_label, headers, body, now, secret: string = v.secret) => {
      expect(verifyWebhook(secret, headers, body, now)).toBe(false);
    });
  });
});
