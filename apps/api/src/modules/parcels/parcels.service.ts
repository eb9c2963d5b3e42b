import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  MESSAGES,
  type CreateParcelBody,
  type ParcelListReply,
  type ParcelSource,
  type ParcelView,
  type Principal,
  type UpdateParcelBody,
  type parcelListRequestSchema,
} from '@depot/contracts';
import {
  applyClientDefaults,
  formatInternalNumber,
  isEditable,
  numberingProblem,
  ordersBlocked,
} from '@depot/domain';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { Errors } from '../../common/errors';
import { resolveOwnerClient } from '../../common/owner-client';
import { AuditService } from '../audit/audit.service';
import { same } from '../clients/client-views';
import { listItemOfView } from './list/parcel-columns';
import { ParcelEvents } from './parcel-events';
import { ParcelListRepository } from './list/parcel-list.repository';
import { ParcelRouter, type ParcelRoute } from './create/parcel-router';
import {
  assertComplete,
  columnsOf,
  draftOfBody,
  draftOfView,
  parcelNotFound,
  type CompleteDraft,
} from './create/parcel-drafts';
import { ParcelsRepository, type ParcelChanges, type ParcelClientFacts } from './parcels.repository';

type ParcelListRequest = z.output<typeof parcelListRequestSchema>;

/** The 403 of a client or user with disableNewOrders (SPEC 2 dashboard notice wording). */
const ordersBlockedError = () =>
  new HttpException(
    { statusCode: HttpStatus.FORBIDDEN, error: ERROR_CODES.ordersBlocked, message: MESSAGES.ordersBlocked },
    HttpStatus.FORBIDDEN,
  );

/** The client a caller sees only: its own for a client user or API key, any for staff. */
export const scopeOf = (p: Principal): string | null => p.clientId;

/** Where a parcel came from: the panel's form or the external API. */
const sourceOf = (p: Principal): ParcelSource => (p.kind === 'apiKey' ? 'api' : 'form');

/** Who changed a status, for the history row. */
export const changedBy = (p: Principal | null) => ({
  changedById: p?.userId ?? null,
  apiKeyId: p?.kind === 'apiKey' ? p.apiKeyId : null,
});

/**
 * Parcels (decision 0050): create with the client's defaults, numbering and routing; read; edit while new; list.
 * Client users and API keys act on their own client's parcels only (another's reads as not found).
 */
