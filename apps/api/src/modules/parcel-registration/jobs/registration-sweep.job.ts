import { Inject } from '@nestjs/common';
import {
  CARRIER_REGISTRATION_JOBS,
  emptySendToCarrierResult,
  type SendToCarrierResult,
} from '@depot/contracts';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { ParcelRegistrationRepository } from '../parcel-registration.repository';
import { ParcelRegistrationService, STALE_PENDING_MS } from '../parcel-registration.service';

const schema = z.object({}).strict();

/** Parcels one sweep run sends at most (the next run, a minute later, takes the rest). */
export const SWEEP_BATCH = 500;
/** A new parcel the trigger has not sent within this long is the sweep's. */
const UNSENT_AFTER_MS = 60_000;

/**
 * `parcels.registrationSweep`, every minute (decision 0147): the carriers that gave no answer are asked again when
 * their parcel's next attempt is due (1, 2, 5, 15, 30 minutes, then hourly), sends that stopped are taken over, and
 * new parcels the trigger missed (a process stopped before it sent them) are sent. Nothing is silently dropped: a
 * parcel waits visibly ("no answer yet, next attempt at …") until its carrier answers. With
 * CARRIER_REGISTRATION_ON_CREATE off, new parcels wait for "send to carrier" instead.
 */
@JobHandler()
export class RegistrationSweepJob implements DepotJob<typeof schema, SendToCarrierResult> {
  readonly name = CARRIER_REGISTRATION_JOBS.sweep;
  readonly schema = schema;
  readonly lockLifetimeMs = 20_000;
  readonly every = '1 minute';

  constructor(
    @Inject(ParcelRegistrationService) private readonly registration: ParcelRegistrationService,
    @Inject(ParcelRegistrationRepository) private readonly repo: ParcelRegistrationRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(_data: z.output<typeof schema>, ctx: JobContext): Promise<SendToCarrierResult> {
    const now = new Date();
    const types = this.registration.registerableTypes();
    if (types.length === 0) return emptySendToCarrierResult();
    // New parcels never sent are the sweep's only when new parcels are sent at once (the trigger's safety net).
    const unsentTypes = this.config.carriers.registerOnCreate ? types : [];
    const ids = await this.repo.due(
      now,
      new Date(now.getTime() - STALE_PENDING_MS),
      new Date(now.getTime() - UNSENT_AFTER_MS),
      unsentTypes,
      SWEEP_BATCH,
    );
    let reportedAt = 0;
    return this.registration.sendIds(null, ids, 'retry', async () => {
      if (Date.now() - reportedAt < 5000) return;
      reportedAt = Date.now();
      await ctx.progress(0);
    });
  }
}
