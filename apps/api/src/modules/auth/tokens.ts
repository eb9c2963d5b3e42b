import { createHash, randomBytes } from 'node:crypto';

/** A new secret: 32 random bytes, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Tokens and keys are high-entropy secrets, so a plain SHA-256 is the right way to store them. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** API keys carry a prefix so they are recognisable in configs and secret scanners. */
export const newApiKey = (): string => `dpk_${newSecret()}`;
