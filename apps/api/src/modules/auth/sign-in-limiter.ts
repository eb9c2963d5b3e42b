import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, SIGN_IN_LIMITS } from '@depot/contracts';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DATABASE_RUNTIME } from '../../core/core.tokens';
import type { DatabaseRuntime } from '../../db/database';
import { Errors } from '../../common/errors';

/**
 * Counts failed sign-ins per e-mail and per IP address (rate-limiter-flexible).
 * On a server the counters live in PostgreSQL so every instance shares them; embedded mode is one
 * process, and PGlite shares one backend between connections (named prepared statements collide), so
 * the counters live in memory there.
 */
@Injectable()
export class SignInLimiter {
  private readonly byEmail: RateLimiterAbstract;
  private readonly byIp: RateLimiterAbstract;

  constructor(@Inject(DATABASE_RUNTIME) runtime: DatabaseRuntime) {
    const make = (keyPrefix: string, limit: { failures: number; windowSeconds: number }) =>
      runtime.mode === 'server'
        ? new RateLimiterPostgres({
            storeClient: runtime.pool,
            storeType: 'pool',
            tableName: 'rate_limits',
            tableCreated: true,
            clearExpiredByTimeout: true,
            keyPrefix,
            points: limit.failures,
            duration: limit.windowSeconds,
          })
        : new RateLimiterMemory({ keyPrefix, points: limit.failures, duration: limit.windowSeconds });
    this.byEmail = make('signin_email', SIGN_IN_LIMITS.perEmail);
    this.byIp = make('signin_ip', SIGN_IN_LIMITS.perIp);
  }

  /** Throws 429 when either counter is used up; it carries the wait in seconds for `Retry-After`. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const [e, i] = await Promise.all([this.byEmail.get(email), this.byIp.get(ip)]);
    const blocked = [
      { res: e, max: SIGN_IN_LIMITS.perEmail.failures },
      { res: i, max: SIGN_IN_LIMITS.perIp.failures },
    ].filter(({ res, max }) => res !== null && res.consumedPoints >= max);
    if (blocked.length > 0) {
      const ms = Math.max(...blocked.map(({ res }) => res!.msBeforeNext));
      // The message rounds the same wait up to whole minutes, so it never promises less than Retry-After.
      const seconds = Math.max(1, Math.ceil(ms / 1000));
      throw Errors.tooManyRequests(MESSAGES.tooManySignInAttempts(Math.ceil(seconds / 60)), seconds);
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.byEmail.penalty(email, 1), this.byIp.penalty(ip, 1)]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byEmail.delete(email);
  }
}
