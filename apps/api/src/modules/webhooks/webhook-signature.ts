import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@depot/contracts';

/**
 * Webhook signatures (decision 0146, docs/api/external.md "Webhooks"): `Depot-Signature: v1=<hex>`, the hex
 * HMAC-SHA256 keyed with the endpoint's secret (the whole `whsec_…` string, UTF-8) of `<Depot-Timestamp>.<body>`.
 * While a rotated-out secret still signs, the header carries one `v1=` per secret, newest first, comma-separated.
 */

/** A new signing secret: `whsec_` and 32 random bytes, URL-safe. */
export const newWebhookSecret = (): string =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The hex HMAC-SHA256 of `${timestamp}.${body}` with `secret`. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The Depot-Signature header for these secrets (the current one first). */
export function webhookSignatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets.map((s) => `v1=${webhookSignature(s, timestamp, body)}`).join(', ');
}

/** The `v1` signatures a Depot-Signature header carries (other schemes and malformed parts are left out). */
export function signaturesOf(header: string): string[] {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^v1=[0-9a-f]{64}$/.test(part))
    .map((part) => part.slice(3));
}

/**
 * What a receiver checks (the docs show the same in Node and openssl): the timestamp is within `toleranceSeconds`
 * of now (an old message replayed is refused), and one of the header's `v1` signatures is the HMAC of
 * `<timestamp>.<body>` with the secret, compared in constant time.
 */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  if (!headers.timestamp || !headers.signature || !/^\d{1,12}$/.test(headers.timestamp)) return false;
  const timestamp = Number(headers.timestamp);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body), 'hex');
  return signaturesOf(headers.signature).some((sig) => timingSafeEqual(Buffer.from(sig, 'hex'), expected));
}
