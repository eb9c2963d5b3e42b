/** The one reply shape for every error (DESIGN.md "Rules that hold everywhere"). */
export interface ErrorReply {
  statusCode: number;
  error: string;
  message: string;
  details?: ErrorDetail[] | Record<string, unknown>;
}

/** One field problem in a validation error. `path` is the field, dotted for nested fields. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** `error` values the panel reacts to specially. */
export const ERROR_CODES = {
  accessDisabled: 'AccessDisabled',
  validation: 'ValidationError',
  tooManyRequests: 'TooManyRequests',
} as const;
