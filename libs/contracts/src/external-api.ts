/**
 * The external REST API for integrators (API keys): header names and limits shared by the API, its OpenAPI
 * document and docs/api/external.md (decisions 0060–0062).
 */

/** Requests an API key may make per window unless `API_KEY_RATE_LIMIT` says otherwise (decision 0060). */
export const API_KEY_RATE_LIMIT_DEFAULT = { requests: 120, windowSeconds: 60 } as const;

/** Headers on every reply to a call made with an API key, and on its 429. */
export const RATE_LIMIT_HEADERS = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  /** Seconds until the current window ends and the full limit is available again. */
  reset: 'X-RateLimit-Reset',
  /** Seconds to wait, on a 429 only. */
  retryAfter: 'Retry-After',
} as const;

/** Request header that makes a POST safe to retry (decision 0061). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Reply header set to `true` when the reply is the stored one of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** 1–255 visible ASCII characters (no spaces or control characters); a UUID is a good choice. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long a stored reply is replayed; after that the key may be used again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
