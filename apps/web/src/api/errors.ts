import type { ErrorReply } from '@depot/contracts';
import { messageKeyOf } from '@depot/contracts/base';

/** An API call that did not succeed: its HTTP status and the error body, when it was one of ours. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorReply> | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

/** What the user is told: a message id to translate (with values), or the server's own words. */
export type ErrorText = { id: string; values?: Record<string, string | number> } | { text: string };

/** Per-status texts for when the server sent no message (SPEC §8: the handler is chosen by status). */
const STATUS_MESSAGE_IDS: Record<number, string> = {
  0: 'error.status.network',
  400: 'error.status.400',
  401: 'error.status.401',
  403: 'error.status.403',
  404: 'error.status.404',
  409: 'error.status.409',
  413: 'error.status.413',
  415: 'error.status.415',
  429: 'error.status.429',
  500: 'error.status.500',
  502: 'error.status.5xx',
  503: 'error.status.5xx',
  504: 'error.status.5xx',
};

/**
 * A message from the API or a shared zod schema, in the panel's terms: a known one by id (the mapping in
 * libs/contracts message-keys.ts, which the API writes its files with too), else as given.
 */
export function describeMessage(text: string): ErrorText {
  return messageKeyOf(text) ?? { text };
}

/**
 * SPEC §8's error handler: the server's message (or error field) when present; else the text for the status;
 * a status without a handler, or something that is not an API error at all, gives the "unhandled" text.
 */
export function describeError(err: unknown): ErrorText {
  if (!(err instanceof ApiError)) return { id: 'error.unhandled' };
  const serverText = err.body?.message || err.body?.error;
  if (typeof serverText === 'string' && serverText.trim()) return describeMessage(serverText);
  const id = STATUS_MESSAGE_IDS[err.status];
  return id ? { id } : { id: 'error.unhandled' };
}

/** Field → message from a validation error reply's details (for placing messages under form fields). */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !Array.isArray(err.body?.details)) return {};
  const out: Record<string, string> = {};
  for (const d of err.body.details) if (d.path && !(d.path in out)) out[d.path] = d.message;
  return out;
}
