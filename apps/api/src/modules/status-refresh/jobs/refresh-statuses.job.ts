import { Inject } from '@nestjs/common';
import {
  emptyRefreshStatusesResult,
  STATUS_REFRESH_JOBS,
  type RefreshStatusesResult,
} from '@depot/contracts';
import { z } from 'zod';
import { JobHandler, type DepotJob, type JobContext } from '../../jobs/job-definition';
import { JobCallersRepository } from '../../jobs/job-callers.repository';
import { currentJobPrincipal } from '../../jobs/job-principal';
import { parcelSelectionJobSchema, runOverSelection } from '../../parcels/jobs/selection-job-data';
import { ParcelListRepository } from '../../parcels/list/parcel-list.repository';
import { StatusRefreshService } from '../status-refresh.service';

const schema = parcelSelectionJobSchema;

/**
 * `parcels.refreshStatuses`: "refresh status" for a selection of the parcels list (decision 0145). The selection is
 * read again under the caller's current rights (a client user: its own parcels), 500 parcels at a time, each part
 * refreshed carrier by carrier; progress goes to the starting user.
 */
@JobHandler()
export class RefreshStatusesJob implements DepotJob<typeof schema, RefreshStatusesResult> {
  readonly name = STATUS_REFRESH_JOBS.selection;
  readonly schema = schema;
  readonly lockLifetimeMs = 20_000;

  constructor(
    @Inject(StatusRefreshService) private readonly refresh: StatusRefreshService,
    @Inject(ParcelListRepository) private readonly lists: ParcelListRepository,
    @Inject(JobCallersRepository) private readonly callers: JobCallersRepository,
  ) {}

  async run(data: z.output<typeof schema>, ctx: JobContext): Promise<RefreshStatusesResult> {
    const principal = await currentJobPrincipal(this.callers, data.principal, 'parcels.route');
    return runOverSelection(
      this.lists,
      principal.clientId,
      data.selection,
      ctx,
      emptyRefreshStatusesResult(),
      (ids, done) => this.refresh.refreshParcels(principal, ids, done),
    );
  }
}
