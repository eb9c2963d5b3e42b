import { Controller } from '@nestjs/common';
import { contract, staffCreateWebhookSchema, type Principal } from '@depot/contracts';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { ZodPipe } from '../../common/zod';
import { CurrentPrincipal } from '../auth/decorators';
import { WebhooksService } from './webhooks.service';

const routes = contract.webhooks;

@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @ContractRoute(routes.list)
  list(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.list>) {
    return this.webhooks.list(p, body);
  }

  @ContractRoute(routes.get)
  get(@CurrentPrincipal() p: Principal, @ContractInput() { params }: RouteInput<typeof routes.get>) {
    return this.webhooks.get(p, params.id);
  }

  @ContractRoute(routes.create)
  create(@CurrentPrincipal() p: Principal, @ContractInput() { body }: RouteInput<typeof routes.create>) {
    // Staff name the client; a client user's (or API key's) endpoint always belongs to its own client.
    return this.webhooks.create(p, p.clientId ? body : new ZodPipe(staffCreateWebhookSchema).transform(body));
  }

  @ContractRoute(routes.update)
  update(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params, body }: RouteInput<typeof routes.update>,
  ) {
    return this.webhooks.update(p, params.id, body);
  }

  @ContractRoute(routes.remove)
  async remove(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params }: RouteInput<typeof routes.remove>,
  ) {
    await this.webhooks.remove(p, params.id);
  }

  @ContractRoute(routes.rotateSecret)
  rotateSecret(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params }: RouteInput<typeof routes.rotateSecret>,
  ) {
    return this.webhooks.rotateSecret(p, params.id);
  }

  @ContractRoute(routes.sendTest)
  sendTest(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params }: RouteInput<typeof routes.sendTest>,
  ) {
    return this.webhooks.sendTest(p, params.id);
  }

  @ContractRoute(routes.deliveries)
  deliveries(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params, body }: RouteInput<typeof routes.deliveries>,
  ) {
    return this.webhooks.deliveries(p, params.id, body);
  }

  @ContractRoute(routes.delivery)
  delivery(
    @CurrentPrincipal() p: Principal,
    @ContractInput() { params }: RouteInput<typeof routes.delivery>,
  ) {
    return this.webhooks.delivery(p, params.id);
  }

  @ContractRoute(routes.replay)
  replay(@CurrentPrincipal() p: Principal, @ContractInput() { params }: RouteInput<typeof routes.replay>) {
    return this.webhooks.replay(p, params.id);
  }
}
