import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  OWN_CLIENT_ADDRESS_KEYS,
  type ClientView,
  type CurrentClientView,
  type ownClientSettingsSchema,
} from '@depot/contracts';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import type { SessionPrincipal } from '../auth/decorators';
import { ClientEvents } from './client-events';
import { ClientsRepository, type ClientChanges } from './clients.repository';
import { currentView, fullParcelSettings, same } from './client-views';

type OwnClientSettingsBody = z.output<typeof ownClientSettingsSchema>;

/** The settings screen of a client user: its own client, never another (the client is the session's). */
@Injectable()
export class OwnClientService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: ClientsRepository,
    private readonly audit: AuditService,
    private readonly events: ClientEvents,
  ) {}

  /** GET /client/get/current: the caller's own client, nobody else's. */
  async current(principal: SessionPrincipal): Promise<CurrentClientView> {
    const client = principal.clientId ? await this.repo.findById(principal.clientId) : undefined;
    if (!client) throw Errors.notFound(MESSAGES.clientNotFound);
    return currentView(client);
  }

  /**
   * PUT /client/put/current: a client user edits its own client's address (not the country), pickup address and
   * settings only (decisions 0010, 0020).
   */
  async updateOwnSettings(
    principal: SessionPrincipal,
    body: OwnClientSettingsBody,
  ): Promise<CurrentClientView> {
    const clientId = principal.clientId;
    if (!clientId) throw Errors.notFound(MESSAGES.clientNotFound);
    const saved = await this.transactions.run(async () => {
      if (!(await this.repo.lock(clientId))) throw Errors.notFound(MESSAGES.clientNotFound);
      const before = (await this.repo.findById(clientId))!;
      const wanted = wantedChanges(body, before);
      const changes = Object.fromEntries(
        Object.entries(wanted).filter(([k, x]) => !same(x, before[k as keyof ClientView])),
      ) as ClientChanges;
      if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);
      await this.repo.update(clientId, changes);
      const client = (await this.repo.findById(clientId))!;
      await this.audit.record(principal, {
        type: 'client.update',
        entity: 'client',
        entityId: clientId,
        before,
        after: client,
        details: { ownSettings: true },
      });
      return client;
    });
    await this.events.publish([saved], principal);
    return currentView(saved);
  }
}

/** The columns the body asks to set (before comparing with the record). */
function wantedChanges(body: OwnClientSettingsBody, before: ClientView): ClientChanges {
  const wanted: ClientChanges = {};
  if (body.clientAddress) {
    for (const k of OWN_CLIENT_ADDRESS_KEYS) wanted[k] = body.clientAddress[k];
  }
  if (body.defaultAddress !== undefined) wanted.defaultAddress = body.defaultAddress;
  if (body.settings) {
    const {
      defaultEmailShippingAddress,
      defaultPhoneShippingAddress,
      additionalShipperNameOnTheLabel,
      ...parcel
    } = body.settings;
    if (defaultEmailShippingAddress !== undefined) wanted.defaultEmailShipping = defaultEmailShippingAddress;
    if (defaultPhoneShippingAddress !== undefined) wanted.defaultPhoneShipping = defaultPhoneShippingAddress;
    if (additionalShipperNameOnTheLabel !== undefined)
      wanted.additionalShipperNameOnTheLabel = additionalShipperNameOnTheLabel;
    const given = Object.fromEntries(Object.entries(parcel).filter(([, x]) => x !== undefined));
    if (Object.keys(given).length > 0) {
      wanted.parcelSettings = fullParcelSettings({ ...before.parcelSettings, ...given });
    }
  }
  return wanted;
}
