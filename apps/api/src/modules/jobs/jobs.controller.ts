import { Controller } from '@nestjs/common';
import { contract } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { RecentJobsService } from './recent-jobs.service';

const routes = contract.jobs;

/** The caller's own jobs (decision 0121): the top bar's Recent jobs menu. */
@Controller()
export class JobsController {
  constructor(private readonly recent: RecentJobsService) {}

  @ContractRoute(routes.recent)
  list(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { query }: RouteInput<typeof routes.recent>,
  ) {
    return this.recent.list(p, query);
  }
}
