import { Controller } from '@nestjs/common';
import { contract } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { OperatorServicesService } from './operator-services.service';

const routes = contract.operatorServices;

/** An operator's additional services (SPEC 7 POST /operator/additionalService, plus list, change and remove). */
@Controller()
export class OperatorServicesController {
  constructor(private readonly services: OperatorServicesService) {}

  @ContractRoute(routes.list)
  list(@ContractInput() { params }: RouteInput<typeof routes.list>) {
    return this.services.listOf(params.id);
  }

  @ContractRoute(routes.add)
  add(@CurrentPrincipal() p: SessionPrincipal, @ContractInput() { body }: RouteInput<typeof routes.add>) {
    return this.services.add(p, body);
  }

  @ContractRoute(routes.change)
  change(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.change>,
  ) {
    return this.services.change(p, params.serviceId, body);
  }

  @ContractRoute(routes.remove)
  async remove(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params }: RouteInput<typeof routes.remove>,
  ) {
    await this.services.remove(p, params.serviceId);
  }
}
