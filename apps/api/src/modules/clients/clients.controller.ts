import { Controller } from '@nestjs/common';
import { contract } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { ClientsRepository } from './clients.repository';
import { ClientsService } from './clients.service';
import { OwnClientService } from './own-client.service';

const routes = contract.clients;

@Controller()
export class ClientsController {
  constructor(
    private readonly clients: ClientsService,
    private readonly ownClient: OwnClientService,
    private readonly repo: ClientsRepository,
  ) {}

  @ContractRoute(routes.options)
  options(@ContractInput() { query }: RouteInput<typeof routes.options>) {
    return this.repo.options(query.search || undefined, query.limit, query.id);
  }

  @ContractRoute(routes.list)
  list(@ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.clients.list(body);
  }

  @ContractRoute(routes.current)
  current(@CurrentPrincipal() p: SessionPrincipal) {
    return this.ownClient.current(p);
  }

  @ContractRoute(routes.updateCurrent)
  updateCurrent(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.updateCurrent>,
  ) {
    return this.ownClient.updateOwnSettings(p, body);
  }

  @ContractRoute(routes.create)
  create(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.create>,
  ) {
    return this.clients.create(p, body);
  }

  @ContractRoute(routes.get)
  get(@ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.clients.get(params.id);
  }

  @ContractRoute(routes.update)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.update>,
  ) {
    return this.clients.update(p, params.id, body);
  }
}
