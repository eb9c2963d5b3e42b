import { ArgumentsHost, Catch, HttpException, HttpStatus, type ExceptionFilter } from '@nestjs/common';
import { MESSAGES, type ErrorReply } from '@depot/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'TooManyRequests',
};

/** Turns every error into the one reply shape `{ statusCode, error, message, details? }`. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly log: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const reply = toErrorReply(exception);
    if (reply.statusCode >= 500) {
      this.log.error({ err: exception, method: req.method, url: req.originalUrl }, 'request failed');
    }
    res.status(reply.statusCode).json(reply);
  }
}

/** The reply an error leaves with: `{ statusCode, error, message, details? }` (also stored by idempotent calls). */
export function toErrorReply(exception: unknown): ErrorReply {
  // The Express adapter wraps body-parser errors (bad JSON, too large) in an HttpException; answer them by their cause.
  const cause =
    exception instanceof HttpException ? (exception.cause as { type?: string } | undefined) : undefined;
  if (cause?.type === 'entity.parse.failed' || cause?.type === 'entity.too.large') return toErrorReply(cause);
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const body = exception.getResponse();
    if (typeof body === 'object' && body !== null) {
      const b = body as Partial<ErrorReply> & { message?: unknown };
      const message = Array.isArray(b.message)
        ? String(b.message[0])
        : String(b.message ?? exception.message);
      return {
        statusCode,
        error: typeof b.error === 'string' ? b.error : (STATUS_NAMES[statusCode] ?? 'Error'),
        message,
        ...(b.details ? { details: b.details } : {}),
      };
    }
    return { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message: String(body) };
  }
  const status = (exception as { status?: number; statusCode?: number })?.status;
  if (status === 413 || (exception as { type?: string })?.type === 'entity.too.large') {
    return { statusCode: 413, error: STATUS_NAMES[413], message: 'The request is too large.' };
  }
  if ((exception as { type?: string })?.type === 'entity.parse.failed') {
    return { statusCode: 400, error: 'Bad Request', message: MESSAGES.enterCorrectData };
  }
  return {
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
    error: 'Internal Server Error',
    message: MESSAGES.serverError,
  };
}
