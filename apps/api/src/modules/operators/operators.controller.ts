import { Controller } from '@nestjs/common';
import { contract } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { OperatorsService } from './operators.service';

const routes = contract.operators;

@Controller()
export class OperatorsController {
  constructor(private readonly operators: OperatorsService) {}

  @ContractRoute(routes.configModels)
  configModels(@ContractInput() { query }: RouteInput<typeof routes.configModels>) {
    return this.operators.configModels(query.type);
  }

  @ContractRoute(routes.list)
  list(@ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.operators.list(body);
  }

  @ContractRoute(routes.create)
  create(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.create>,
  ) {
    return this.operators.create(p, body);
  }

  @ContractRoute(routes.get)
  get(@ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.operators.get(params.id);
  }

  @ContractRoute(routes.update)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.update>,
  ) {
    return this.operators.update(p, params.id, body);
  }
}
