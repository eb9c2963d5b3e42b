import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@depot/contracts';
import type { Logger } from 'pino';
import { Errors } from '../../common/errors';
import { LOGGER } from '../../core/core.tokens';
import { IdempotencyRepository, PENDING_STATUS } from './idempotency.repository';

/** Whether the request runs (it now holds the key) or gets the stored reply of an earlier one. */
export type IdempotencyClaim = { kind: 'run' } | { kind: 'replay'; status: number; body: unknown };

/** How often one process sweeps expired keys out of the table, and how many rows one sweep removes at most. */
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_BATCH = 1000;

/**
 * The rules of Idempotency-Key (decision 0061): the first request with a key claims it with a pending row
 * and runs; its reply (2xx–4xx) is stored for 24 h and replayed to any repeat with the same request; the same
 * key with another request is 422; a repeat while the first still runs is 409; a failed first request (5xx
 * or thrown) gives the key back.
 */
@Injectable()
export class IdempotencyService {
  private lastSweep = 0;

  constructor(
    private readonly repo: IdempotencyRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async claim(apiKeyId: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
    await this.sweepNow(false);
    // A few rounds: the row seen may be stale (removed, then claimed anew) or released between two statements.
    for (let round = 0; round < 3; round++) {
      if (await this.repo.insertPending(apiKeyId, key, requestHash)) return { kind: 'run' };
      const row = await this.repo.find(apiKeyId, key);
      if (!row) continue;
      if (row.stale) {
        await this.repo.removeIfStale(apiKeyId, key);
        continue;
      }
      if (row.requestHash !== requestHash) throw Errors.unprocessable(MESSAGES.idempotencyKeyReused);
      if (row.responseStatus === PENDING_STATUS) throw Errors.conflict(MESSAGES.idempotencyKeyInProgress);
      return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
    }
    throw Errors.conflict(MESSAGES.idempotencyKeyInProgress);
  }

  /**
   * Stores the reply of the request that claimed the key (the body as it goes out: JSON). Never throws: the
   * request has done its work and its reply must still go out; if storing fails the key is given back.
   */
  async complete(apiKeyId: string, key: string, status: number, body: unknown): Promise<void> {
    try {
      const json: unknown = body === undefined ? null : JSON.parse(JSON.stringify(body));
      await this.repo.complete(apiKeyId, key, status, json);
    } catch (err) {
      this.log.error({ err }, 'storing an idempotent reply failed');
      await this.release(apiKeyId, key);
    }
  }

  /** Gives the key back after a failure, so the client may retry with it. Never throws. */
  async release(apiKeyId: string, key: string): Promise<void> {
    try {
      await this.repo.release(apiKeyId, key);
    } catch (err) {
      // The pending row stays until it counts as abandoned (PENDING_ABANDONED_MINUTES).
      this.log.error({ err }, 'releasing an idempotency key failed');
    }
  }

  /**
   * Removes keys past their 24 h lifetime. Called on access at most every 10 minutes per process (a key's own
   * expiry is checked on every claim regardless); `force` sweeps at once.
   */
  async sweepNow(force = true): Promise<number> {
    const now = Date.now();
    if (!force && now - this.lastSweep < SWEEP_EVERY_MS) return 0;
    this.lastSweep = now;
    try {
      return await this.repo.deleteExpired(SWEEP_BATCH);
    } catch (err) {
      this.log.warn({ err }, 'idempotency key sweep failed');
      return 0;
    }
  }
}
