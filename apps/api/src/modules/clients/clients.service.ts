import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  bankDetailsComplete,
  changesReachingLinkedAccounts,
  CLIENT_ERROR_CODES,
  MASTER_PROPAGATED_FLAGS,
  MESSAGES,
  rooms,
  type ClientListItem,
  type ClientView,
  type CurrentClientView,
  type LinkedAccountsConfirmationDetails,
  type ListReply,
  type ParcelSettings,
  type Principal,
  type clientListRequestSchema,
  type createClientSchema,
  type ownClientSettingsSchema,
  type updateClientSchema,
} from '@depot/contracts';
import type { z } from 'zod';
import { DB } from '../../core/core.tokens';
import type { Db, DbOrTx } from '../../db/database';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import type { SessionPrincipal } from '../auth/decorators';
import { ClientsRepository, type ClientChanges } from './clients.repository';
import { currentView, fullParcelSettings, listItemOf, same } from './client-views';

type CreateClient = z.output<typeof createClientSchema>;
type UpdateClient = z.output<typeof updateClientSchema>;
type ClientListRequest = z.output<typeof clientListRequestSchema>;
type OwnClientSettingsBody = z.output<typeof ownClientSettingsSchema>;

const shortNameTaken = () =>
  Errors.conflict(MESSAGES.clientShortNameTaken, [
    { path: 'shortName', message: MESSAGES.clientShortNameTaken },
  ]);
const prefixTaken = () =>
  Errors.conflict(MESSAGES.clientPrefixTaken, [
    { path: 'uniquePrefix', message: MESSAGES.clientPrefixTaken },
  ]);

/** Two concurrent saves of one short name (or prefix) both pass the check; the unique index refuses the later one. */
const rethrowUniqueRace = (err: unknown): never => {
  // drizzle wraps the driver's error (code, constraint) as `cause`.
  for (const e of [err, (err as { cause?: unknown } | null)?.cause] as (
    { code?: unknown; constraint?: unknown } | null | undefined
  )[]) {
    if (e?.code === '23505' && e.constraint === 'clients_short_name_key') throw shortNameTaken();
    if (e?.code === '23505' && e.constraint === 'clients_unique_prefix_key') throw prefixTaken();
  }
  throw err;
};

const invalidMaster = (message: string) => Errors.validation(message, [{ path: 'masterId', message }]);

/** What a saved change did, for the events and socket cuts sent after the commit. */
interface Saved {
  /** Every client row that changed (the edited one first, then linked accounts). */
  changed: ClientView[];
  /** Sessions revoked because their client became inactive. */
  revoked: string[];
  /** Live sessions of clients whose access was just disabled: their sockets are cut. */
  accessDisabled: string[];
}

