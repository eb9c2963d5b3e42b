import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import { parseJson, readViesReply, type ViesResult } from './vies-reply';

/**
 * The VIES adapter: checks an EU VAT number against the EU Commission's VIES REST API at `VIES_URL`
 * (`POST {VIES_URL}/check-vat-number`). It never throws: without `VIES_URL`, on a network error, after
 * `VIES_TIMEOUT_MS` or on an answer it cannot read, the result is `unavailable` with the reason.
 */
@Injectable()
export class ViesClient {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `countryCode` is VIES's (Greece 'EL'); `vatNumber` is without the country prefix. */
  async check(countryCode: string, vatNumber: string): Promise<ViesResult> {
    const base = this.config.viesUrl;
    if (!base) return { outcome: 'unavailable', reason: 'NOT_CONFIGURED' };
    const asked = { countryCode, vatNumber };
    try {
      const res = await fetch(`${base}/check-vat-number`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(asked),
        signal: AbortSignal.timeout(this.config.viesTimeoutMs),
      });
      const result = readViesReply(res.status, parseJson(await res.text()), asked);
      if (result.outcome === 'unavailable') {
        this.logger.warn(
          { context: 'vies', status: res.status, reason: result.reason },
          'VIES gave no answer',
        );
      }
      return result;
    } catch (err) {
      // AbortSignal.timeout rejects with a DOMException (not always an `Error` of this realm): go by its name.
      const { name, message } = (err ?? {}) as { name?: unknown; message?: unknown };
      const reason = name === 'TimeoutError' || name === 'AbortError' ? 'TIMEOUT' : 'CONNECTION_FAILED';
      this.logger.warn({ context: 'vies', reason, err: String(message) }, 'VIES could not be reached');
      return { outcome: 'unavailable', reason };
    }
  }
}