@Injectable()
export class ParcelsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: ParcelsRepository,
    private readonly lists: ParcelListRepository,
    private readonly router: ParcelRouter,
    private readonly audit: AuditService,
    private readonly events: ParcelEvents,
  ) {}

  list(principal: Principal, req: ParcelListRequest): Promise<ParcelListReply> {
    return this.lists.list({
      scopeClientId: scopeOf(principal),
      filters: { ...req.filters, search: req.filters.search || undefined },
      orderBy: req.orderBy,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  async get(principal: Principal, id: string): Promise<ParcelView> {
    const parcel = await this.repo.findView(id, scopeOf(principal));
    if (!parcel) throw parcelNotFound();
    return parcel;
  }

  /** POST /order/create. */
  async create(principal: Principal, body: CreateParcelBody): Promise<ParcelView> {
    const { clientId: given, ...entered } = body;
    const clientId = await resolveOwnerClient(principal, given, (id) => this.repo.clientExists(id));
    const client = (await this.repo.clientFacts(clientId))!;
    await this.assertMayOrder(principal, client);
    const draft = applyClientDefaults(draftOfBody(entered), client);
    const complete = assertComplete(draft, entered.orderType ? 'given' : 'derive');
    const route = await this.routeOf(clientId, complete, false);
    const created = await this.transactions.run(async () => {
      const id = await this.insert(principal, client, complete, route, sourceOf(principal), null);
      const view = (await this.repo.findView(id, null))!;
      await this.audit.record(principal, {
        type: 'parcel.create',
        entity: 'parcel',
        entityId: id,
        after: view,
      });
      return view;
    });
    await this.events.created(listItemOfView(created), principal);
    return created;
  }

  /**
   * PUT /order/{id}: only while the parcel is new (not handed to a carrier). Given fields replace, others stay;
   * the carrier is routed again when the countries or the weight change.
   */
  async update(principal: Principal, id: string, body: UpdateParcelBody): Promise<ParcelView> {
    const current = await this.get(principal, id);
    if (!isEditable(current.status)) throw Errors.conflict(MESSAGES.parcelEditOnlyNew);
    const changesOfBody = draftOfBody(body);
    const merged = { ...draftOfView(current), ...changesOfBody };
    const complete = assertComplete(merged, body.orderType ? 'given' : 'keep');
    const columns = columnsOf(complete);
    const changes: ParcelChanges = {};
    const before = columnsOf(draftOfView(current));
    for (const [k, value] of Object.entries(columns) as [keyof typeof columns, unknown][]) {
      if (!same(value, before[k])) (changes as Record<string, unknown>)[k] = value;
    }
    if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);
    if (changes.pickupCountry || changes.destinationCountry || changes.weightKg) {
      Object.assign(changes, this.routeColumns(await this.routeOf(current.clientId, complete, false)));
    }
    const updated = await this.transactions.run(async () => {
      const locked = await this.repo.lock(id, scopeOf(principal));
      if (!locked) throw parcelNotFound();
      if (!isEditable(locked.status)) throw Errors.conflict(MESSAGES.parcelEditOnlyNew);
      await this.repo.update(id, changes);
      const after = (await this.repo.findView(id, null))!;
      await this.audit.record(principal, {
        type: 'parcel.update',
        entity: 'parcel',
        entityId: id,
        before: current,
        after,
      });
      return after;
    });
    await this.events.updated(listItemOfView(updated), principal);
    return updated;
  }

  /**
   * A new parcel row with its number and first history entry (status new), in the caller's transaction (call it
   * inside `run`). Shared by create and returns. The client's counter row is locked until that transaction ends,
   * so numbers never repeat.
   */
  async insert(
    principal: Principal | null,
    client: ParcelClientFacts,
    draft: CompleteDraft,
    route: ParcelRoute,
    source: ParcelSource,
    returnOfId: string | null,
  ): Promise<string> {
    const sequence = await this.repo.nextSequence(client.id);
    const id = await this.repo.insert({
      ...columnsOf(draft),
      ...this.routeColumns(route),
      clientId: client.id,
      internalNumber: formatInternalNumber(client.uniquePrefix!, sequence),
      source,
      status: 'new',
      returnOfId,
      createdById: principal?.userId ?? null,
      apiKeyId: principal?.kind === 'apiKey' ? principal.apiKeyId : null,
    });
    await this.repo.addHistory({
      parcelId: id,
      status: 'new',
      previousStatus: null,
      source: principal?.kind === 'apiKey' ? 'api' : principal ? 'panel' : 'system',
      ...changedBy(principal),
    });
    return id;
  }

  /**
   * Many new parcels of one client in the caller's transaction (an approved import's batch, decision 0150): their
   * numbers reserved at once, the parcels and their first history rows inserted in one statement each. Answers
   * each one's id, number and time written, in the order given.
   */
  async insertMany(
    principal: Principal | null,
    client: ParcelClientFacts,
    items: readonly { draft: CompleteDraft; route: ParcelRoute; externalNumber?: string | null }[],
    source: ParcelSource,
    /** The first of numbers reserved before (`reserveNumbers`): many writers at once do not queue on the counter. */
    firstSequence?: number,
  ): Promise<{ id: string; internalNumber: string; updatedAt: string }[]> {
    if (items.length === 0) return [];
    const first = firstSequence ?? (await this.repo.nextSequences(client.id, items.length));
    const rows = items.map((item, i) => ({
      ...columnsOf(item.draft),
      ...this.routeColumns(item.route),
      externalNumber: item.externalNumber ?? null,
      clientId: client.id,
      internalNumber: formatInternalNumber(client.uniquePrefix!, first + i),
      source,
      status: 'new' as const,
      returnOfId: null,
      createdById: principal?.userId ?? null,
      apiKeyId: principal?.kind === 'apiKey' ? principal.apiKeyId : null,
    }));
    const ids = await this.repo.insertMany(rows);
    const created = rows.map((r) => ({ ...ids.get(r.internalNumber)!, internalNumber: r.internalNumber }));
    await this.repo.addHistoryMany(
      created.map((c) => ({
        parcelId: c.id,
        status: 'new' as const,
        previousStatus: null,
        source:
          principal?.kind === 'apiKey'
            ? ('api' as const)
            : principal
              ? ('panel' as const)
              : ('system' as const),
        ...changedBy(principal),
      })),
    );
    return created;
  }

  /**
   * Reserves `count` of the client's internal numbers in a statement of its own (committed at once), for
   * `insertMany` in a transaction that starts later: the counter's row is then locked for a moment, not for the whole
   * transaction. A number reserved and not used (its transaction failed, its row was created meanwhile) stays unused.
   */
  reserveNumbers(clientId: string, count: number): Promise<number> {
    return this.repo.nextSequences(clientId, count);
  }

  /** A router of many new parcels of one client (not returns): matrices and carriers read once (decision 0150). */
  routerOf(clientId: string): (d: CompleteDraft) => Promise<ParcelRoute> {
    const route = this.router.many();
    // Parcels of one client with the same countries and weight go the same way: each such route is worked out once.
    const routes = new Map<string, Promise<ParcelRoute>>();
    return (d) => {
      const key = `${d.pickupAddress.country}|${d.destinationAddress.country}|${d.weightKg}`;
      let found = routes.get(key);
      if (!found) {
        found = route({
          clientId,
          pickupCountry: d.pickupAddress.country,
          destinationCountry: d.destinationAddress.country,
          weightKg: d.weightKg,
          isReturn: false,
        });
        routes.set(key, found);
      }
      return found;
    };
  }

  routeOf(
    clientId: string,
    d: CompleteDraft,
    isReturn: boolean,
    refuseOverWeight = true,
  ): Promise<ParcelRoute> {
    return this.router.route({
      clientId,
      pickupCountry: d.pickupAddress.country,
      destinationCountry: d.destinationAddress.country,
      weightKg: d.weightKg,
      isReturn,
      refuseOverWeight,
    });
  }

  /** A client that may not order (disableNewOrders on it or on the user), or cannot number parcels, is refused. */
  async assertMayOrder(principal: Principal | null, client: ParcelClientFacts): Promise<void> {
    const userBlocked =
      principal?.kind === 'session' ? await this.repo.userBlocksOrders(principal.userId) : false;
    if (ordersBlocked(client, { disableNewOrders: userBlocked })) throw ordersBlockedError();
    const problem = numberingProblem(client.uniquePrefix);
    if (problem) throw Errors.badRequest(problem);
  }

  private routeColumns(route: ParcelRoute): ParcelChanges {
    return { operatorId: route.operatorId, isCorrect: route.isCorrect, routing: route.routing };
  }
}
