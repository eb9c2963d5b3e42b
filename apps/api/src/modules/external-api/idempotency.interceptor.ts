import {
  HttpException,
  Injectable,
  StreamableFile,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, type Principal } from '@depot/contracts';
import type { Request, Response } from 'express';
import { catchError, from, mergeMap, of, switchMap, type Observable } from 'rxjs';
import { toErrorReply } from '../../common/http-exception.filter';
import { IdempotencyService } from './idempotency.service';
import { parseIdempotencyKey, requestFingerprint } from './request-fingerprint';

/**
 * Applied by `@Idempotent()`. A call made with an API key and an Idempotency-Key header runs once: the reply is
 * stored and replayed for repeats (decision 0061). Without the header, or for a signed-in user, the handler
 * simply runs. Only JSON replies are stored; a file reply runs every time (the key is given back).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<Request & { principal?: Principal }>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const principal = req.principal;
    if (principal?.kind !== 'apiKey') return next.handle();
    const key = parseIdempotencyKey(req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    if (key === undefined) return next.handle();
    const apiKeyId = principal.apiKeyId;
    const hash = requestFingerprint(req.method, req.originalUrl, req.body);

    return from(this.idempotency.claim(apiKeyId, key, hash)).pipe(
      switchMap((claim) => {
        if (claim.kind === 'replay') {
          res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
          if (claim.status >= 400) throw new HttpException(claim.body as object, claim.status);
          // The route's own status goes out, which is the stored one (a 2xx comes only from the handler).
          return of(claim.body);
        }
        return next.handle().pipe(
          catchError((err: unknown) => from(this.afterFailure(apiKeyId, key, err))),
          mergeMap((body) => from(this.afterSuccess(apiKeyId, key, res.statusCode, body))),
        );
      }),
    );
  }

  private async afterSuccess(apiKeyId: string, key: string, status: number, body: unknown): Promise<unknown> {
    if (body instanceof StreamableFile || Buffer.isBuffer(body))
      await this.idempotency.release(apiKeyId, key);
    else await this.idempotency.complete(apiKeyId, key, status, body);
    return body;
  }

  /** A refusal (4xx) is the answer to this request and is kept; anything else gives the key back. */
  private async afterFailure(apiKeyId: string, key: string, err: unknown): Promise<never> {
    const reply = toErrorReply(err);
    if (reply.statusCode < 500) await this.idempotency.complete(apiKeyId, key, reply.statusCode, reply);
    else await this.idempotency.release(apiKeyId, key);
    throw err;
  }
}
