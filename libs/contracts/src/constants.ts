/** SPEC 9: session expiry, 24 hours. */
export const SESSION_TTL_MS = 86_400_000;
/** SPEC 9: list page size. */
export const PAGE_SIZE = 50;
export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** New passwords: the stricter of SPEC 5's two rules. */
export const PASSWORD_MIN_LENGTH = 12;
/** Sign-in throttling: failures allowed per window, per e-mail and per IP address. */
export const SIGN_IN_LIMITS = {
  perEmail: { failures: 10, windowSeconds: 15 * 60 },
  perIp: { failures: 30, windowSeconds: 15 * 60 },
} as const;
export const SESSION_COOKIE = 'xSessionToken';
export const API_KEY_HEADER = 'x-api-key';
/** SPEC 9: dates are stored in UTC and shown in this zone, as yyyy-MM-dd (warsaw-time.ts computes them). */
export const DISPLAY_TIMEZONE = 'Europe/Warsaw';
