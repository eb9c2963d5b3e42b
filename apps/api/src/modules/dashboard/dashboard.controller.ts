import { Controller } from '@nestjs/common';
import { contract } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { DashboardService } from './dashboard.service';

const routes = contract.dashboard;

/** The home page's dashboard (decision 0123). */
@Controller()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @ContractRoute(routes.summary)
  summary(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { query }: RouteInput<typeof routes.summary>,
  ) {
    return this.dashboard.summary(p, query);
  }
}
