import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { OperatorType } from '@depot/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import { NoReply } from './carrier-http';
import {
  CarrierRegistration,
  registrationUnavailable,
  type RegistrationAdapter,
  type RegistrationRequest,
  type RegistrationResult,
} from './carrier-registration';
import { DpdRegistrationAdapter } from './dpd-registration';
import { GlsRegistrationAdapter } from './gls-registration';
import { InpostRegistrationAdapter } from './inpost-registration';
import { LandmarkRegistrationAdapter } from './landmark-registration';
import { PacketaRegistrationAdapter } from './packeta-registration';
import { UpsRegistrationAdapter } from './ups-registration';

type Entry = { base: string | undefined; adapter: RegistrationAdapter };

/**
 * The registration adapters behind the port, by operator type, each with its base URL from the configuration
 * (CARRIER_<TYPE>_URL, the same the cancellation and tracking use; unset: that carrier's parcels are not sent) and
 * CARRIER_TIMEOUT_MS per request.
 */
@Injectable()
export class CarrierRegistrationService extends CarrierRegistration {
  private readonly adapters: Partial<Record<OperatorType, Entry>>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    const { timeoutMs } = config.carriers;
    this.adapters = {
      INPOST: { base: config.carriers.inpostUrl, adapter: new InpostRegistrationAdapter(timeoutMs) },
      UPS: { base: config.carriers.upsUrl, adapter: new UpsRegistrationAdapter(timeoutMs) },
      PACKETA: { base: config.carriers.packetaUrl, adapter: new PacketaRegistrationAdapter(timeoutMs) },
      GLS: { base: config.carriers.glsUrl, adapter: new GlsRegistrationAdapter(timeoutMs) },
      DPD: { base: config.carriers.dpdUrl, adapter: new DpdRegistrationAdapter(timeoutMs) },
      LANDMARK: { base: config.carriers.landmarkUrl, adapter: new LandmarkRegistrationAdapter(timeoutMs) },
    };
  }

  canRegister(operatorType: string): boolean {
    return Boolean(this.adapters[operatorType as OperatorType]?.base);
  }

  async register(request: RegistrationRequest): Promise<RegistrationResult> {
    const entry = this.adapters[request.operatorType as OperatorType];
    if (!entry?.base) return registrationUnavailable('NOT_CONFIGURED');
    let result: RegistrationResult;
    try {
      result = await entry.adapter.register(entry.base, request.config, request.parcel);
    } catch (err) {
      result = registrationUnavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
      if (!(err instanceof NoReply)) {
        this.logger.error(
          { err, context: 'carriers', carrier: request.operatorType },
          'registration adapter failed',
        );
      }
    }
    if (result.kind === 'unavailable') {
      this.logger.warn(
        { context: 'carriers', carrier: request.operatorType, reason: result.reason },
        'carrier gave no answer to a registration',
      );
    }
    return result;
  }
}
