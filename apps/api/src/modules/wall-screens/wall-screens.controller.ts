import { Controller } from '@nestjs/common';
import { contract, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { CurrentPrincipal } from '../auth/decorators';
import { WallScreensService } from './wall-screens.service';

const routes = contract.wallScreens;

/** Wall-screen links (Operating module → Wall screens): issue, list, revoke. */
@Controller()
export class WallScreensController {
  constructor(private readonly links: WallScreensService) {}

  @ContractRoute(routes.list)
  list() {
    return this.links.list();
  }

  @ContractRoute(routes.create)
  create(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.create>) {
    return this.links.create(p, body);
  }

  @ContractRoute(routes.revoke)
  revoke(@CurrentPrincipal() p: Principal, @ContractInput() { params }: RouteInput<typeof routes.revoke>) {
    return this.links.revoke(p, params.id);
  }
}
