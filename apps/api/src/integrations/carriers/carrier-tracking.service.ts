import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import {
  CarrierTracking,
  trackingUnavailable,
  type TrackingAdapter,
  type TrackingRequest,
  type TrackingResult,
} from './carrier-tracking';
import { CarrierAdapters } from './carrier-adapters';
import { DpdTrackingAdapter } from './dpd-tracking';
import { GlsTrackingAdapter } from './gls-tracking';
import { InpostTrackingAdapter } from './inpost-tracking';
import { LandmarkTrackingAdapter } from './landmark-tracking';
import { PacketaTrackingAdapter } from './packeta-tracking';
import { UpsTrackingAdapter } from './ups-tracking';

/**
 * The tracking adapters behind the port, by operator type, each with its base URL from the configuration
 * (CARRIER_<TYPE>_URL; unset: that carrier's parcels are not tracked) and CARRIER_TIMEOUT_MS per request.
 */
@Injectable()
export class CarrierTrackingService extends CarrierTracking {
  private readonly adapters: CarrierAdapters<TrackingAdapter>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(LOGGER) logger: Logger) {
    super();
    const { timeoutMs, trackingConcurrency } = config.carriers;
    this.adapters = new CarrierAdapters<TrackingAdapter>(
      config,
      {
        INPOST: new InpostTrackingAdapter(timeoutMs, trackingConcurrency),
        GLS: new GlsTrackingAdapter(timeoutMs),
        DPD: new DpdTrackingAdapter(timeoutMs),
        LANDMARK: new LandmarkTrackingAdapter(timeoutMs, trackingConcurrency),
        UPS: new UpsTrackingAdapter(timeoutMs, trackingConcurrency),
        PACKETA: new PacketaTrackingAdapter(timeoutMs, trackingConcurrency),
      },
      logger,
      'carrier gave no tracking answer',
    );
  }

  canTrack(operatorType: string): boolean {
    return this.adapters.has(operatorType);
  }

  batchSize(operatorType: string): number {
    return this.adapters.adapter(operatorType)?.batchSize ?? 1;
  }

  track(request: TrackingRequest): Promise<TrackingResult> {
    return this.adapters.ask(
      request.operatorType,
      (adapter, base) => adapter.track(base, request.config, request.numbers),
      trackingUnavailable,
    );
  }
}
