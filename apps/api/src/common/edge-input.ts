import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { findTextProblem, MAX_TEXT_LENGTH, MESSAGES, type TextProblem } from '@depot/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Observable } from 'rxjs';
import { Errors } from './errors';

const DEFERRED_BODY_ERROR = Symbol('deferredBodyError');
type WithDeferred = Request & { [DEFERRED_BODY_ERROR]?: unknown };

/**
 * Wraps a body-reading middleware (JSON parser, content-type check) so that its refusal waits for the guard:
 * a caller who may not call the route at all hears 401/403, not what was wrong with its body (issue 11).
 * The edge interceptor below raises the refusal once the guard has let the caller through.
 */
export function deferBodyErrors(middleware: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    middleware(req, res, (err?: unknown) => {
      if (err === undefined || err === null || err === 'route' || err === 'router') return next(err);
      (req as WithDeferred)[DEFERRED_BODY_ERROR] = err;
      req.body = undefined;
      next();
    });
}

/** The 400 for a bad string, naming the field. */
export function textProblemError(problem: TextProblem) {
  const message =
    problem.kind === 'tooLong'
      ? MESSAGES.textTooLong(problem.path, MAX_TEXT_LENGTH)
      : problem.kind === 'tooDeep'
        ? MESSAGES.inputTooDeep(problem.path)
        : MESSAGES.textNotStorable(problem.path);
  return Errors.validation(message, [{ path: problem.path, message }]);
}

/** Throws the 400 when any string of `value` breaks the shared text rule (libs/contracts text.ts). */
export function assertStorableText(value: unknown): void {
  const problem = findTextProblem(value);
  if (problem) throw textProblemError(problem);
}

/**
 * Runs after the guard, before any pipe or handler: a body the parser refused is refused now, and every string in
 * the path parameters, the query and the body must pass the one text rule. Nothing reaches a service (or
 * PostgreSQL) with a NUL, a lone surrogate, an over-long string or absurd nesting.
 */
@Injectable()
export class EdgeInputInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() === 'http') {
      const req = ctx.switchToHttp().getRequest<WithDeferred>();
      const deferred = req[DEFERRED_BODY_ERROR];
      if (deferred !== undefined) throw deferred;
      assertStorableText(req.params);
      assertStorableText(req.query);
      assertStorableText(req.body);
    }
    return next.handle();
  }
}
