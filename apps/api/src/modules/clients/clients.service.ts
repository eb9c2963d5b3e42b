import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  bankDetailsComplete,
  changesReachingLinkedAccounts,
  CLIENT_ERROR_CODES,
  MASTER_PROPAGATED_FLAGS,
  MESSAGES,
  type ClientListItem,
  type ClientSaveReply,
  type ClientView,
  type LinkedAccountsConfirmationDetails,
  type ListReply,
  type ParcelSettings,
  type Principal,
  type clientListRequestSchema,
  type createClientSchema,
  type updateClientSchema,
} from '@depot/contracts';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import type { SessionPrincipal } from '../auth/decorators';
import { ClientEvents } from './client-events';
import { ClientsRepository, type ClientChanges } from './clients.repository';
import { fullParcelSettings, same } from './client-views';
import { ClientVatCheck, StaleVatCheck, type VatSaveCheck } from './client-vat-check';

type CreateClient = z.output<typeof createClientSchema>;
type UpdateClient = z.output<typeof updateClientSchema>;
type ClientListRequest = z.output<typeof clientListRequestSchema>;

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
  /** Active API keys of clients made inactive (reason revoked) or access-disabled: their sockets are cut. */
  apiKeysRevoked: string[];
  apiKeysAccessDisabled: string[];
}

