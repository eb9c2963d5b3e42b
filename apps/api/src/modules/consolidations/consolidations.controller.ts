import { Controller } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal } from '../auth/decorators';
import { ConsolidationsService } from './consolidations.service';

const routes = contract.consolidations;

/**
 * Consolidations (SPEC 7 `/operatingModule/consolidation/...`). The list comes before `GET …/{id}`, which would
 * otherwise take "list" for an id.
 */
@Controller()
export class ConsolidationsController {
  constructor(private readonly consolidations: ConsolidationsService) {}

  @ContractRoute(routes.list)
  list(@ContractInput() { query }: RouteInput<typeof routes.list>) {
    return this.consolidations.list(query);
  }

  @ContractRoute(routes.lookup)
  lookup(@ContractInput() { body }: RouteInput<typeof routes.lookup>) {
    return this.consolidations.lookup(body.externalNumber);
  }

  @ContractRoute(routes.create)
  create(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.create>) {
    return this.consolidations.create(p, body);
  }

  @ContractRoute(routes.addPackage)
  addPackage(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof routes.addPackage>,
  ) {
    return this.consolidations.add(p, body.consolidationId, body.externalNumber);
  }

  @ContractRoute(routes.deletePackage)
  deletePackage(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { body }: RouteInput<typeof routes.deletePackage>,
  ) {
    return this.consolidations.remove(p, body);
  }

  @ContractRoute(routes.getLabel)
  getLabel(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.getLabel>) {
    return this.consolidations.label(p, body.consolidationId);
  }

  @ContractRoute(routes.block)
  block(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.block>) {
    return this.consolidations.setBlocked(p, body.consolidationId, true);
  }

  @ContractRoute(routes.unblock)
  unblock(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.unblock>) {
    return this.consolidations.setBlocked(p, body.consolidationId, false);
  }

  @ContractRoute(routes.get)
  get(@ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.consolidations.get(params.id);
  }
}
