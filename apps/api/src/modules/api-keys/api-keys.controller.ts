import { Controller } from '@nestjs/common';
import { contract, staffCreateApiKeySchema, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { ZodPipe } from '../../common/zod';
import { CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { ApiKeysService } from './api-keys.service';

const routes = contract.apiKeys;

@Controller()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @ContractRoute(routes.list)
  list(@CurrentPrincipal() p: SessionPrincipal, @ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.keys.list(p, body);
  }

  @ContractRoute(routes.current)
  current(@CurrentPrincipal() p: Principal) {
    return this.keys.current(p);
  }

  @ContractRoute(routes.create)
  create(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.create>,
  ) {
    // Staff name the client; a client user's key always belongs to its own client.
    return this.keys.create(p, p.clientId ? body : new ZodPipe(staffCreateApiKeySchema).transform(body));
  }

  @ContractRoute(routes.update)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.update>,
  ) {
    return this.keys.update(p, params.id, body);
  }

  @ContractRoute(routes.remove)
  async remove(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params }: RouteInput<typeof routes.remove>,
  ) {
    await this.keys.remove(p, params.id);
  }
}
