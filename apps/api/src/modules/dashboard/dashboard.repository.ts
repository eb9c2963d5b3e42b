import { Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DashboardJob, ParcelStatus } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { clients, parcels, users } from '../../db/schema';
import { dayStart } from '../../common/warsaw-day';
import { inClientScope } from '../../common/client-scope';

/** The jobs' table, created by Agenda's PostgreSQL backend (not part of the Drizzle schema). */
const agendaJobs = sql.identifier('agenda_jobs');

/**
 * The dashboard's SQL (decision 0123): every count is computed here, scoped to the caller's client (`scopeClientId`,
 * null for staff: every client's).
 */
@Injectable()
export class DashboardRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /** The parcels created on a Warsaw day (not deleted), counted by status. */
  async parcelsOfDay(day: string, scopeClientId: string | null): Promise<Map<ParcelStatus, number>> {
    const rows = await this.db
      .select({ status: parcels.status, count: sql<number>`count(*)::int` })
      .from(parcels)
      .where(
        and(
          isNull(parcels.deletedAt),
          inClientScope(parcels.clientId, scopeClientId),
          sql`${parcels.createdAt} >= ${dayStart(day)}`,
          sql`${parcels.createdAt} < ${dayStart(day, 1)}`,
        ),
      )
      .groupBy(parcels.status);
    return new Map(rows.map((r) => [r.status as ParcelStatus, r.count]));
  }

  /**
   * Parcels that need a hand, created between two Warsaw days (both included): new ones routing could not place
   * (`is_correct` false), and those in the status "problem".
   */
  async attention(
    range: { dateFrom: string; dateTo: string },
    scopeClientId: string | null,
  ): Promise<{ unroutable: number; problem: number }> {
    const [row] = await this.db
      .select({
        unroutable: sql<number>`count(*) filter (where ${parcels.status} = 'new' and not ${parcels.isCorrect})::int`,
        problem: sql<number>`count(*) filter (where ${parcels.status} = 'problem')::int`,
      })
      .from(parcels)
      .where(
        and(
          isNull(parcels.deletedAt),
          inClientScope(parcels.clientId, scopeClientId),
          sql`${parcels.status} in ('new', 'problem')`,
          sql`${parcels.createdAt} >= ${dayStart(range.dateFrom)}`,
          sql`${parcels.createdAt} < ${dayStart(range.dateTo, 1)}`,
        ),
      );
    return row;
  }

  /** SPEC 2's "ordering blocked" flags of a user and of its client (false without a client). */
  async ordersBlocked(userId: string): Promise<{ user: boolean; client: boolean }> {
    const [row] = await this.db
      .select({ user: users.disableNewOrders, client: clients.disableNewOrders })
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(eq(users.id, userId))
      .limit(1);
    return { user: row?.user ?? false, client: row?.client ?? false };
  }

  /**
   * Jobs not finished yet (one-off jobs: the recurring ones are Agenda's `single` records), oldest first: running
   * when a worker holds them, else queued. A client user's scope keeps the jobs its client's users started.
   */
  async unfinishedJobs(scopeClientId: string | null, limit: number): Promise<DashboardJob[]> {
    const scope = scopeClientId === null ? sql`true` : sql`u.client_id = ${scopeClientId}`;
    const res = await this.db.execute<{
      id: string;
      name: string;
      locked: boolean;
      progress: number | null;
      started_by_name: string | null;
      created_at: Date | string;
    }>(sql`
      select j.id::text as id, j.name, j.locked_at is not null as locked, j.progress,
        nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as started_by_name, j.created_at
      from ${agendaJobs} j
      left join ${users} u on u.id::text = j.data->>'startedBy'
      where j.type = 'normal' and j.last_finished_at is null and j.failed_at is null
        and coalesce(j.disabled, false) = false and ${scope}
      order by j.created_at, j.id
      limit ${limit}`);
    return res.rows.map((r) => ({
      jobId: r.id,
      jobName: r.name,
      state: r.locked ? 'running' : 'queued',
      progress: r.progress === null ? null : Math.max(0, Math.min(100, Math.round(Number(r.progress)))),
      startedByName: r.started_by_name,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
