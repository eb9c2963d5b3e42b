import { Controller } from '@nestjs/common';
import { contract } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { MatricesRepository } from './matrices.repository';
import { MatricesService } from './matrices.service';
import { OperatorReplacementService } from './operator-replacement.service';
import { RouteTesterService } from './route-tester.service';

const routes = contract.matrices;

/** The fixed paths are declared before `/matrix/{id}`, which would take them (Nest matches in this order). */
@Controller()
export class MatricesController {
  constructor(
    private readonly matrices: MatricesService,
    private readonly tester: RouteTesterService,
    private readonly replacement: OperatorReplacementService,
    private readonly repo: MatricesRepository,
  ) {}

  @ContractRoute(routes.list)
  list(@ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.matrices.list(body);
  }

  @ContractRoute(routes.operators)
  operators() {
    return this.repo.operatorOptions();
  }

  @ContractRoute(routes.operatorUsage)
  operatorUsage(@ContractInput() { params }: RouteInput<typeof routes.operatorUsage>) {
    return this.replacement.usage(params.operatorId);
  }

  @ContractRoute(routes.resolve)
  resolve(@ContractInput() { body }: RouteInput<typeof routes.resolve>) {
    return this.tester.resolve(body);
  }

  @ContractRoute(routes.globalOperatorChange)
  globalOperatorChange(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.globalOperatorChange>,
  ) {
    return this.replacement.change(p, body);
  }

  @ContractRoute(routes.create)
  create(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.create>,
  ) {
    return this.matrices.create(p, body);
  }

  @ContractRoute(routes.get)
  get(@ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.matrices.get(params.id);
  }

  @ContractRoute(routes.update)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.update>,
  ) {
    return this.matrices.update(p, params.id, body);
  }

  @ContractRoute(routes.setDefault)
  setDefault(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params }: RouteInput<typeof routes.setDefault>,
  ) {
    return this.matrices.setDefault(p, params.id);
  }

  @ContractRoute(routes.clone)
  clone(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.clone>,
  ) {
    return this.matrices.clone(p, params.id, body);
  }

  @ContractRoute(routes.remove)
  remove(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params }: RouteInput<typeof routes.remove>,
  ) {
    return this.matrices.remove(p, params.id);
  }
}
