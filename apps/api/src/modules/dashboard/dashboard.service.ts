import { Injectable } from '@nestjs/common';
import {
  defaultParcelDateRange,
  PARCEL_STATUSES,
  warsawDay,
  type DashboardSummary,
  type DashboardSummaryQuery,
} from '@depot/contracts';
import type { SessionPrincipal } from '../auth/decorators';
import { DashboardRepository } from './dashboard.repository';

/** At most this many unfinished jobs are listed (oldest first). */
export const DASHBOARD_JOBS_LIMIT = 20;

/**
 * The home page's dashboard (issue 13 item 10, decision 0123): the day's parcels by status, what is stuck, ordering
 * blocked and the jobs under way. Staff see every client's; a client user only its own client's.
 */
@Injectable()
export class DashboardService {
  constructor(private readonly repo: DashboardRepository) {}

  async summary(principal: SessionPrincipal, query: DashboardSummaryQuery): Promise<DashboardSummary> {
    const day = query.day ?? warsawDay(new Date());
    const scope = principal.clientId;
    const byStatus = await this.repo.parcelsOfDay(day, scope);
    const parcelsByStatus = PARCEL_STATUSES.filter((s) => byStatus.has(s)).map((status) => ({
      status,
      count: byStatus.get(status) ?? 0,
    }));
    return {
      day,
      parcelsByStatus,
      parcelsTotal: parcelsByStatus.reduce((sum, s) => sum + s.count, 0),
      attention: await this.repo.attention(defaultParcelDateRange(new Date(`${day}T12:00:00Z`)), scope),
      ordersBlocked: await this.repo.ordersBlocked(principal.userId),
      jobs: await this.repo.unfinishedJobs(scope, DASHBOARD_JOBS_LIMIT),
    };
  }
}
