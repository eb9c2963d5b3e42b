import { HttpException, HttpStatus } from '@nestjs/common';
import { ERROR_CODES, MESSAGES, type ErrorDetail } from '@depot/contracts';

const make = (status: number, error: string) => (message: string, details?: ErrorDetail[]) =>
  new HttpException({ statusCode: status, error, message, ...(details ? { details } : {}) }, status);

/** Errors with the reply shape of DESIGN.md; messages are the human text the panel shows. */
export const Errors = {
  badRequest: make(HttpStatus.BAD_REQUEST, 'Bad Request'),
  validation: make(HttpStatus.BAD_REQUEST, ERROR_CODES.validation),
  unauthorized: (message: string = MESSAGES.notSignedIn) =>
    make(HttpStatus.UNAUTHORIZED, 'Unauthorized')(message),
  forbidden: (message: string = MESSAGES.forbidden) => make(HttpStatus.FORBIDDEN, 'Forbidden')(message),
  accessDisabled: () => make(HttpStatus.FORBIDDEN, ERROR_CODES.accessDisabled)(MESSAGES.accessDisabled),
  notFound: (message: string = MESSAGES.notFound) => make(HttpStatus.NOT_FOUND, 'Not Found')(message),
  conflict: make(HttpStatus.CONFLICT, 'Conflict'),
  payloadTooLarge: make(HttpStatus.PAYLOAD_TOO_LARGE, 'Payload Too Large'),
  unprocessable: make(HttpStatus.UNPROCESSABLE_ENTITY, 'Unprocessable Entity'),
  unsupportedMediaType: (message: string = MESSAGES.jsonBodyRequired) =>
    make(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Unsupported Media Type')(message),
  /** With `retryAfterSeconds`, the reply should carry `Retry-After` (read it back with `retryAfterOf`). */
  tooManyRequests: (message: string, retryAfterSeconds?: number) => {
    const error = make(HttpStatus.TOO_MANY_REQUESTS, ERROR_CODES.tooManyRequests)(message);
    return retryAfterSeconds === undefined ? error : Object.assign(error, { retryAfterSeconds });
  },
};

/** The seconds to wait that an error from `Errors.tooManyRequests(message, seconds)` carries, if any. */
export function retryAfterOf(error: unknown): number | undefined {
  const seconds =
    error instanceof HttpException ? (error as { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
  return typeof seconds === 'number' ? seconds : undefined;
}

/**
 * A client error (4xx) as the error details its reply carries (its `details`, else its message), for work that
 * records a refusal instead of answering with it (an import's rows); anything else is thrown on.
 */
export function refusalDetails(err: unknown): ErrorDetail[] {
  if (!(err instanceof HttpException) || err.getStatus() >= 500) throw err;
  const body = err.getResponse() as { message?: string; details?: unknown };
  if (Array.isArray(body.details) && body.details.length > 0) return body.details as ErrorDetail[];
  return [{ path: '', message: body.message ?? err.message }];
}
