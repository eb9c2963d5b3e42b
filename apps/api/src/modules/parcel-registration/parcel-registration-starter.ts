import { Injectable } from '@nestjs/common';
import {
  CARRIER_REGISTRATION_JOBS,
  MESSAGES,
  type ParcelSelectionBody,
  type Principal,
  type SendToCarrierReply,
} from '@depot/contracts';
import { Errors } from '../../common/errors';
import { JobsService } from '../jobs/jobs.service';
import { ParcelListRepository } from '../parcels/list/parcel-list.repository';
import { scopeOf } from '../parcels/parcels.service';

/** POST /order/sendToCarrier: counts the selection the caller may see and starts the job over it. */
@Injectable()
export class ParcelRegistrationStarter {
  constructor(
    private readonly lists: ParcelListRepository,
    private readonly jobs: JobsService,
  ) {}

  async start(principal: Principal, selection: ParcelSelectionBody): Promise<SendToCarrierReply> {
    const count = await this.lists.countSelection(scopeOf(principal), selection);
    if (count === 0) throw Errors.badRequest(MESSAGES.parcelNothingSelected);
    const { jobId } = await this.jobs.start(
      CARRIER_REGISTRATION_JOBS.selection,
      { principal, selection },
      principal.userId,
    );
    return { jobId, count };
  }
}
