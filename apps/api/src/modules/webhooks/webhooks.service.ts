import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  WEBHOOK_SECRET_DISPLAY_PREFIX_LENGTH,
  WEBHOOK_TEST_EVENT,
  type ListReply,
  type Principal,
  type WebhookDeliveryDetail,
  type WebhookDeliveryView,
  type WebhookView,
  type WebhookWithSecret,
  type createWebhookSchema,
  type updateWebhookSchema,
  type webhookDeliveryListRequestSchema,
  type webhookListRequestSchema,
} from '@depot/contracts';
import { webhookUrlPolicyProblem } from '@depot/domain';
import type { z } from 'zod';
import { Errors } from '../../common/errors';
import {
  ClientOwnedRecordsFactory,
  ownedListQuery,
  type ClientOwnedRecords,
} from '../../common/client-owned-records';
import { publishClientListUpsert } from '../../common/client-list-events';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { SecretBox } from '../../secrets/secret-box';
import { AuditService } from '../audit/audit.service';
import { publishDelivery, WebhookDispatcher } from './webhook-dispatcher';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { webhookBody } from './webhook-enqueuer';
import { WEBHOOK_POLICY, type WebhookPolicy } from './webhook-policy';
import { newWebhookSecret } from './webhook-signature';
import {
  WebhooksRepository,
  type LockedWebhook,
  type WebhookChanges,
  type WebhookFields,
} from './webhooks.repository';

type WebhookListRequest = z.output<typeof webhookListRequestSchema>;
type CreateWebhook = z.output<typeof createWebhookSchema>;
type UpdateWebhook = z.output<typeof updateWebhookSchema>;
type DeliveryListRequest = z.output<typeof webhookDeliveryListRequestSchema>;

const HOUR = 3_600_000;
const prefixOf = (secret: string) => secret.slice(0, WEBHOOK_SECRET_DISPLAY_PREFIX_LENGTH);

/**
 * Webhook endpoints and their delivery logs (decision 0146). A client user and its API keys manage their own
 * client's endpoints; staff any client's. The signing secret is made here, stored encrypted, and returned only by
 * create and rotate. What the installation allows a URL to be (WEBHOOK_URLS) is checked on every save.
 */
@Injectable()
export class WebhooksService {
  private readonly records: ClientOwnedRecords<'webhooks', WebhookFields, WebhookChanges, LockedWebhook>;

  constructor(
    owned: ClientOwnedRecordsFactory,
    private readonly repo: WebhooksRepository,
    private readonly deliveriesRepo: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly box: SecretBox,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
    @Inject(WEBHOOK_POLICY) private readonly policy: WebhookPolicy,
  ) {
    this.records = owned.for(
      { entity: 'webhook', list: 'webhooks', notFound: MESSAGES.webhookNotFound },
      repo,
    );
  }

  /** A URL the installation does not let webhooks go to is the `url` field's error. */
  private checkUrl(url: string): void {
    const problem = webhookUrlPolicyProblem(new URL(url), this.policy.urls);
    if (problem) throw Errors.validation(problem, [{ path: 'url', message: problem }]);
  }

  list(principal: Principal, req: WebhookListRequest): Promise<ListReply<WebhookView>> {
    return this.repo.list(ownedListQuery(principal, req));
  }

  async get(principal: Principal, id: string): Promise<WebhookView> {
    const found = await this.repo.findById(id, principal.clientId);
    if (!found) throw Errors.notFound(MESSAGES.webhookNotFound);
    return found;
  }

  /** The view (and so the change log) holds the secret's prefix only: the secret is returned this once. */
  async create(principal: Principal, body: CreateWebhook): Promise<WebhookWithSecret> {
    this.checkUrl(body.url);
    const secret = newWebhookSecret();
    const created = await this.records.create(principal, body.clientId, {
      url: body.url,
      events: body.events,
      active: body.active,
      secretEncrypted: this.box.encrypt(secret),
      secretPrefix: prefixOf(secret),
    });
    return { ...created, secret };
  }

