import { Controller } from '@nestjs/common';
import { contract, staffCreateIntegrationSchema } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { ZodPipe } from '../../common/zod';
import { CurrentPrincipal, type SessionPrincipal } from '../auth/decorators';
import { IntegrationsService } from './integrations.service';

const routes = contract.integrations;

@Controller()
export class IntegrationsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @ContractRoute(routes.list)
  list(@CurrentPrincipal() p: SessionPrincipal, @ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.integrations.list(p, body);
  }

  @ContractRoute(routes.create)
  create(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { body }: RouteInput<typeof routes.create>,
  ) {
    // Staff name the client; a client user's integration always belongs to its own client.
    return this.integrations.create(
      p,
      p.clientId ? body : new ZodPipe(staffCreateIntegrationSchema).transform(body),
    );
  }

  @ContractRoute(routes.get)
  get(@CurrentPrincipal() p: SessionPrincipal, @ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.integrations.get(p, params.id);
  }

  @ContractRoute(routes.update)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params, body }: RouteInput<typeof routes.update>,
  ) {
    return this.integrations.update(p, params.id, body);
  }

  @ContractRoute(routes.remove)
  async remove(
    @CurrentPrincipal() p: SessionPrincipal,
    @ContractInput() { params }: RouteInput<typeof routes.remove>,
  ) {
    await this.integrations.remove(p, params.id);
  }
}
