import { Controller } from '@nestjs/common';
import { contract } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { LogsService } from './logs.service';

const routes = contract.logs;

/**
 * The change log (administration/logs); SPEC 7 names no calls for it, so these follow its style. The fixed paths
 * are declared before `/log/{id}`, which would take them (Nest matches in this order).
 */
@Controller()
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @ContractRoute(routes.list)
  list(@ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.logs.list(body);
  }

  @ContractRoute(routes.facets)
  facets() {
    return this.logs.facets();
  }

  @ContractRoute(routes.authors)
  authors(@ContractInput() { query }: RouteInput<typeof routes.authors>) {
    return this.logs.authors(query);
  }

  @ContractRoute(routes.get)
  get(@ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.logs.get(params.id);
  }
}
