import { Controller } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../../common/contract-route';
import { CurrentPrincipal } from '../../auth/decorators';
import { ParcelDefaultsService } from './parcel-defaults.service';

const routes = contract.parcels;

/** What the panel's parcel form needs beyond the order calls (decision 0075). Panel only, no API keys. */
@Controller()
export class ParcelFormController {
  constructor(private readonly defaults: ParcelDefaultsService) {}

  @ContractRoute(routes.createDefaults)
  createDefaults(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { query }: RouteInput<typeof routes.createDefaults>,
  ) {
    return this.defaults.of(p, query.clientId);
  }
}
