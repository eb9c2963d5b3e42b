import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { OperatorType } from '@depot/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import {
  CarrierCancellation,
  unavailable,
  type CarrierAdapter,
  type CarrierCancelRequest,
  type CarrierCancelResult,
} from './carrier-cancellation';
import { NoReply } from './carrier-http';
import { InpostAdapter } from './inpost.adapter';
import { PacketaAdapter } from './packeta.adapter';
import { UpsAdapter } from './ups.adapter';

/**
 * The adapters behind the port, by operator type, each with its base URL from the configuration
 * (CARRIER_INPOST_URL, CARRIER_UPS_URL, CARRIER_PACKETA_URL; no defaults: nothing is asked unless a deployment
 * sets them) and CARRIER_TIMEOUT_MS per request.
 */
@Injectable()
export class CarrierCancellationService extends CarrierCancellation {
  private readonly adapters: Partial<
    Record<OperatorType, { base: string | undefined; adapter: CarrierAdapter }>
  >;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    const { timeoutMs } = config.carriers;
    this.adapters = {
      INPOST: { base: config.carriers.inpostUrl, adapter: new InpostAdapter(timeoutMs) },
      UPS: { base: config.carriers.upsUrl, adapter: new UpsAdapter(timeoutMs) },
      PACKETA: { base: config.carriers.packetaUrl, adapter: new PacketaAdapter(timeoutMs) },
    };
  }

  canAsk(operatorType: string): boolean {
    return Boolean(this.adapters[operatorType as OperatorType]?.base);
  }

  async cancelShipment(request: CarrierCancelRequest): Promise<CarrierCancelResult> {
    const entry = this.adapters[request.operatorType as OperatorType];
    if (!entry?.base) return unavailable('NOT_CONFIGURED');
    let result: CarrierCancelResult;
    try {
      result = await entry.adapter.cancel(entry.base, request.config, request.shipmentId);
    } catch (err) {
      result = unavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
    }
    if (result.kind === 'unavailable') {
      this.logger.warn(
        { context: 'carriers', carrier: request.operatorType, reason: result.reason },
        'carrier gave no answer to a cancellation',
      );
    }
    return result;
  }
}
