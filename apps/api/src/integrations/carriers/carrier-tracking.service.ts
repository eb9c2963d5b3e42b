import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { OperatorType } from '@depot/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import {
  CarrierTracking,
  trackingUnavailable,
  type TrackingAdapter,
  type TrackingRequest,
  type TrackingResult,
} from './carrier-tracking';
import { NoReply } from './carrier-http';
import { DpdTrackingAdapter } from './dpd-tracking';
import { GlsTrackingAdapter } from './gls-tracking';
import { InpostTrackingAdapter } from './inpost-tracking';
import { LandmarkTrackingAdapter } from './landmark-tracking';
import { PacketaTrackingAdapter } from './packeta-tracking';
import { UpsTrackingAdapter } from './ups-tracking';

type Entry = { base: string | undefined; adapter: TrackingAdapter };

/**
 * The tracking adapters behind the port, by operator type, each with its base URL from the configuration
 * (CARRIER_<TYPE>_URL; unset: that carrier's parcels are not tracked) and CARRIER_TIMEOUT_MS per request.
 */
@Injectable()
export class CarrierTrackingService extends CarrierTracking {
  private readonly adapters: Partial<Record<OperatorType, Entry>>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    const { timeoutMs, trackingConcurrency } = config.carriers;
    this.adapters = {
      INPOST: {
        base: config.carriers.inpostUrl,
        adapter: new InpostTrackingAdapter(timeoutMs, trackingConcurrency),
      },
      GLS: { base: config.carriers.glsUrl, adapter: new GlsTrackingAdapter(timeoutMs) },
      DPD: { base: config.carriers.dpdUrl, adapter: new DpdTrackingAdapter(timeoutMs) },
      LANDMARK: {
        base: config.carriers.landmarkUrl,
        adapter: new LandmarkTrackingAdapter(timeoutMs, trackingConcurrency),
      },
      UPS: { base: config.carriers.upsUrl, adapter: new UpsTrackingAdapter(timeoutMs, trackingConcurrency) },
      PACKETA: {
        base: config.carriers.packetaUrl,
        adapter: new PacketaTrackingAdapter(timeoutMs, trackingConcurrency),
      },
    };
  }

  canTrack(operatorType: string): boolean {
    return Boolean(this.adapters[operatorType as OperatorType]?.base);
  }

  batchSize(operatorType: string): number {
    return this.adapters[operatorType as OperatorType]?.adapter.batchSize ?? 1;
  }

  async track(request: TrackingRequest): Promise<TrackingResult> {
    const entry = this.adapters[request.operatorType as OperatorType];
    if (!entry?.base) return trackingUnavailable('NOT_CONFIGURED');
    let result: TrackingResult;
    try {
      result = await entry.adapter.track(entry.base, request.config, request.numbers);
    } catch (err) {
      result = trackingUnavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
    }
    if (result.kind === 'unavailable') {
      this.logger.warn(
        { context: 'carriers', carrier: request.operatorType, reason: result.reason },
        'carrier gave no tracking answer',
      );
    }
    return result;
  }
}
