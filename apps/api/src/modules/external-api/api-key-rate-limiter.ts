import { Inject, Injectable } from '@nestjs/common';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DATABASE_RUNTIME, LOGGER } from '../../core/core.tokens';
import type { DatabaseRuntime } from '../../db/database';

/** The outcome of one call against a key's budget. */
export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  windowSeconds: number;
  remaining: number;
  /** Seconds until the window ends (the whole budget is back). */
  resetSeconds: number;
}

/**
 * Counts calls per API key in fixed windows (decision 0060). On a server the counters live in PostgreSQL
 * (`rate_limits`, shared with the sign-in limiter under another prefix), so every instance draws on the same
 * budget; if the store fails, an in-memory counter per instance stands in rather than refusing every call.
 * Embedded mode is one process and PGlite shares one backend, so the counters live in memory there.
 */
@Injectable()
export class ApiKeyRateLimiter {
  private readonly limiter: RateLimiterAbstract | null;
  private readonly limit: { requests: number; windowSeconds: number } | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE_RUNTIME) runtime: DatabaseRuntime,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.limit = config.apiKeyRateLimit;
    if (!this.limit) {
      this.limiter = null;
      return;
    }
    const options = { keyPrefix: 'apikey', points: this.limit.requests, duration: this.limit.windowSeconds };
    this.limiter =
      runtime.mode === 'server'
        ? new RateLimiterPostgres({
            ...options,
            storeClient: runtime.pool,
            storeType: 'pool',
            tableName: 'rate_limits',
            tableCreated: true,
            clearExpiredByTimeout: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
  }

  /** Takes one call from the key's budget; null when the limit is off. */
  async consume(apiKeyId: string): Promise<RateLimitVerdict | null> {
    if (!this.limiter || !this.limit) return null;
    const { requests: limit, windowSeconds } = this.limit;
    const verdict = (res: RateLimiterRes, allowed: boolean): RateLimitVerdict => ({
      allowed,
      limit,
      windowSeconds,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    });
    try {
      return verdict(await this.limiter.consume(apiKeyId, 1), true);
    } catch (err) {
      if (err instanceof RateLimiterRes) return verdict(err, false);
      // The store and its stand-in both failed: let the call through rather than lock every integrator out.
      this.log.error({ err }, 'API key rate limiter unavailable');
      return null;
    }
  }
}
