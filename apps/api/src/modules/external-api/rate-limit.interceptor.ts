import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { MESSAGES, RATE_LIMIT_HEADERS, type Principal } from '@depot/contracts';
import type { Request, Response } from 'express';
import { from, switchMap, type Observable } from 'rxjs';
import { Errors } from '../../common/errors';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';

/**
 * Global: every call authenticated by an API key takes one request from the key's budget and carries
 * X-RateLimit-Limit / -Remaining / -Reset; over budget it gets 429 with Retry-After, and the handler does not
 * run. Sessions (the panel) are not limited here. Runs after the AccessGuard, which sets the principal.
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(private readonly limiter: ApiKeyRateLimiter) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request & { principal?: Principal }>();
    const principal = req.principal;
    if (principal?.kind !== 'apiKey') return next.handle();
    const res = ctx.switchToHttp().getResponse<Response>();
    return from(this.limiter.consume(principal.apiKeyId)).pipe(
      switchMap((verdict) => {
        if (!verdict) return next.handle();
        res.setHeader(RATE_LIMIT_HEADERS.limit, String(verdict.limit));
        res.setHeader(RATE_LIMIT_HEADERS.remaining, String(verdict.remaining));
        res.setHeader(RATE_LIMIT_HEADERS.reset, String(verdict.resetSeconds));
        if (!verdict.allowed) {
          res.setHeader(RATE_LIMIT_HEADERS.retryAfter, String(verdict.resetSeconds));
          const { limit, windowSeconds, resetSeconds } = verdict;
          throw Errors.tooManyRequests(MESSAGES.apiKeyRateLimited(limit, windowSeconds, resetSeconds));
        }
        return next.handle();
      }),
    );
  }
}
