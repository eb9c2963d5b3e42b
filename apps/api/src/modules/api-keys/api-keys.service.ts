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
import { Errors } from '../../common/errors';
import {
  ClientOwnedRecordsFactory,
  ownedListQuery,
  type ClientOwnedRecords,
} from '../../common/client-owned-records';
import { AuthService } from '../auth/auth.service';
import type { SessionPrincipal } from '../auth/decorators';
import { newApiKey, sha256 } from '../auth/tokens';
import { ApiKeyRecordsRepository, type ApiKeyChanges, type ApiKeyFields } from './api-key-records.repository';

type ApiKeyListRequest = z.output<typeof apiKeyListRequestSchema>;
type CreateApiKey = z.output<typeof createApiKeySchema>;
type UpdateApiKey = z.output<typeof updateApiKeySchema>;

/**
 * API keys of clients' integrators (decision 0040). The secret is made here, returned once by `create`, and stored
 * only as its SHA-256 with a short display prefix. A client user manages only its own client's keys; staff any
 * client's. Stopping a key (deactivate, delete) ends it at once: the next call is 401 and its sockets are cut.
 */
@Injectable()
export class ApiKeysService {
  private readonly records: ClientOwnedRecords<'apiKeys', ApiKeyFields, ApiKeyChanges, true>;

  constructor(
    owned: ClientOwnedRecordsFactory,
    private readonly repo: ApiKeyRecordsRepository,
    private readonly auth: AuthService,
  ) {
    this.records = owned.for({ entity: 'apiKey', list: 'apiKeys', notFound: MESSAGES.apiKeyNotFound }, repo);
  }

  list(principal: SessionPrincipal, req: ApiKeyListRequest): Promise<ListReply<ApiKeyView>> {
    return this.repo.list(ownedListQuery(principal, req));
  }

  /** GET /apiKey/get/current: the calling key itself, so an integrator can check its key works. */
  async current(principal: Principal): Promise<ApiKeyView> {
    if (principal.kind !== 'apiKey') throw Errors.forbidden(MESSAGES.apiKeyOnly);
    const key = await this.repo.findById(principal.apiKeyId, principal.clientId);
    if (!key) throw Errors.notFound(MESSAGES.apiKeyNotFound);
    return key;
  }

  /** The view (and so the change log) holds the display prefix only: the secret is returned this once. */
  async create(principal: SessionPrincipal, body: CreateApiKey): Promise<CreatedApiKey> {
    const secretKey = newApiKey();
    const created = await this.records.create(principal, body.clientId, {
      name: body.name,
      keyHash: sha256(secretKey),
      keyPrefix: apiKeyDisplayPrefix(secretKey),
    });
    return { ...created, secretKey };
  }

  /** PUT /apiKey/{id}: rename, activate, deactivate. Deactivating cuts the key's sockets. */
  async update(principal: SessionPrincipal, id: string, body: UpdateApiKey): Promise<ApiKeyView> {
    const { before, after } = await this.records.update(principal, id, (current) => {
      const changes: ApiKeyChanges = {};
      if (body.name !== undefined && body.name !== current.name) changes.name = body.name;
      if (body.active !== undefined && body.active !== current.active) changes.active = body.active;
      return { changes };
    });
    if (before.active && !after.active) await this.auth.announceApiKeysRevoked([id], 'revoked');
    return after;
  }

  /** DELETE /apiKey/{id}: the key is gone for good; its sockets are cut. */
  async remove(principal: SessionPrincipal, id: string): Promise<void> {
    await this.records.remove(principal, id);
    await this.auth.announceApiKeysRevoked([id], 'revoked');
  }
}
