import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type IntegrationView,
  type ListReply,
  type createIntegrationSchema,
  type integrationListRequestSchema,
  type updateIntegrationSchema,
} from '@depot/contracts';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { publishClientListDelete, publishClientListUpsert } from '../../common/client-list-events';
import { resolveOwnerClient } from '../../common/owner-client';
import { maskSecret, SecretBox } from '../../secrets/secret-box';
import { AuditService } from '../audit/audit.service';
import type { SessionPrincipal } from '../auth/decorators';
import { IntegrationsRepository, type IntegrationChanges } from './integrations.repository';

type IntegrationListRequest = z.output<typeof integrationListRequestSchema>;
type CreateIntegration = z.output<typeof createIntegrationSchema>;
type UpdateIntegration = z.output<typeof updateIntegrationSchema>;

const notFound = () => Errors.notFound(MESSAGES.integrationNotFound);

/**
 * Shop integrations (SPEC §3: name, type, key, user; decision 0042). The shop key is encrypted at rest with the
 * SecretBox and only ever shown masked (`keyHint`); replies and the change log never carry it. A client user
 * manages only its own client's integrations; staff any client's.
 */
@Injectable()
export class IntegrationsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: IntegrationsRepository,
    private readonly secrets: SecretBox,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  list(principal: SessionPrincipal, req: IntegrationListRequest): Promise<ListReply<IntegrationView>> {
    return this.repo.list({
      scopeClientId: principal.clientId,
      clientId: req.filters.clientId,
      search: req.filters.search || undefined,
      type: req.filters.type,
      active: req.filters.active,
      orderBy: req.orderBy,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  async get(principal: SessionPrincipal, id: string): Promise<IntegrationView> {
    const found = await this.repo.findById(id, principal.clientId);
    if (!found) throw notFound();
    return found;
  }

  async create(principal: SessionPrincipal, body: CreateIntegration): Promise<IntegrationView> {
    const created = await this.transactions.run(async () => {
      const clientId = await resolveOwnerClient(principal, body.clientId, (c) => this.repo.clientExists(c));
      const id = await this.repo.insert({
        clientId,
        name: body.name,
        type: body.type,
        keyEncrypted: this.secrets.encrypt(body.key),
        keyHint: maskSecret(body.key),
        user: body.user ?? null,
        active: body.active,
        createdById: principal.userId,
      });
      const integration = (await this.repo.findById(id, null))!;
      await this.audit.record(principal, {
        type: 'integration.create',
        entity: 'integration',
        entityId: id,
        after: integration,
      });
      return integration;
    });
    await publishClientListUpsert(this.bus, 'integrations', created, principal, true);
    return created;
  }

  /** PUT /integration/{id}: a key that is not sent (or blank) stays as it is. */
  async update(principal: SessionPrincipal, id: string, body: UpdateIntegration): Promise<IntegrationView> {
    const updated = await this.transactions.run(async () => {
      const storedKey = await this.repo.lockKey(id, principal.clientId);
      if (storedKey === undefined) throw notFound();
      const before = (await this.repo.findById(id, principal.clientId))!;
      const changes: IntegrationChanges = {};
      if (body.name !== undefined && body.name !== before.name) changes.name = body.name;
      if (body.user !== undefined && body.user !== before.user) changes.user = body.user;
      if (body.active !== undefined && body.active !== before.active) changes.active = body.active;
      const keyReplaced = body.key !== undefined && !this.sameKey(storedKey, body.key);
      if (keyReplaced) {
        changes.keyEncrypted = this.secrets.encrypt(body.key!);
        changes.keyHint = maskSecret(body.key!);
      }
      if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);
      await this.repo.update(id, changes);
      const after = (await this.repo.findById(id, principal.clientId))!;
      await this.audit.record(principal, {
        type: 'integration.update',
        entity: 'integration',
        entityId: id,
        before,
        after,
        ...(keyReplaced ? { details: { keyReplaced: true } } : {}),
      });
      return after;
    });
    await publishClientListUpsert(this.bus, 'integrations', updated, principal, false);
    return updated;
  }

  async remove(principal: SessionPrincipal, id: string): Promise<void> {
    const removed = await this.transactions.run(async () => {
      if ((await this.repo.lockKey(id, principal.clientId)) === undefined) throw notFound();
      const before = (await this.repo.findById(id, principal.clientId))!;
      await this.repo.delete(id);
      await this.audit.record(principal, {
        type: 'integration.delete',
        entity: 'integration',
        entityId: id,
        before,
      });
      return before;
    });
    await publishClientListDelete(this.bus, 'integrations', removed, principal);
  }

  /** Whether a key typed again is the stored one (a value that cannot be read back counts as different). */
  private sameKey(stored: string, key: string): boolean {
    try {
      return this.secrets.decrypt(stored) === key;
    } catch {
      return false;
    }
  }
}
