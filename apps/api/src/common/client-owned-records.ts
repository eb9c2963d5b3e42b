import {
  MESSAGES,
  type ListRows,
  type LogEntity,
  type LogType,
  type Principal,
  type SortDirection,
} from '@depot/contracts';
import { Injectable } from '@nestjs/common';
import { Transactions } from '../db/transactions';
import { EventBus } from '../events/event-bus';
import { AuditService } from '../modules/audit/audit.service';
import { publishClientListDelete, publishClientListUpsert, type ClientList } from './client-list-events';
import { Errors } from './errors';
import { resolveOwnerClient } from './owner-client';

/**
 * The SQL a client-owned kind of row needs (its repository). Every read takes the caller's client scope: a client
 * user's own client, or null for staff.
 */
export interface ClientOwnedStore<View, Insert, Changes, Lock> {
  clientExists(clientId: string): Promise<boolean>;
  /** Locks the row for the transaction; undefined when it does not exist in the scope. Its value goes to the rule. */
  lock(id: string, scopeClientId: string | null): Promise<Lock | undefined>;
  findById(id: string, scopeClientId: string | null): Promise<View | undefined>;
  insert(row: Insert & { clientId: string; createdById: string | null }): Promise<string>;
  update(id: string, changes: Changes): Promise<void>;
  delete(id: string): Promise<void>;
}

type View<L extends ClientList> = ListRows[L];

/** The log entities whose creation, change and deletion are kinds of log entries (`apiKey`, `integration`…). */
type OwnedEntity = {
  [E in LogEntity]: `${E}.${'create' | 'update' | 'delete'}` extends LogType ? E : never;
}[LogEntity];

/** The list request every client-owned list takes (its feature may add filters of its own). */
interface OwnedListRequest<SortField extends string> {
  filters: { clientId?: string; search?: string; active?: boolean };
  orderBy: { field: SortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

/** A client-owned list's query: the caller's scope (a client user sees only its own client's rows) and the filters. */
export function ownedListQuery<SortField extends string>(
  principal: Principal,
  req: OwnedListRequest<SortField>,
) {
  return {
    scopeClientId: principal.clientId,
    clientId: req.filters.clientId,
    search: req.filters.search || undefined,
    active: req.filters.active,
    orderBy: req.orderBy,
    cursor: req.cursor,
    limit: req.limit,
  };
}

/** What an edit changes, worked out from the row as it is (and what its lock returned). */
export interface OwnedChange<Changes> {
  changes: Changes;
  /** Written to the change log beside before and after (e.g. that a secret was replaced). */
  details?: Record<string, unknown>;
}

/**
 * The life of a row one client owns — API keys, shop integrations (decisions 0040, 0042) — written once: created for
 * the caller's own client (staff name one), edited and deleted under a row lock within the caller's scope (another
 * client's row reads as not found), each change in the change log in the same transaction, and announced on the
 * live list of its client and of staff after the commit. What differs per kind (the fields, secrets, what an edit
 * may change) stays in its service.
 */
export class ClientOwnedRecords<L extends ClientList, Insert, Changes extends object, Lock> {
  constructor(
    private readonly kind: { entity: OwnedEntity; list: L; notFound: string },
    private readonly store: ClientOwnedStore<View<L>, Insert, Changes, Lock>,
    private readonly deps: { transactions: Transactions; audit: AuditService; bus: EventBus },
  ) {}

  async create(
    principal: Principal,
    requestedClientId: string | undefined,
    fields: Insert,
  ): Promise<View<L>> {
    const created = await this.deps.transactions.run(async () => {
      const clientId = await resolveOwnerClient(principal, requestedClientId, (c) =>
        this.store.clientExists(c),
      );
      const id = await this.store.insert({ ...fields, clientId, createdById: principal.userId });
      const row = (await this.store.findById(id, null))!;
      await this.deps.audit.record(principal, {
        type: `${this.kind.entity}.create`,
        entity: this.kind.entity,
        entityId: id,
        after: row,
      });
      return row;
    });
    await publishClientListUpsert(this.deps.bus, this.kind.list, created, principal, true);
    return created;
  }

  /** An edit: 404 outside the scope, 400 "no value changed" when the rule finds nothing to change. */
  async update(
    principal: Principal,
    id: string,
    rule: (current: View<L>, locked: Lock) => OwnedChange<Changes>,
  ): Promise<{ before: View<L>; after: View<L> }> {
    const result = await this.deps.transactions.run(async () => {
      const locked = await this.store.lock(id, principal.clientId);
      if (locked === undefined) throw Errors.notFound(this.kind.notFound);
      const before = (await this.store.findById(id, principal.clientId))!;
      const { changes, details } = rule(before, locked);
      if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);
      await this.store.update(id, changes);
      const after = (await this.store.findById(id, principal.clientId))!;
      await this.deps.audit.record(principal, {
        type: `${this.kind.entity}.update`,
        entity: this.kind.entity,
        entityId: id,
        before,
        after,
        ...(details ? { details } : {}),
      });
      return { before, after };
    });
    await publishClientListUpsert(this.deps.bus, this.kind.list, result.after, principal, false);
    return result;
  }

  /** Deletes the row for good; returns it as it was. */
  async remove(principal: Principal, id: string): Promise<View<L>> {
    const removed = await this.deps.transactions.run(async () => {
      if ((await this.store.lock(id, principal.clientId)) === undefined)
        throw Errors.notFound(this.kind.notFound);
      const before = (await this.store.findById(id, principal.clientId))!;
      await this.store.delete(id);
      await this.deps.audit.record(principal, {
        type: `${this.kind.entity}.delete`,
        entity: this.kind.entity,
        entityId: id,
        before,
      });
      return before;
    });
    await publishClientListDelete(this.deps.bus, this.kind.list, removed, principal);
    return removed;
  }
}

/** Makes a kind's ClientOwnedRecords with the app's transactions, change log and event bus (a module provides it). */
@Injectable()
export class ClientOwnedRecordsFactory {
  constructor(
    readonly transactions: Transactions,
    readonly audit: AuditService,
    readonly bus: EventBus,
  ) {}

  for<L extends ClientList, Insert, Changes extends object, Lock>(
    kind: { entity: OwnedEntity; list: L; notFound: string },
    store: ClientOwnedStore<ListRows[L], Insert, Changes, Lock>,
  ): ClientOwnedRecords<L, Insert, Changes, Lock> {
    return new ClientOwnedRecords(kind, store, this);
  }
}
