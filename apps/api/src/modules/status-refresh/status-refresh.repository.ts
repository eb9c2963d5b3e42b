import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import {
  FINAL_PARCEL_STATUSES,
  type OperatorType,
  type ParcelStatus,
  type StatusDownloadError,
} from '@depot/contracts';
import type { CodeMeaning } from '@depot/domain';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { carrierTracking, operators, parcels, parcelStatusHistory, statusMap } from '../../db/schema';

/** A carrier whose parcels are tracked: what asking it needs. */
export interface TrackedCarrier {
  id: string;
  name: string;
  type: OperatorType;
  config: Record<string, unknown>;
  secretConfig: string | null;
}

/** A tracked parcel as a refresh reads it. */
export interface TrackedParcel {
  id: string;
  number: string;
  status: ParcelStatus;
  carrierEventAt: Date | null;
}

/** A code seen in a batch: how often, when last, and a parcel that had it. */
export interface SeenCode {
  code: string;
  description: string;
  count: number;
  lastAt: Date;
  exampleParcelId: string;
}

/** A parcel a refresh wrote: what its events need (contracts ParcelStatusChangedPayload without the source). */
export interface MovedParcel {
  id: string;
  previousStatus: ParcelStatus;
  status: ParcelStatus;
  clientId: string;
  internalNumber: string;
  updatedAt: string;
}

