import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, MESSAGES } from '@depot/contracts';
import { Errors } from '../../common/errors';

/**
 * JSON with object keys sorted at every depth, so that two bodies meaning the same thing give the same text
 * whatever order their keys were sent in. Array order is kept; undefined members are left out (as in JSON).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const members = Object.keys(value)
    .sort()
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${members.join(',')}}`;
}

/**
 * What makes two requests "the same" for an Idempotency-Key: method, path with query, and the canonical body
 * (decision 0061). SHA-256, hex (64 characters, the width of idempotency_keys.request_hash).
 */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${url}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

/** The Idempotency-Key header's value: undefined when absent, 400 when not 1–255 visible ASCII characters. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw Errors.badRequest(MESSAGES.idempotencyKeyInvalid);
  return header;
}