@Injectable()
export class ClientsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly repo: ClientsRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  list(req: ClientListRequest): Promise<ListReply<ClientListItem>> {
    return this.repo.list({
      search: req.filters.search || undefined,
      active: req.filters.active,
      disableAccess: req.filters.disableAccess,
      masterOnly: req.filters.masterOnly,
      masterId: req.filters.masterId,
      orderBy: req.orderBy,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  async get(id: string): Promise<ClientView> {
    const client = await this.repo.findById(id);
    if (!client) throw Errors.notFound(MESSAGES.clientNotFound);
    return client;
  }

  async create(principal: SessionPrincipal, body: CreateClient): Promise<ClientView> {
    const created = await this.db
      .transaction(async (tx) => {
        if (body.masterId) await this.assertMaster(body.masterId, null, tx);
        await this.assertUnique({ shortName: body.shortName, uniquePrefix: body.uniquePrefix }, null, tx);
        const id = await this.repo.insert(
          { ...body, parcelSettings: fullParcelSettings(body.parcelSettings) },
          tx,
        );
        const client = (await this.repo.findById(id, tx))!;
        await this.audit.record(
          principal,
          { type: 'client.create', entity: 'client', entityId: id, after: client },
          tx,
        );
        return client;
      })
      .catch(rethrowUniqueRace);
    await this.publish([created], principal, created.id);
    return created;
  }

  /** PUT /client/{id}: the administration form. */
  async update(principal: SessionPrincipal, id: string, body: UpdateClient): Promise<ClientView> {
    const { confirmLinked, ...fields } = body;
    const saved = await this.db
      .transaction(async (tx): Promise<Saved & { client: ClientView }> => {
        if (!(await this.repo.lock(id, tx))) throw Errors.notFound(MESSAGES.clientNotFound);
        const before = (await this.repo.findById(id, tx))!;

        const changes: ClientChanges = {};
        for (const [k, raw] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
          if (raw === undefined) continue;
          const value =
            k === 'parcelSettings' ? fullParcelSettings(raw as Partial<ParcelSettings> | null) : raw;
          if (!same(value, before[k])) (changes as Record<string, unknown>)[k] = value;
        }
        if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);

        const after = { ...before, ...changes } as ClientView;
        if (after.masterAccount && after.masterId) throw invalidMaster(MESSAGES.masterCannotBeLinked);
        if (changes.masterId) await this.assertMaster(changes.masterId, id, tx);
        if (!bankDetailsComplete(after)) {
          throw Errors.validation(MESSAGES.validation.bankAccountRequired, [
            { path: 'iban', message: MESSAGES.validation.bankAccountRequired },
          ]);
        }
        await this.assertUnique(changes, id, tx);

        const reaching = before.linkedAccounts > 0 ? changesReachingLinkedAccounts(before, changes) : [];
        if (reaching.length > 0 && confirmLinked !== true) {
          const details: LinkedAccountsConfirmationDetails = {
            linkedAccounts: before.linkedAccounts,
            fields: reaching,
          };
          throw new HttpException(
            {
              statusCode: HttpStatus.CONFLICT,
              error: CLIENT_ERROR_CODES.linkedAccountsConfirmation,
              message: MESSAGES.linkedAccountsConfirm,
              details,
            },
            HttpStatus.CONFLICT,
          );
        }

        await this.repo.update(id, changes, tx);
        const result: Saved = { changed: [], revoked: [], accessDisabled: [] };
        if (reaching.length > 0) await this.applyToLinked(principal, before, changes, result, tx);
        const client = (await this.repo.findById(id, tx))!;
        await this.audit.record(
          principal,
          { type: 'client.update', entity: 'client', entityId: id, before, after: client },
          tx,
        );
        result.changed.unshift(client);
        await this.collectAccessEffects([[before, client]], result, tx);
        return { ...result, client };
      })
      .catch(rethrowUniqueRace);
    await this.afterSave(saved, principal);
    return saved.client;
  }

  /** GET /client/get/current: the caller's own client, nobody else's. */
  async current(principal: SessionPrincipal): Promise<CurrentClientView> {
    const client = principal.clientId ? await this.repo.findById(principal.clientId) : undefined;
    if (!client) throw Errors.notFound(MESSAGES.clientNotFound);
    return currentView(client);
  }

  /** PUT /client/put/current: a client user edits its own client's pickup address and settings only. */
  async updateOwnSettings(
    principal: SessionPrincipal,
    body: OwnClientSettingsBody,
  ): Promise<CurrentClientView> {
    const clientId = principal.clientId;
    if (!clientId) throw Errors.notFound(MESSAGES.clientNotFound);
    const saved = await this.db.transaction(async (tx) => {
      if (!(await this.repo.lock(clientId, tx))) throw Errors.notFound(MESSAGES.clientNotFound);
      const before = (await this.repo.findById(clientId, tx))!;
      const wanted: ClientChanges = {};
      if (body.defaultAddress !== undefined) wanted.defaultAddress = body.defaultAddress;
      if (body.settings) {
        const {
          defaultEmailShippingAddress,
          defaultPhoneShippingAddress,
          additionalShipperNameOnTheLabel,
          ...parcel
        } = body.settings;
        if (defaultEmailShippingAddress !== undefined)
          wanted.defaultEmailShipping = defaultEmailShippingAddress;
        if (defaultPhoneShippingAddress !== undefined)
          wanted.defaultPhoneShipping = defaultPhoneShippingAddress;
        if (additionalShipperNameOnTheLabel !== undefined)
          wanted.additionalShipperNameOnTheLabel = additionalShipperNameOnTheLabel;
        const given = Object.fromEntries(Object.entries(parcel).filter(([, x]) => x !== undefined));
        if (Object.keys(given).length > 0) {
          wanted.parcelSettings = fullParcelSettings({ ...before.parcelSettings, ...given });
        }
      }
      const changes = Object.fromEntries(
        Object.entries(wanted).filter(([k, x]) => !same(x, before[k as keyof ClientView])),
      ) as ClientChanges;
      if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);
      await this.repo.update(clientId, changes, tx);
      const client = (await this.repo.findById(clientId, tx))!;
      await this.audit.record(
        principal,
        {
          type: 'client.update',
          entity: 'client',
          entityId: clientId,
          before,
          after: client,
          details: { ownSettings: true },
        },
        tx,
      );
      return client;
    });
    await this.publish([saved], principal);
    return currentView(saved);
  }

