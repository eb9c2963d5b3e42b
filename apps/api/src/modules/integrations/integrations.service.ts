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
import { Errors } from '../../common/errors';
import {
  ClientOwnedRecordsFactory,
  ownedListQuery,
  type ClientOwnedRecords,
} from '../../common/client-owned-records';
import { maskSecret, SecretBox } from '../../secrets/secret-box';
import type { SessionPrincipal } from '../auth/decorators';
import {
  IntegrationsRepository,
  type IntegrationChanges,
  type IntegrationFields,
} from './integrations.repository';

type IntegrationListRequest = z.output<typeof integrationListRequestSchema>;
type CreateIntegration = z.output<typeof createIntegrationSchema>;
type UpdateIntegration = z.output<typeof updateIntegrationSchema>;

/**
 * Shop integrations (SPEC §3: name, type, key, user; decision 0042). The shop key is encrypted at rest with the
 * SecretBox and only ever shown masked (`keyHint`); replies and the change log never carry it. A client user
 * manages only its own client's integrations; staff any client's.
 */
@Injectable()
export class IntegrationsService {
  private readonly records: ClientOwnedRecords<'integrations', IntegrationFields, IntegrationChanges, string>;

  constructor(
    owned: ClientOwnedRecordsFactory,
    private readonly repo: IntegrationsRepository,
    private readonly secrets: SecretBox,
  ) {
    this.records = owned.for(
      { entity: 'integration', list: 'integrations', notFound: MESSAGES.integrationNotFound },
      repo,
    );
  }

  list(principal: SessionPrincipal, req: IntegrationListRequest): Promise<ListReply<IntegrationView>> {
    return this.repo.list({ ...ownedListQuery(principal, req), type: req.filters.type });
  }

  async get(principal: SessionPrincipal, id: string): Promise<IntegrationView> {
    const found = await this.repo.findById(id, principal.clientId);
    if (!found) throw Errors.notFound(MESSAGES.integrationNotFound);
    return found;
  }

  create(principal: SessionPrincipal, body: CreateIntegration): Promise<IntegrationView> {
    return this.records.create(principal, body.clientId, {
      name: body.name,
      type: body.type,
      keyEncrypted: this.secrets.encrypt(body.key),
      keyHint: maskSecret(body.key),
      user: body.user ?? null,
      active: body.active,
    });
  }

  /** PUT /integration/{id}: a key that is not sent (or blank) stays as it is. */
  async update(principal: SessionPrincipal, id: string, body: UpdateIntegration): Promise<IntegrationView> {
    const { after } = await this.records.update(principal, id, (before, storedKey) => {
      const changes: IntegrationChanges = {};
      if (body.name !== undefined && body.name !== before.name) changes.name = body.name;
      if (body.user !== undefined && body.user !== before.user) changes.user = body.user;
      if (body.active !== undefined && body.active !== before.active) changes.active = body.active;
      const keyReplaced = body.key !== undefined && !this.sameKey(storedKey, body.key);
      if (keyReplaced) {
        changes.keyEncrypted = this.secrets.encrypt(body.key!);
        changes.keyHint = maskSecret(body.key!);
      }
      return { changes, ...(keyReplaced ? { details: { keyReplaced: true } } : {}) };
    });
    return after;
  }

  async remove(principal: SessionPrincipal, id: string): Promise<void> {
    await this.records.remove(principal, id);
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
