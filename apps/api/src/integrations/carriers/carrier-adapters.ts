import type { Logger } from 'pino';
import type { OperatorType } from '@depot/contracts';
import type { AppConfig } from '../../config/config';
import { NoReply } from './carrier-http';

/** Where each carrier type's API is configured (CARRIER_<TYPE>_URL): one base URL serves every port of the type. */
export const CARRIER_URL_KEYS = {
  INPOST: 'inpostUrl',
  UPS: 'upsUrl',
  PACKETA: 'packetaUrl',
  GLS: 'glsUrl',
  DPD: 'dpdUrl',
  LANDMARK: 'landmarkUrl',
} as const satisfies Partial<Record<OperatorType, keyof AppConfig['carriers']>>;
export type ConnectedType = keyof typeof CARRIER_URL_KEYS;

/**
 * One port's adapters by carrier type, each with its type's base URL (decisions 0100, 0145, 0147): a type is asked
 * only when it has an adapter and a URL. `ask` runs one call the way every port does: no reply (a timeout, a refused
 * connection, an adapter that threw) is `unavailable` with the reason, and every `unavailable` is logged.
 */
export class CarrierAdapters<A> {
  private readonly entries: Partial<Record<OperatorType, { base: string; adapter: A }>> = {};

  constructor(
    config: AppConfig,
    adapters: Partial<Record<ConnectedType, A>>,
    private readonly logger: Logger,
    /** What the port's log line says when a carrier gives no answer. */
    private readonly noAnswer: string,
  ) {
    for (const [type, adapter] of Object.entries(adapters) as [ConnectedType, A][]) {
      const base = config.carriers[CARRIER_URL_KEYS[type]];
      if (base) this.entries[type] = { base, adapter };
    }
  }

  has(operatorType: string): boolean {
    return Boolean(this.entries[operatorType as OperatorType]);
  }

  adapter(operatorType: string): A | undefined {
    return this.entries[operatorType as OperatorType]?.adapter;
  }

  async ask<R extends { kind: string }>(
    operatorType: string,
    call: (adapter: A, base: string) => Promise<R>,
    unavailable: (reason: string) => R,
  ): Promise<R> {
    const entry = this.entries[operatorType as OperatorType];
    if (!entry) return unavailable('NOT_CONFIGURED');
    let result: R;
    try {
      result = await call(entry.adapter, entry.base);
    } catch (err) {
      if (!(err instanceof NoReply))
        this.logger.error({ err, context: 'carriers', carrier: operatorType }, 'carrier adapter failed');
      result = unavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
    }
    if (result.kind === 'unavailable') {
      const reason = (result as unknown as { reason?: string }).reason;
      this.logger.warn({ context: 'carriers', carrier: operatorType, reason }, this.noAnswer);
    }
    return result;
  }
}