@Injectable()
export class ClientsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: ClientsRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly events: ClientEvents,
    private readonly vatCheck: ClientVatCheck,
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

  /** POST /client/create. With `viesCheck` on, the VAT ID is checked with VIES first (decision 0021). */
  async create(principal: SessionPrincipal, body: CreateClient): Promise<ClientSaveReply> {
    const { strictVatCheck, ...fields } = body;
    const vat = await this.vatCheck.beforeSave(null, fields, strictVatCheck === true);
    const created = await this.transactions
      .run(async () => {
        if (fields.masterId) await this.assertMaster(fields.masterId, null);
        await this.assertUnique({ shortName: fields.shortName, uniquePrefix: fields.uniquePrefix }, null);
        const id = await this.repo.insert({
          ...fields,
          parcelSettings: fullParcelSettings(fields.parcelSettings),
        });
        const client = (await this.repo.findById(id))!;
        await this.audit.record(principal, {
          type: 'client.create',
          entity: 'client',
          entityId: id,
          after: client,
          details: this.vatCheck.auditDetails(vat),
        });
        return client;
      })
      .catch(rethrowUniqueRace);
    await this.publish([created], principal, created.id);
    return { ...created, ...this.vatCheck.replyOf(vat) };
  }

  /**
   * PUT /client/{id}: the administration form. A VAT check (VIES) needed by the change runs before the
   * transaction; when the client changed meanwhile so that it no longer fits, the save starts over.
   */
  async update(principal: SessionPrincipal, id: string, body: UpdateClient): Promise<ClientSaveReply> {
    const { confirmLinked, strictVatCheck, ...fields } = body;
    for (let attempt = 1; ; attempt++) {
      const current = await this.repo.findById(id);
      if (!current) throw Errors.notFound(MESSAGES.clientNotFound);
      const vat = await this.vatCheck.beforeSave(
        current,
        {
          vatId: fields.vatId ?? current.vatId,
          viesCheck: fields.viesCheck ?? current.viesCheck,
          country: fields.country ?? current.country,
        },
        strictVatCheck === true,
      );
      try {
        return await this.saveUpdate(principal, id, fields, confirmLinked, vat);
      } catch (err) {
        if (!(err instanceof StaleVatCheck)) throw err;
        if (attempt >= 3) throw Errors.conflict(MESSAGES.vatCheckStale);
      }
    }
  }

  private async saveUpdate(
    principal: SessionPrincipal,
    id: string,
    fields: Omit<UpdateClient, 'confirmLinked' | 'strictVatCheck'>,
    confirmLinked: boolean | undefined,
    vat: VatSaveCheck,
  ): Promise<ClientSaveReply> {
    const saved = await this.transactions
      .run(async (): Promise<Saved & { client: ClientView }> => {
        if (!(await this.repo.lock(id))) throw Errors.notFound(MESSAGES.clientNotFound);
        const before = (await this.repo.findById(id))!;

        const changes: ClientChanges = {};
        for (const [k, raw] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
          if (raw === undefined) continue;
          const value =
            k === 'parcelSettings' ? fullParcelSettings(raw as Partial<ParcelSettings> | null) : raw;
          if (!same(value, before[k])) (changes as Record<string, unknown>)[k] = value;
        }
        if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);

        const after = { ...before, ...changes } as ClientView;
        this.vatCheck.assertFresh(vat, before, after);
        if (after.masterAccount && after.masterId) throw invalidMaster(MESSAGES.masterCannotBeLinked);
        if (changes.masterId) await this.assertMaster(changes.masterId, id);
        if (!bankDetailsComplete(after)) {
          throw Errors.validation(MESSAGES.validation.bankAccountRequired, [
            { path: 'iban', message: MESSAGES.validation.bankAccountRequired },
          ]);
        }
        await this.assertUnique(changes, id);

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

        await this.repo.update(id, changes);
        const result: Saved = {
          changed: [],
          revoked: [],
          accessDisabled: [],
          apiKeysRevoked: [],
          apiKeysAccessDisabled: [],
        };
        if (reaching.length > 0) await this.applyToLinked(principal, before, changes, result);
        const client = (await this.repo.findById(id))!;
        await this.audit.record(principal, {
          type: 'client.update',
          entity: 'client',
          entityId: id,
          before,
          after: client,
          details: this.vatCheck.auditDetails(vat),
        });
        result.changed.unshift(client);
        await this.collectAccessEffects([[before, client]], result);
        return { ...result, client };
      })
      .catch(rethrowUniqueRace);
    await this.afterSave(saved, principal);
    return { ...saved.client, ...this.vatCheck.replyOf(vat) };
  }

  /** `masterId` must name another client that is a master account. */
  private async assertMaster(masterId: string, selfId: string | null): Promise<void> {
    if (masterId === selfId || !(await this.repo.isMasterAccount(masterId))) {
      throw invalidMaster(MESSAGES.masterAccountInvalid);
    }
  }

  private async assertUnique(
    values: { shortName?: string | null; uniquePrefix?: string | null },
    exceptId: string | null,
  ): Promise<void> {
    if (values.shortName && (await this.repo.shortNameTaken(values.shortName, exceptId))) {
      throw shortNameTaken();
    }
    if (values.uniquePrefix && (await this.repo.prefixTaken(values.uniquePrefix, exceptId))) {
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
  ): Promise<void> {
    const linked = await this.repo.findLinked(master.id);
    const pairs: [ClientView, ClientView][] = [];
    for (const before of linked) {
      const own: ClientChanges = {};
      for (const f of MASTER_PROPAGATED_FLAGS) {
        if (changes[f] !== undefined && changes[f] !== before[f]) own[f] = changes[f];
      }
      if (changes.masterAccount === false) own.masterId = null;
      if (Object.keys(own).length === 0) continue;
      await this.repo.update(before.id, own);
      const after = (await this.repo.findById(before.id))!;
      await this.audit.record(principal, {
        type: 'client.update',
        entity: 'client',
        entityId: before.id,
        before,
        after,
        details: { viaMasterId: master.id },
      });
      pairs.push([before, after]);
      result.changed.push(after);
    }
    await this.collectAccessEffects(pairs, result);
  }

  /**
   * A client made inactive: its users' sessions are revoked (they cannot sign in again while it stays inactive).
   * A client whose access was disabled: its users stay signed in (every call answers AccessDisabled and the panel
   * shows the access-disabled page), but their sockets are cut and cannot reconnect.
   * Either way the sockets opened with the client's API keys are cut too (the handshake refuses them afterwards).
   */
  private async collectAccessEffects(pairs: [ClientView, ClientView][], result: Saved): Promise<void> {
    const deactivated = pairs.filter(([b, a]) => b.active && !a.active).map(([, a]) => a.id);
    const disabled = pairs
      .filter(([b, a]) => !b.disableAccess && a.disableAccess && a.active)
      .map(([, a]) => a.id);
    result.revoked.push(...(await this.repo.revokeSessionsOfClients(deactivated)));
    result.accessDisabled.push(...(await this.repo.liveSessionsOfClients(disabled)));
    result.apiKeysRevoked.push(...(await this.repo.activeApiKeysOfClients(deactivated)));
    result.apiKeysAccessDisabled.push(...(await this.repo.activeApiKeysOfClients(disabled)));
  }

  private async afterSave(saved: Saved, actor: Principal): Promise<void> {
    await this.publish(saved.changed, actor);
    await this.auth.announceRevoked(saved.revoked, 'revoked');
    await this.auth.announceRevoked(saved.accessDisabled, 'accessDisabled');
    await this.auth.announceApiKeysRevoked(saved.apiKeysRevoked, 'revoked');
    await this.auth.announceApiKeysRevoked(saved.apiKeysAccessDisabled, 'accessDisabled');
  }

  /** Each changed client goes to the live clients list. */
  private publish(changed: ClientView[], actor: Principal, createdId?: string): Promise<void> {
    return this.events.publish(changed, actor, createdId);
  }
}
