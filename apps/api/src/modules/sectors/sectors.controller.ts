import { Controller } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal } from '../auth/decorators';
import { SectorsService } from './sectors.service';

const routes = contract.sectors;

/** Sectors (SPEC 7 `/operatingModule/administration/sector/...`): country, description and carriers. */
@Controller()
export class SectorsController {
  constructor(private readonly sectors: SectorsService) {}

  @ContractRoute(routes.list)
  list(@ContractInput() { query }: RouteInput<typeof routes.list>) {
    return this.sectors.list(query);
  }

  @ContractRoute(routes.operators)
  operators() {
    return this.sectors.operatorOptions();
  }

  @ContractRoute(routes.get)
  get(@ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.sectors.get(params.id);
  }

  @ContractRoute(routes.create)
  create(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.create>) {
    return this.sectors.create(p, body);
  }

  @ContractRoute(routes.update)
  update(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params, body }: RouteInput<typeof routes.update>,
  ) {
    return this.sectors.update(p, params.id, body);
  }

  @ContractRoute(routes.map)
  map(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.map>) {
    return this.sectors.map(p, body);
  }

  @ContractRoute(routes.unmap)
  unmap(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.unmap>) {
    return this.sectors.unmap(p, body);
  }

  @ContractRoute(routes.remove)
  async delete(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params }: RouteInput<typeof routes.remove>,
  ) {
    await this.sectors.delete(p, params.id);
  }
}
