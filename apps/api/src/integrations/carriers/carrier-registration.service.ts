import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import { CarrierAdapters } from './carrier-adapters';
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

/**
 * The registration adapters behind the port, by operator type (CARRIER_<TYPE>_URL, the same the cancellation and
 * tracking use; unset: that carrier's parcels are not sent) and CARRIER_TIMEOUT_MS per request.
 */
@Injectable()
export class CarrierRegistrationService extends CarrierRegistration {
  private readonly adapters: CarrierAdapters<RegistrationAdapter>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(LOGGER) logger: Logger) {
    super();
    const { timeoutMs } = config.carriers;
    this.adapters = new CarrierAdapters<RegistrationAdapter>(
      config,
      {
        INPOST: new InpostRegistrationAdapter(timeoutMs),
        UPS: new UpsRegistrationAdapter(timeoutMs),
        PACKETA: new PacketaRegistrationAdapter(timeoutMs),
        GLS: new GlsRegistrationAdapter(timeoutMs),
        DPD: new DpdRegistrationAdapter(timeoutMs),
        LANDMARK: new LandmarkRegistrationAdapter(timeoutMs),
      },
      logger,
      'carrier gave no answer to a registration',
    );
  }

  canRegister(operatorType: string): boolean {
    return this.adapters.has(operatorType);
  }

  register(request: RegistrationRequest): Promise<RegistrationResult> {
    return this.adapters.ask(
      request.operatorType,
      (adapter, base) => adapter.register(base, request.config, request.parcel),
      registrationUnavailable,
    );
  }
}