  /** `masterId` must name another client that is a master account. */
  private async assertMaster(masterId: string, selfId: string | null, tx: DbOrTx): Promise<void> {
    if (masterId === selfId || !(await this.repo.isMasterAccount(masterId, tx))) {
      throw invalidMaster(MESSAGES.masterAccountInvalid);
    }
  }

  private async assertUnique(
    values: { shortName?: string | null; uniquePrefix?: string | null },
    exceptId: string | null,
    tx: DbOrTx,
  ): Promise<void> {
    if (values.shortName && (await this.repo.shortNameTaken(values.shortName, exceptId, tx))) {
      throw shortNameTaken();
    }
    if (values.uniquePrefix && (await this.repo.prefixTaken(values.uniquePrefix, exceptId, tx))) {
      throw prefixTaken();
    }
  }

  /**
   * A master's propagated flags are set on every linked account that differs; turning `masterAccount` off unlinks
   * them. Each linked account changed gets its own audit row.
   */
  private async applyToLinked(
    principal: Principal,
    master: ClientView,
    changes: ClientChanges,
    result: Saved,
    tx: DbOrTx,
  ): Promise<void> {
    const linked = await this.repo.findLinked(master.id, tx);
    const pairs: [ClientView, ClientView][] = [];
    for (const before of linked) {
      const own: ClientChanges = {};
      for (const f of MASTER_PROPAGATED_FLAGS) {
        if (changes[f] !== undefined && changes[f] !== before[f]) own[f] = changes[f];
      }
      if (changes.masterAccount === false) own.masterId = null;
      if (Object.keys(own).length === 0) continue;
      await this.repo.update(before.id, own, tx);
      const after = (await this.repo.findById(before.id, tx))!;
      await this.audit.record(
        principal,
        {
          type: 'client.update',
          entity: 'client',
          entityId: before.id,
          before,
          after,
          details: { viaMasterId: master.id },
        },
        tx,
      );
      pairs.push([before, after]);
      result.changed.push(after);
    }
    await this.collectAccessEffects(pairs, result, tx);
  }

  /**
   * A client made inactive: its users' sessions are revoked (they cannot sign in again while it stays inactive).
   * A client whose access was disabled: its users stay signed in (every call answers AccessDisabled and the panel
   * shows the access-disabled page), but their sockets are cut and cannot reconnect.
   */
  private async collectAccessEffects(
    pairs: [ClientView, ClientView][],
    result: Saved,
    tx: DbOrTx,
  ): Promise<void> {
    const deactivated = pairs.filter(([b, a]) => b.active && !a.active).map(([, a]) => a.id);
    const disabled = pairs
      .filter(([b, a]) => !b.disableAccess && a.disableAccess && a.active)
      .map(([, a]) => a.id);
    result.revoked.push(...(await this.repo.revokeSessionsOfClients(deactivated, tx)));
    result.accessDisabled.push(...(await this.repo.liveSessionsOfClients(disabled, tx)));
  }

  private async afterSave(saved: Saved, actor: Principal): Promise<void> {
    await this.publish(saved.changed, actor);
    await this.auth.announceRevoked(saved.revoked, 'revoked');
    await this.auth.announceRevoked(saved.accessDisabled, 'accessDisabled');
  }

  /** Each changed client goes to the live clients list. */
  private async publish(changed: ClientView[], actor: Principal, createdId?: string): Promise<void> {
    for (const client of changed) {
      await this.bus.publish({
        type: 'list.changed',
        rooms: [rooms.list('clients')],
        change: {
          list: 'clients',
          op: 'upsert',
          row: listItemOf(client),
          actorId: actor.userId,
          created: client.id === createdId,
        },
      });
    }
  }
}
