import { Controller } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal } from '../auth/decorators';
import { ClientGroupsService } from './client-groups.service';

const routes = contract.clientGroups;

/** Client groups (SPEC 7 paths): FV and AREA groups, a client in at most one of them. */
@Controller()
export class ClientGroupsController {
  constructor(private readonly groups: ClientGroupsService) {}

  @ContractRoute(routes.list)
  list(@ContractInput() { query }: RouteInput<typeof routes.list>) {
    return this.groups.list(query);
  }

  @ContractRoute(routes.eligible)
  eligible(@ContractInput() { query }: RouteInput<typeof routes.eligible>) {
    return this.groups.eligibleClients(query);
  }

  @ContractRoute(routes.get)
  get(@ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.groups.get(params.id);
  }

  @ContractRoute(routes.create)
  create(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.create>) {
    return this.groups.create(p, body);
  }

  @ContractRoute(routes.update)
  update(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params, body }: RouteInput<typeof routes.update>,
  ) {
    return this.groups.update(p, params.id, body);
  }

  @ContractRoute(routes.remove)
  async delete(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params }: RouteInput<typeof routes.remove>,
  ) {
    await this.groups.delete(p, params.id);
  }
}
