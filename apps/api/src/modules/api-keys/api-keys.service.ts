import { Injectable } from '@nestjs/common';
import {
  apiKeyDisplayPrefix,
  MESSAGES,
  type ApiKeyView,
  type CreatedApiKey,
  type ListReply,
  type Principal,
  type apiKeyListRequestSchema,
  type createApiKeySchema,
  type updateApiKeySchema,
} from '@depot/contracts';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { publishClientListDelete, publishClientListUpsert } from '../../common/client-list-events';
import { resolveOwnerClient } from '../../common/owner-client';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import type { SessionPrincipal } from '../auth/decorators';
import { newApiKey, sha256 } from '../auth/tokens';
import { ApiKeyRecordsRepository, type ApiKeyChanges } from './api-key-records.repository';

type ApiKeyListRequest = z.output<typeof apiKeyListRequestSchema>;
type CreateApiKey = z.output<typeof createApiKeySchema>;
type UpdateApiKey = z.output<typeof updateApiKeySchema>;

const notFound = () => Errors.notFound(MESSAGES.apiKeyNotFound);

/**
 * API keys of clients' integrators (decision 0040). The secret is made here, returned once by `create`, and stored
 * only as its SHA-256 with a short display prefix. A client user manages only its own client's keys; staff any
 * client's. Stopping a key (deactivate, delete) ends it at once: the next call is 401 and its sockets are cut.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: ApiKeyRecordsRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  list(principal: SessionPrincipal, req: ApiKeyListRequest): Promise<ListReply<ApiKeyView>> {
    return this.repo.list({
      scopeClientId: principal.clientId,
      clientId: req.filters.clientId,
      search: req.filters.search || undefined,
      active: req.filters.active,
      orderBy: req.orderBy,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  /** GET /apiKey/get/current: the calling key itself, so an integrator can check its key works. */
  async current(principal: Principal): Promise<ApiKeyView> {
    if (principal.kind !== 'apiKey') throw Errors.forbidden(MESSAGES.apiKeyOnly);
    const key = await this.repo.findById(principal.apiKeyId, principal.clientId);
    if (!key) throw notFound();
    return key;
  }

  async create(principal: SessionPrincipal, body: CreateApiKey): Promise<CreatedApiKey> {
    const secretKey = newApiKey();
    const created = await this.transactions.run(async () => {
      const clientId = await resolveOwnerClient(principal, body.clientId, (c) => this.repo.clientExists(c));
      const id = await this.repo.insert({
        clientId,
        name: body.name,
        keyHash: sha256(secretKey),
        keyPrefix: apiKeyDisplayPrefix(secretKey),
        createdById: principal.userId,
      });
      const key = (await this.repo.findById(id, null))!;
      // The view holds the display prefix only: the secret never reaches the log.
      await this.audit.record(principal, {
        type: 'apiKey.create',
        entity: 'apiKey',
        entityId: id,
        after: key,
      });
      return key;
    });
    await publishClientListUpsert(this.bus, 'apiKeys', created, principal, true);
    return { ...created, secretKey };
  }

  /** PUT /apiKey/{id}: rename, activate, deactivate. Deactivating cuts the key's sockets. */
  async update(principal: SessionPrincipal, id: string, body: UpdateApiKey): Promise<ApiKeyView> {
    const { before, after } = await this.transactions.run(async () => {
      if (!(await this.repo.lock(id, principal.clientId))) throw notFound();
      const current = (await this.repo.findById(id, principal.clientId))!;
      const changes: ApiKeyChanges = {};
      if (body.name !== undefined && body.name !== current.name) changes.name = body.name;
      if (body.active !== undefined && body.active !== current.active) changes.active = body.active;
      if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);
      await this.repo.update(id, changes);
      const updated = (await this.repo.findById(id, principal.clientId))!;
      await this.audit.record(principal, {
        type: 'apiKey.update',
        entity: 'apiKey',
        entityId: id,
        before: current,
        after: updated,
      });
      return { before: current, after: updated };
    });
    await publishClientListUpsert(this.bus, 'apiKeys', after, principal, false);
    if (before.active && !after.active) await this.auth.announceApiKeysRevoked([id], 'revoked');
    return after;
  }

  /** DELETE /apiKey/{id}: the key is gone for good; its sockets are cut. */
  async remove(principal: SessionPrincipal, id: string): Promise<void> {
    const removed = await this.transactions.run(async () => {
      if (!(await this.repo.lock(id, principal.clientId))) throw notFound();
      const before = (await this.repo.findById(id, principal.clientId))!;
      await this.repo.delete(id);
      await this.audit.record(principal, { type: 'apiKey.delete', entity: 'apiKey', entityId: id, before });
      return before;
    });
    await publishClientListDelete(this.bus, 'apiKeys', removed, principal);
    await this.auth.announceApiKeysRevoked([id], 'revoked');
  }
}
