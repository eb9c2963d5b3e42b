import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRepository } from './idempotency.repository';
import { IdempotencyService } from './idempotency.service';
import { RateLimitInterceptor } from './rate-limit.interceptor';

/**
 * Infrastructure of the integrators' API (decisions 0060–0062): the per-key rate limit on every API-key call,
 * and what `@Idempotent()` routes need. Global, so a feature module's controller can use `@Idempotent()`
 * without importing anything.
 */
@Global()
@Module({
  providers: [
    ApiKeyRateLimiter,
    IdempotencyRepository,
    IdempotencyService,
    IdempotencyInterceptor,
    { provide: APP_INTERCEPTOR, useClass: RateLimitInterceptor },
  ],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class ExternalApiModule {}
