import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES,
  WEBHOOK_ENDPOINTS_PER_CLIENT,
  type ListReply,
  type SortDirection,
  type WebhookAttempt,
  type WebhookDeliveryDetail,
  type WebhookDeliveryEvent,
  type WebhookDeliveryState,
  type WebhookDeliveryView,
  type WebhookSortField,
  type WebhookView,
} from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { clients, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema';
import { clientExists, inClientScope } from '../../common/client-scope';
import type { ClientOwnedStore } from '../../common/client-owned-records';
import { Errors } from '../../common/errors';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { containsPattern } from '../../common/like';
import { DELIVERY_COLUMNS, toDeliveryView, toWebhookView, type DeliveryRow } from './webhook-rows';

export interface WebhookListQuery {
  /** The caller's client (a client user or API key sees only its own client's endpoints); null = staff. */
  scopeClientId: string | null;
  clientId?: string;
  search?: string;
  active?: boolean;
  orderBy: { field: WebhookSortField; direction: SortDirection };
  cursor?: string | null;
  limit: number;
}

/** What a new endpoint is made of besides its client and creator. */
export interface WebhookFields {
  url: string;
  events: string[];
  active: boolean;
  secretEncrypted: string;
  secretPrefix: string;
}

export type WebhookChanges = Partial<
  Pick<
    typeof webhookEndpoints.$inferInsert,
    | 'url'
    | 'events'
    | 'active'
    | 'secretEncrypted'
    | 'secretPrefix'
    | 'previousSecretEncrypted'
    | 'previousSecretExpiresAt'
  >
>;

/** The endpoint as its lock reads it: what a rotation needs. */
export interface LockedWebhook {
  secretEncrypted: string;
}

const SORT_KEYS: Record<WebhookSortField, SQL> = {
  createdAt: sql`${webhookEndpoints.createdAt}`,
  url: sql`lower(${webhookEndpoints.url})`,
};

const viewColumns = {
  id: webhookEndpoints.id,
  clientId: webhookEndpoints.clientId,
  clientName: clients.companyName,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  secretPrefix: webhookEndpoints.secretPrefix,
  previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  clientId: webhookDeliveries.clientId,
  event: webhookDeliveries.event,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  deliveredAt: webhookDeliveries.deliveredAt,
};

const inScope = (scopeClientId: string | null) => inClientScope(webhookEndpoints.clientId, scopeClientId);

/**
 * SQL of webhook endpoints as people and integrators manage them, and of their delivery logs (decision 0146). Every
 * read takes the caller's client scope. Sending is the dispatcher's (webhook-deliveries.repository.ts).
 */
@Injectable()
export class WebhooksRepository implements ClientOwnedStore<
  WebhookView,
  WebhookFields,
  WebhookChanges,
  LockedWebhook
> {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async list(q: WebhookListQuery): Promise<ListReply<WebhookView>> {
    const term = containsPattern(q.search);
    const filter = allOf(
      inScope(q.scopeClientId),
      q.clientId ? eq(webhookEndpoints.clientId, q.clientId) : undefined,
      q.active === undefined ? undefined : eq(webhookEndpoints.active, q.active),
      term ? ilike(webhookEndpoints.url, term) : undefined,
    );
    const sortKey = SORT_KEYS[q.orderBy.field];
    const now = new Date();
    return keysetList(
      {
        sortKey,
        id: sql`${webhookEndpoints.id}`,
        direction: q.orderBy.direction,
        cursor: q.cursor,
        limit: q.limit,
      },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...viewColumns, sortKey: sortKeyText(sortKey) })
          .from(webhookEndpoints)
          .innerJoin(clients, eq(clients.id, webhookEndpoints.clientId))
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, webhookEndpoints, filter),
      (r) => toWebhookView(r, now),
    );
  }

  /** One endpoint within the scope (another client's reads as missing). */
  async findById(id: string, scopeClientId: string | null): Promise<WebhookView | undefined> {
    const [row] = await this.db
      .select(viewColumns)
      .from(webhookEndpoints)
      .innerJoin(clients, eq(clients.id, webhookEndpoints.clientId))
      .where(allOf(eq(webhookEndpoints.id, id), inScope(scopeClientId)))
      .limit(1);
    return row ? toWebhookView(row) : undefined;
  }

  /** Locks the endpoint for the rest of the transaction; undefined when it does not exist within the scope. */
  async lock(id: string, scopeClientId: string | null): Promise<LockedWebhook | undefined> {
    const [row] = await this.db
      .select({ secretEncrypted: webhookEndpoints.secretEncrypted })
      .from(webhookEndpoints)
      .where(allOf(eq(webhookEndpoints.id, id), inScope(scopeClientId)))
      .for('update');
    return row;
  }

  clientExists(clientId: string): Promise<boolean> {
    return clientExists(this.db, clientId);
  }

  /** A new endpoint; a client at WEBHOOK_ENDPOINTS_PER_CLIENT already is refused (409), its row locked to count. */
  async insert(row: WebhookFields & { clientId: string; createdById: string | null }): Promise<string> {
    await this.db.select({ id: clients.id }).from(clients).where(eq(clients.id, row.clientId)).for('update');
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, row.clientId));
    if (n >= WEBHOOK_ENDPOINTS_PER_CLIENT) throw Errors.conflict(MESSAGES.webhookTooMany);
    const [created] = await this.db
      .insert(webhookEndpoints)
      .values(row)
      .returning({ id: webhookEndpoints.id });
    return created.id;
  }

  async update(id: string, changes: WebhookChanges): Promise<void> {
    await this.db
      .update(webhookEndpoints)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(webhookEndpoints.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  }

  /** An endpoint's delivery log: newest first, by state and event when set. */
  async deliveries(
    endpointId: string,
    q: {
      state?: WebhookDeliveryState;
      event?: WebhookDeliveryEvent;
      cursor?: string | null;
      limit: number;
    },
  ): Promise<ListReply<WebhookDeliveryView>> {
    const d = webhookDeliveries;
    const filter = and(
      eq(d.endpointId, endpointId),
      q.state ? eq(d.state, q.state) : undefined,
      q.event ? eq(d.event, q.event) : undefined,
    );
    const sortKey = sql`${d.createdAt}`;
    return keysetList(
      { sortKey, id: sql`${d.id}`, direction: 'desc', cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...deliveryColumns, sortKey: sortKeyText(sortKey) })
          .from(d)
          .where(allOf(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, d, filter),
      toDeliveryView,
    );
  }

  /** One delivery within the scope, with its body and attempts (oldest first). */
  async delivery(id: string, scopeClientId: string | null): Promise<WebhookDeliveryDetail | undefined> {
    const res = await this.db.execute<DeliveryRow & { body: string }>(sql`
      select ${DELIVERY_COLUMNS}, d.body from webhook_deliveries d
       where d.id = ${id} ${scopeClientId === null ? sql`` : sql`and d.client_id = ${scopeClientId}`}`);
    const row = res.rows[0];
    if (!row) return undefined;
    const a = webhookDeliveryAttempts;
    const attempts = await this.db
      .select({
        attempt: a.attempt,
        startedAt: a.startedAt,
        durationMs: a.durationMs,
        statusCode: a.statusCode,
        error: a.error,
        responseExcerpt: a.responseExcerpt,
        manual: a.manual,
      })
      .from(a)
      .where(eq(a.deliveryId, id))
      .orderBy(asc(a.startedAt), asc(a.id));
    const attemptsLog: WebhookAttempt[] = attempts.map((x) => ({
      ...x,
      startedAt: x.startedAt.toISOString(),
    }));
    return { ...toDeliveryView(row), body: row.body, attemptsLog };
  }

  /** The endpoint a delivery belongs to (within the scope) and whether it is active. */
  async endpointOfDelivery(
    id: string,
    scopeClientId: string | null,
  ): Promise<{ endpointId: string; active: boolean; event: string } | undefined> {
    const [row] = await this.db
      .select({
        endpointId: webhookDeliveries.endpointId,
        active: webhookEndpoints.active,
        event: webhookDeliveries.event,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(allOf(eq(webhookDeliveries.id, id), inClientScope(webhookDeliveries.clientId, scopeClientId)))
      .limit(1);
    return row;
  }

  /** Makes a delivery due now, by hand (replay): pending again, whatever its state; the attempt is marked manual. */
  async replay(id: string): Promise<WebhookDeliveryView> {
    const res = await this.db.execute<DeliveryRow>(sql`
      update webhook_deliveries d set state = 'pending', next_attempt_at = now(), manual = true
       where d.id = ${id}
      returning ${DELIVERY_COLUMNS}`);
    return toDeliveryView(res.rows[0]);
  }
}