/** One parcel's new state after its fresh events (guarded by what was read: a concurrent change wins). */
export interface ParcelTrackingUpdate {
  id: string;
  readStatus: ParcelStatus;
  readEventAt: Date | null;
  status: ParcelStatus;
  code: string;
  eventAt: Date;
  /** The status changes to write to the history, oldest first. */
  history: {
    status: ParcelStatus;
    previousStatus: ParcelStatus;
    code: string;
    description: string;
    at: Date;
  }[];
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * A parcel is tracked while it has a carrier number, is not deleted, has not reached a final status (delivered,
 * cancelled), and does not stand on a code its carrier type's map calls terminal.
 */
const trackedWhere = (operatorType: OperatorType): SQL => sql`
  ${parcels.deletedAt} is null
  and ${parcels.externalNumber} is not null
  and ${parcels.status} not in (${list(FINAL_PARCEL_STATUSES)})
  and not exists (
    select 1 from ${statusMap} m
    where m.operator_type = ${operatorType} and m.code = ${parcels.carrierStatusCode} and m.is_terminal)`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** SQL of the status refresh (decision 0145): tracked parcels, the codes seen, the parcels moved, carriers' state. */
@Injectable()
export class StatusRefreshRepository {
  constructor(private readonly transactions: Transactions) {}

  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** Carriers of these types that have tracked parcels (or, with `operatorIds`, those carriers). */
  async carriers(types: readonly OperatorType[], operatorIds?: readonly string[]): Promise<TrackedCarrier[]> {
    if (types.length === 0 || operatorIds?.length === 0) return [];
    const result = await this.db.execute<{
      id: string;
      name: string;
      type: OperatorType;
      config: Record<string, unknown> | null;
      secret_config: string | null;
    }>(sql`
      select o.id, o.name, o.type, o.config, o.secret_config from ${operators} o
      where o.type in (${list(types)})
        ${operatorIds ? sql`and o.id in (${list(operatorIds)})` : sql``}
      order by o.name, o.id`);
    return result.rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      config: r.config ?? {},
      secretConfig: r.secret_config,
    }));
  }

  /** The next `limit` tracked parcels of a carrier after `afterId` (by id), limited to `ids` when given. */
  async trackedBatch(
    carrier: { id: string; type: OperatorType },
    afterId: string | null,
    limit: number,
    ids?: readonly string[],
  ): Promise<TrackedParcel[]> {
    const result = await this.db.execute<{
      id: string;
      number: string;
      status: ParcelStatus;
      carrier_event_at: Date | string | null;
    }>(sql`
      select ${parcels.id} as id, ${parcels.externalNumber} as number, ${parcels.status} as status,
        ${parcels.carrierEventAt} as carrier_event_at
      from ${parcels}
      where ${parcels.operatorId} = ${carrier.id} and ${trackedWhere(carrier.type)}
        ${afterId ? sql`and ${parcels.id} > ${afterId}` : sql``}
        ${ids ? sql`and ${parcels.id} in (${list(ids)})` : sql``}
      order by ${parcels.id}
      limit ${limit}`);
    return result.rows.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      carrierEventAt: r.carrier_event_at === null ? null : new Date(r.carrier_event_at),
    }));
  }

  /**
   * A carrier's tracked parcels with these carrier numbers (a pull-queue carrier answers for parcels it was not asked
   * about: their events apply too).
   */
  async trackedByNumbers(
    carrier: { id: string; type: OperatorType },
    numbers: readonly string[],
  ): Promise<TrackedParcel[]> {
    if (numbers.length === 0) return [];
    const result = await this.db.execute<{
      id: string;
      number: string;
      status: ParcelStatus;
      carrier_event_at: Date | string | null;
    }>(sql`
      select ${parcels.id} as id, ${parcels.externalNumber} as number, ${parcels.status} as status,
        ${parcels.carrierEventAt} as carrier_event_at
      from ${parcels}
      where ${parcels.operatorId} = ${carrier.id} and ${parcels.externalNumber} in (${list(numbers)})
        and ${trackedWhere(carrier.type)}`);
    return result.rows.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      carrierEventAt: r.carrier_event_at === null ? null : new Date(r.carrier_event_at),
    }));
  }

  /** Of these parcels, the carrier (operator) of each that is tracked now; the rest are not tracked. */
  async trackedCarriersOf(ids: readonly string[]): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map();
    const result = await this.db.execute<{ id: string; operator_id: string }>(sql`
      select ${parcels.id} as id, ${parcels.operatorId} as operator_id
      from ${parcels} join ${operators} o on o.id = ${parcels.operatorId}
      where ${parcels.id} in (${list(ids)})
        and ${parcels.deletedAt} is null
        and ${parcels.externalNumber} is not null
        and ${parcels.status} not in (${list(FINAL_PARCEL_STATUSES)})
        and not exists (
          select 1 from ${statusMap} m
          where m.operator_type = o.type and m.code = ${parcels.carrierStatusCode} and m.is_terminal)`);
    const byCarrier = new Map<string, string[]>();
    for (const r of result.rows)
      byCarrier.set(r.operator_id, [...(byCarrier.get(r.operator_id) ?? []), r.id]);
    return byCarrier;
  }

  /**
   * Counts the codes a batch saw into the map (a code never seen before is added, not mapped, with its example
   * parcel) and answers what each means now.
   */
  async recordSeen(operatorType: OperatorType, seen: readonly SeenCode[]): Promise<Map<string, CodeMeaning>> {
    if (seen.length === 0) return new Map();
    const values = sql.join(
      seen.map(
        (s) =>
          sql`(${operatorType}, ${s.code}, ${s.description.slice(0, 500)}, ${s.count}::bigint, ${s.lastAt.toISOString()}::timestamptz, ${s.exampleParcelId}::uuid)`,
      ),
      sql`, `,
    );
    const result = await this.db.execute<{
      code: string;
      db_name: ParcelStatus | null;
      is_terminal: boolean;
    }>(sql`
      insert into ${statusMap} as m (operator_type, code, description, seen_count, last_seen_at, example_parcel_id)
      values ${values}
      on conflict (operator_type, code) do update set
        seen_count = m.seen_count + excluded.seen_count,
        last_seen_at = greatest(m.last_seen_at, excluded.last_seen_at),
        example_parcel_id = coalesce(m.example_parcel_id, excluded.example_parcel_id)
      returning m.code, m.db_name, m.is_terminal`);
    return new Map(result.rows.map((r) => [r.code, { dbName: r.db_name, isTerminal: r.is_terminal }]));
  }

  /**
   * Writes the parcels' new state and history in one statement, each only if the parcel still has the status and
   * the last event it was read with (a person or another run that changed it meanwhile wins; the next run reads
   * it again). Answers the parcels written, with the status each had.
   */
  async apply(updates: readonly ParcelTrackingUpdate[]): Promise<MovedParcel[]> {
    if (updates.length === 0) return [];
    const rows = sql.join(
      updates.map(
        (u) =>
          sql`(${u.id}::uuid, ${u.readStatus}::text, ${iso(u.readEventAt)}::timestamptz, ${u.status}::text, ${u.code}::text, ${u.eventAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const history = updates.flatMap((u) => u.history.map((h) => ({ id: u.id, ...h })));
    const historyRows = history.length
      ? sql.join(
          history.map(
            (h, i) =>
              sql`(${h.id}::uuid, ${i}, ${h.status}::text, ${h.previousStatus}::text, ${h.code}::text, ${h.description.slice(0, 500)}::text, ${h.at.toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )
      : null;
    const result = await this.db.execute<{
      id: string;
      previous: ParcelStatus;
      status: ParcelStatus;
      client_id: string;
      internal_number: string;
      updated_at: Date | string;
    }>(sql`
      with v (id, read_status, read_event_at, status, code, event_at) as (values ${rows}),
      moved as (
        update ${parcels} p set
          status = v.status,
          carrier_status_code = v.code,
          carrier_event_at = v.event_at,
          delivery_date = case when v.status = 'delivered' and p.status <> 'delivered'
            then coalesce(p.delivery_date, v.event_at) else p.delivery_date end,
          updated_at = now()
        from v
        where p.id = v.id and p.status = v.read_status
          and p.carrier_event_at is not distinct from v.read_event_at
        returning p.id, v.read_status as previous, v.status, p.client_id, p.internal_number, p.updated_at
      )${
        historyRows
          ? sql`, h (id, n, status, previous_status, code, description, at) as (values ${historyRows}),
      written as (
        insert into ${parcelStatusHistory}
          (parcel_id, status, previous_status, source, carrier_code, carrier_description, carrier_event_at)
        select h.id, h.status, h.previous_status, 'carrier', h.code, h.description, h.at
        from h join moved on moved.id = h.id order by h.n
      )`
          : sql``
      }
      select id, previous, status, client_id, internal_number, updated_at from moved`);
    return result.rows.map((r) => ({
      id: r.id,
      previousStatus: r.previous,
      status: r.status,
      clientId: r.client_id,
      internalNumber: r.internal_number,
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  /** The carrier answered this run. */
  async answered(operatorId: string): Promise<void> {
    await this.db
      .insert(carrierTracking)
      .values({
        operatorId,
        lastRunAt: sql`now()`,
        lastAnswerAt: sql`now()`,
        errorReason: null,
        errorSince: null,
        failures: 0,
      })
      .onConflictDoUpdate({
        target: carrierTracking.operatorId,
        set: {
          lastRunAt: sql`now()`,
          lastAnswerAt: sql`now()`,
          errorReason: null,
          errorSince: null,
          failures: 0,
        },
      });
  }

  /** The carrier gave no answer this run (after its retries). */
  async unanswered(operatorId: string, reason: string): Promise<void> {
    await this.db
      .insert(carrierTracking)
      .values({ operatorId, lastRunAt: sql`now()`, errorReason: reason, errorSince: sql`now()`, failures: 1 })
      .onConflictDoUpdate({
        target: carrierTracking.operatorId,
        set: {
          lastRunAt: sql`now()`,
          errorReason: reason,
          errorSince: sql`coalesce(${carrierTracking.errorSince}, now())`,
          failures: sql`${carrierTracking.failures} + 1`,
        },
      });
  }

  /** Carriers whose last run got no answer. */
  async downloadErrors(): Promise<StatusDownloadError[]> {
    const result = await this.db.execute<{
      operator_id: string;
      name: string;
      type: OperatorType;
      error_reason: string;
      error_since: Date | string;
      failures: string | number;
      last_answer_at: Date | string | null;
    }>(sql`
      select t.operator_id, o.name, o.type, t.error_reason, t.error_since, t.failures, t.last_answer_at
      from ${carrierTracking} t join ${operators} o on o.id = t.operator_id
      where t.error_reason is not null
      order by t.error_since desc, o.name`);
    return result.rows.map((r) => ({
      operatorId: r.operator_id,
      operatorName: r.name,
      operatorType: r.type,
      reason: r.error_reason,
      since: new Date(r.error_since).toISOString(),
      failures: Number(r.failures),
      lastAnswerAt: r.last_answer_at === null ? null : new Date(r.last_answer_at).toISOString(),
    }));
  }
}