  async update(principal: Principal, id: string, body: UpdateWebhook): Promise<WebhookView> {
    if (body.url !== undefined) this.checkUrl(body.url);
    const { after } = await this.records.update(principal, id, (current) => {
      const changes: WebhookChanges = {};
      if (body.url !== undefined && body.url !== current.url) changes.url = body.url;
      if (body.events !== undefined && body.events.join() !== current.events.join())
        changes.events = body.events;
      if (body.active !== undefined && body.active !== current.active) changes.active = body.active;
      return { changes };
    });
    // Reactivated: what waited while it was inactive is sent now.
    if (after.active) this.dispatcher.wake();
    return after;
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.records.remove(principal, id);
  }

  /**
   * A new secret, returned this once. The old one keeps signing beside it (a second `v1=` in Depot-Signature) for
   * WEBHOOK_PREVIOUS_SECRET_HOURS, so the receiver can switch without losing deliveries.
   */
  async rotateSecret(principal: Principal, id: string): Promise<WebhookWithSecret> {
    const secret = newWebhookSecret();
    const after = await this.transactions.run(async () => {
      const locked = await this.repo.lock(id, principal.clientId);
      if (!locked) throw Errors.notFound(MESSAGES.webhookNotFound);
      const before = (await this.repo.findById(id, principal.clientId))!;
      await this.repo.update(id, {
        secretEncrypted: this.box.encrypt(secret),
        secretPrefix: prefixOf(secret),
        previousSecretEncrypted: locked.secretEncrypted,
        previousSecretExpiresAt: new Date(Date.now() + WEBHOOK_PREVIOUS_SECRET_HOURS * HOUR),
      });
      const updated = (await this.repo.findById(id, principal.clientId))!;
      await this.audit.record(principal, {
        type: 'webhook.rotateSecret',
        entity: 'webhook',
        entityId: id,
        before,
        after: updated,
      });
      return updated;
    });
    await publishClientListUpsert(this.bus, 'webhooks', after, principal, false);
    return { ...after, secret };
  }

  /** The test event, sent to this endpoint now (whatever events it subscribes to); 409 when it is inactive. */
  async sendTest(principal: Principal, id: string): Promise<WebhookDeliveryView> {
    const endpoint = await this.get(principal, id);
    if (!endpoint.active) throw Errors.conflict(MESSAGES.webhookEndpointInactive);
    const body = webhookBody(WEBHOOK_TEST_EVENT, new Date().toISOString(), {
      endpointId: endpoint.id,
      message: 'A test event from Depot: your endpoint is reachable and can check the signature.',
    });
    const [row] = await this.deliveriesRepo.enqueue({
      clientId: endpoint.clientId,
      event: WEBHOOK_TEST_EVENT,
      eventKey: `${WEBHOOK_TEST_EVENT}:${randomUUID()}`,
      body,
      endpointId: endpoint.id,
    });
    await this.audit.record(principal, {
      type: 'webhook.test',
      entity: 'webhook',
      entityId: endpoint.id,
      details: { deliveryId: row.id, url: endpoint.url },
    });
    this.dispatcher.wake();
    await publishDelivery(this.bus, row, true);
    return row;
  }

  async deliveries(
    principal: Principal,
    endpointId: string,
    req: DeliveryListRequest,
  ): Promise<ListReply<WebhookDeliveryView>> {
    await this.get(principal, endpointId);
    return this.repo.deliveries(endpointId, {
      state: req.filters.state,
      event: req.filters.event,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  async delivery(principal: Principal, id: string): Promise<WebhookDeliveryDetail> {
    const found = await this.repo.delivery(id, principal.clientId);
    if (!found) throw Errors.notFound(MESSAGES.webhookDeliveryNotFound);
    return found;
  }

  /**
   * Replay by hand: the delivery is due now, pending again whatever its state, with the same body and id. If that
   * attempt fails, the schedule decides from its first attempt (a delivery older than a day fails again at once).
   */
  async replay(principal: Principal, id: string): Promise<WebhookDeliveryView> {
    const row = await this.transactions.run(async () => {
      const of = await this.repo.endpointOfDelivery(id, principal.clientId);
      if (!of) throw Errors.notFound(MESSAGES.webhookDeliveryNotFound);
      if (!of.active) throw Errors.conflict(MESSAGES.webhookEndpointInactive);
      const replayed = await this.repo.replay(id);
      await this.audit.record(principal, {
        type: 'webhook.replay',
        entity: 'webhook',
        entityId: of.endpointId,
        details: { deliveryId: id, event: of.event },
      });
      return replayed;
    });
    this.dispatcher.wake();
    await publishDelivery(this.bus, row, false);
    return row;
  }
}
