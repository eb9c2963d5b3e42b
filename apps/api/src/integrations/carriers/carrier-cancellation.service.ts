import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import {
  CarrierCancellation,
  unavailable,
  type CarrierAdapter,
  type CarrierCancelRequest,
  type CarrierCancelResult,
} from './carrier-cancellation';
import { CarrierAdapters } from './carrier-adapters';
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
  private readonly adapters: CarrierAdapters<CarrierAdapter>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(LOGGER) logger: Logger) {
    super();
    const { timeoutMs } = config.carriers;
    this.adapters = new CarrierAdapters<CarrierAdapter>(
      config,
      {
        INPOST: new InpostAdapter(timeoutMs),
        UPS: new UpsAdapter(timeoutMs),
        PACKETA: new PacketaAdapter(timeoutMs),
      },
      logger,
      'carrier gave no answer to a cancellation',
    );
  }

  canAsk(operatorType: string): boolean {
    return this.adapters.has(operatorType);
  }

  cancelShipment(request: CarrierCancelRequest): Promise<CarrierCancelResult> {
    return this.adapters.ask(
      request.operatorType,
      (adapter, base) => adapter.cancel(base, request.config, request.shipmentId),
      unavailable,
    );
  }
}
