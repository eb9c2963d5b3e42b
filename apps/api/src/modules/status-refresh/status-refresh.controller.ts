import { Controller } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal } from '../auth/decorators';
import { StatusRefreshStarter } from './status-refresh-starter';
import { StatusRefreshRepository } from './status-refresh.repository';

/** "Refresh status" for a selection, and the carriers whose tracking gives no answer (decision 0145). */
@Controller()
export class StatusRefreshController {
  constructor(
    private readonly starter: StatusRefreshStarter,
    private readonly repo: StatusRefreshRepository,
  ) {}

  @ContractRoute(contract.parcels.refreshStatuses)
  start(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof contract.parcels.refreshStatuses>,
  ) {
    return this.starter.start(p, body);
  }

  @ContractRoute(contract.statusMap.downloadErrors)
  downloadErrors() {
    return this.repo.downloadErrors();
  }
}
