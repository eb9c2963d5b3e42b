import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { WebhookDeliveryEvent, WebhookDeliveryState, WebhookDeliveryView } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { DELIVERY_COLUMNS, toDeliveryView, type DeliveryRow } from './webhook-rows';

/** A delivery claimed for one attempt, with what sending it needs. */
export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  clientId: string;
  event: WebhookDeliveryEvent;
  body: string;
  /** This attempt's number (attempts made, this one included). */
  attempt: number;
  /** Timestamps of raw queries come back as PostgreSQL's text (drizzle's parsers), or as Date. */
  firstAttemptAt: Date | string;
  /** Asked for by hand (a replay or the test event). */
  manual: boolean;
  url: string;
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | string | null;
};

/** What an attempt came to. */
export interface AttemptOutcome {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  /** delivered, or pending with `nextAttemptAt`, or failed. */
  state: WebhookDeliveryState;
  nextAttemptAt: Date | null;
}

/**
 * The SQL of sending webhooks (decision 0146), run outside any request's transaction: the event that enqueues a
 * delivery is heard after its change committed, and the dispatcher works on its own.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The database (these run apart from any request, after the change that caused them committed). */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** Whether the client has an active endpoint subscribed to `event`. */
  async subscribed(clientId: string, event: WebhookDeliveryEvent): Promise<boolean> {
    const res = await this.db.execute<{ found: boolean }>(sql`
      select exists (select 1 from webhook_endpoints
                      where client_id = ${clientId} and active and ${event} = any(events)) as found`);
    return res.rows[0]?.found === true;
  }

  /** The events the client's active endpoints subscribe to. */
  async subscribedEvents(clientId: string): Promise<Set<WebhookDeliveryEvent>> {
    const res = await this.db.execute<{ event: WebhookDeliveryEvent }>(sql`
      select distinct unnest(events) as event from webhook_endpoints where client_id = ${clientId} and active`);
    return new Set(res.rows.map((r) => r.event));
  }

  /**
   * `enqueue` for many events of one client and type in one statement (the parcels of an approved import): one
   * delivery per subscribed endpoint and event, none twice. Returns the new deliveries.
   */
  async enqueueMany(
    clientId: string,
    event: WebhookDeliveryEvent,
    items: readonly { eventKey: string; body: string }[],
  ): Promise<WebhookDeliveryView[]> {
    if (items.length === 0) return [];
    const json = JSON.stringify(items.map((i) => ({ key: i.eventKey, body: i.body })));
    const res = await this.db.execute<DeliveryRow>(sql`
      insert into webhook_deliveries as d (endpoint_id, client_id, event, event_key, body, next_attempt_at, manual)
      select w.id, w.client_id, ${event}, e.key, e.body, now(), false
        from webhook_endpoints w
        cross join jsonb_to_recordset(${json}::jsonb) as e(key text, body text)
       where w.client_id = ${clientId} and w.active and ${event} = any(w.events)
      on conflict (endpoint_id, event_key) do nothing
      returning ${DELIVERY_COLUMNS}`);
    return res.rows.map(toDeliveryView);
  }

  /**
   * One delivery per active endpoint of the client subscribed to `event` (or of the one endpoint named, for the
   * test event), due now. An event already enqueued for an endpoint (the same `eventKey`, heard by another process
   * too) is not enqueued again. Returns the new deliveries.
   */
  async enqueue(e: {
    clientId: string;
    event: WebhookDeliveryEvent;
    eventKey: string;
    body: string;
    /** Only this endpoint (the test event: sent whatever it subscribes to). */
    endpointId?: string;
  }): Promise<WebhookDeliveryView[]> {
    const which = e.endpointId
      ? sql`w.id = ${e.endpointId}`
      : sql`w.client_id = ${e.clientId} and w.active and ${e.event} = any(w.events)`;
    const res = await this.db.execute<DeliveryRow>(sql`
      insert into webhook_deliveries as d (endpoint_id, client_id, event, event_key, body, next_attempt_at, manual)
      select w.id, w.client_id, ${e.event}, ${e.eventKey}, ${e.body}, now(), ${e.endpointId !== undefined}
        from webhook_endpoints w
       where ${which}
      on conflict (endpoint_id, event_key) do nothing
      returning ${DELIVERY_COLUMNS}`);
    return res.rows.map(toDeliveryView);
  }

  /**
   * Claims up to `limit` due deliveries of active endpoints for one attempt each (`FOR UPDATE SKIP LOCKED`: every
   * process may claim at once, none gets another's), counting the attempt and pushing its next time `leaseMs` away,
   * so a delivery whose process dies while sending it is due again then. Of one endpoint's (among the oldest due),
   * at most `perEndpoint` less the attempts this process already has `inFlight` to it: one slow receiver cannot take
   * every slot, and never holds more than `perEndpoint` of them.
   */
  async claim(
    limit: number,
    leaseMs: number,
    perEndpoint: number,
    inFlight: ReadonlyMap<string, number>,
  ): Promise<ClaimedDelivery[]> {
    const held = [...inFlight];
    const ids = `{${held.map(([id]) => id).join(',')}}`;
    const counts = `{${held.map(([, n]) => n).join(',')}}`;
    const res = await this.db.execute<ClaimedDelivery>(sql`
      with held as (
        select endpoint_id, n from unnest(${ids}::uuid[], ${counts}::int[]) as h(endpoint_id, n)
      ), head as (
        select d.id, d.endpoint_id, d.next_attempt_at from webhook_deliveries d
         where d.state = 'pending' and d.next_attempt_at <= now()
           and not exists (select 1 from held h where h.endpoint_id = d.endpoint_id and h.n >= ${perEndpoint})
           and exists (select 1 from webhook_endpoints w where w.id = d.endpoint_id and w.active)
         order by d.next_attempt_at
         limit ${limit * 8}
      ), ranked as (
        select id, endpoint_id, next_attempt_at,
               row_number() over (partition by endpoint_id order by next_attempt_at, id) as rn
          from head
      ), due as (
        select d.id, d.manual from webhook_deliveries d
          join ranked r on r.id = d.id
          left join held h on h.endpoint_id = r.endpoint_id
         where r.rn <= ${perEndpoint} - coalesce(h.n, 0) and d.state = 'pending' and d.next_attempt_at <= now()
         order by r.next_attempt_at
         limit ${limit}
         for update of d skip locked
      )
      update webhook_deliveries d
         set attempts = d.attempts + 1,
             first_attempt_at = coalesce(d.first_attempt_at, now()),
             last_attempt_at = now(),
             next_attempt_at = now() + ${leaseMs} * interval '1 millisecond',
             manual = false
        from due, webhook_endpoints w
       where d.id = due.id and w.id = d.endpoint_id
      returning d.id, d.endpoint_id as "endpointId", d.client_id as "clientId", d.event, d.body,
                d.attempts as attempt, d.first_attempt_at as "firstAttemptAt", due.manual, w.url,
                w.secret_encrypted as "secretEncrypted", w.previous_secret_encrypted as "previousSecretEncrypted",
                w.previous_secret_expires_at as "previousSecretExpiresAt"`);
    return res.rows;
  }

  /**
   * Records an attempt and where the delivery stands after it. A replay asked for while the attempt was under way
   * keeps it pending and due now. Nothing but the attempt row changes if another claim took the delivery since (its
   * lease ran out): that claim's outcome decides. Returns the delivery as it is now (undefined when not updated).
   */
  async record(d: ClaimedDelivery, o: AttemptOutcome): Promise<WebhookDeliveryView | undefined> {
    const res = await this.db.execute<DeliveryRow>(sql`
      with attempt as (
        insert into webhook_delivery_attempts
          (delivery_id, attempt, started_at, duration_ms, status_code, error, response_excerpt, manual)
        values (${d.id}, ${d.attempt}, ${o.startedAt}, ${o.durationMs}, ${o.statusCode}, ${o.error},
                ${o.responseExcerpt}, ${d.manual})
      )
      update webhook_deliveries d
         set state = case when d.manual then 'pending' else ${o.state} end,
             next_attempt_at = case when d.manual then now() else ${o.nextAttemptAt}::timestamptz end,
             last_status_code = ${o.statusCode},
             last_error = ${o.error},
             delivered_at = case when ${o.state} = 'delivered' then now() else d.delivered_at end
       where d.id = ${d.id} and d.attempts = ${d.attempt}
      returning ${DELIVERY_COLUMNS}`);
    return res.rows[0] ? toDeliveryView(res.rows[0]) : undefined;
  }

  /** Deletes up to `limit` settled deliveries created before `before` (their attempts go with them); how many. */
  async prune(before: Date, limit: number): Promise<number> {
    const res = await this.db.execute(sql`
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries
         where state <> 'pending' and created_at < ${before}
         limit ${limit})`);
    return res.rowCount ?? 0;
  }
}
