import { Inject } from '@nestjs/common';
import {
  CARRIER_REGISTRATION_JOBS,
  emptySendToCarrierResult,
  type SendToCarrierResult,
} from '@depot/contracts';
import { z } from 'zod';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { JobCallersRepository } from '../../jobs/job-callers.repository';
import { currentJobPrincipal } from '../../jobs/job-principal';
import { parcelSelectionJobSchema, runOverSelection } from '../../parcels/jobs/selection-job-data';
import { ParcelListRepository } from '../../parcels/list/parcel-list.repository';
import { ParcelRegistrationService } from '../parcel-registration.service';

const schema = parcelSelectionJobSchema;

/**
 * `parcels.sendToCarrier`: "send to carrier" for a selection of the parcels list (decision 0147). The selection is
 * read again under the caller's current rights, 500 parcels at a time; progress goes to the starting user.
 */
@JobHandler()
export class SendToCarrierJob implements DepotJob<typeof schema, SendToCarrierResult> {
  readonly name = CARRIER_REGISTRATION_JOBS.selection;
  readonly schema = schema;
  readonly lockLifetimeMs = 20_000;

  constructor(
    @Inject(ParcelRegistrationService) private readonly registration: ParcelRegistrationService,
    @Inject(ParcelListRepository) private readonly lists: ParcelListRepository,
    @Inject(JobCallersRepository) private readonly callers: JobCallersRepository,
  ) {}

  async run(data: z.output<typeof schema>, ctx: JobContext): Promise<SendToCarrierResult> {
    const principal = await currentJobPrincipal(this.callers, data.principal, 'parcels.route');
    return runOverSelection(
      this.lists,
      principal.clientId,
      data.selection,
      ctx,
      emptySendToCarrierResult(),
      (ids, done) => this.registration.sendIds(principal, ids, 'manual', done),
    );
  }
}
