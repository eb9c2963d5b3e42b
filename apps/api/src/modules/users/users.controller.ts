import { Controller } from '@nestjs/common';
import { contract } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CheckFirst, CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { UsersService } from './users.service';

const routes = contract.users;

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @ContractRoute(routes.current)
  current(@CurrentPrincipal() p: SessionPrincipal) {
    return this.users.current(p);
  }

  @ContractRoute(routes.list)
  list(@CurrentPrincipal() p: SessionPrincipal, @ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.users.list(p, body);
  }

  @ContractRoute(routes.clientUsers)
  @CheckFirst(UsersService, (users, p, params) => users.assertMayListClientUsers(p, params.clientId))
  clientUsers(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.clientUsers>,
  ) {
    return this.users.clientUsers(p, params.clientId, body);
  }

  @ContractRoute(routes.create)
  create(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.create>,
  ) {
    return this.users.create(p, body);
  }

  @ContractRoute(routes.changePassword)
  changePassword(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.changePassword>,
  ) {
    return this.users.changeOwnPassword(p, body);
  }

  @ContractRoute(routes.get)
  get(@CurrentPrincipal() p: SessionPrincipal, @ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.users.get(p, params.userId);
  }

  @ContractRoute(routes.update)
  @CheckFirst(UsersService, (users, p, params) => users.assertMaySee(p, params.userId))
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.update>,
  ) {
    return this.users.update(p, params.userId, body);
  }

  @ContractRoute(routes.revokeSessions)
  @CheckFirst(UsersService, (users, p, params) => users.assertMaySee(p, params.userId))
  revokeSessions(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params }: RouteInput<typeof routes.revokeSessions>,
  ) {
    return this.users.revokeSessions(p, params.userId);
  }

  @ContractRoute(routes.updateClientUser)
  @CheckFirst(UsersService, (users, p, params) => users.assertMaySee(p, params.userId, params.clientId))
  updateClientUser(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.updateClientUser>,
  ) {
    return this.users.update(p, params.userId, body, params.clientId);
  }
}
