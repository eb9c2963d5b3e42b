import { HIDDEN_SECRET } from '@depot/contracts';

/**
 * The change log (administration/logs): which values are secrets that the log never shows, and comparing recorded
 * values (what the list's filters mean for one entry: lists/logs-list.ts; an entry's data as people read it:
 * log-details.ts).
 */

const SECRET_WORDS = ['password', 'secret', 'token', 'hash', 'apikey', 'privatekey', 'credential'];

/**
 * Whether a key names a secret: it mentions a password, secret, token, hash, API key, private key or credential,
 * and is not an id of one (`apiKeyId`, `sessionId`) — ids are not secrets.
 */
export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[^a-z]/g, '');
  if (k.endsWith('id') || k.endsWith('ids')) return false;
  return SECRET_WORDS.some((w) => k.includes(w));
}

/**
 * A copy of `value` with every secret replaced by HIDDEN_SECRET, at any depth. Yes/no facts about a secret
 * (`passwordChanged: true`) and empty ones (null) are not secrets and stay.
 */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, x]) => [
      k,
      isSecretKey(k) && x !== null && typeof x !== 'boolean' ? HIDDEN_SECRET : redactSecrets(x),
    ]),
  );
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.keys(value as object)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}
