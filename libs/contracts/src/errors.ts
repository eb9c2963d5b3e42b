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
  /** What the message is about, in numbers or names (e.g. `{ activeParcels: 3 }`), for the panel to show. */
  values?: Record<string, string | number>;
}

/** `error` values the panel reacts to specially. */
export const ERROR_CODES = {
  accessDisabled: 'AccessDisabled',
  validation: 'ValidationError',
  tooManyRequests: 'TooManyRequests',
  /** 403 of a client or user with disableNewOrders (SPEC 2: the dashboard notice). */
  ordersBlocked: 'OrdersBlocked',
} as const;
