import { z } from 'zod';
import { warsawDayField } from '../logs/schemas';
import { PARCEL_STATUSES } from '../parcels/constants';

/** GET /api/dashboard/summary's query: the Warsaw day whose parcels are counted (absent: today in Warsaw). */
export const dashboardSummaryQuerySchema = z.object({ day: warsawDayField.optional() });
export type DashboardSummaryQuery = z.infer<typeof dashboardSummaryQuerySchema>;

/** How many of the day's parcels have one status (only statuses with at least one parcel are listed). */
export const dashboardStatusCountSchema = z.object({
  status: z.enum(PARCEL_STATUSES),
  count: z.number().int().nonnegative(),
});
export type DashboardStatusCount = z.infer<typeof dashboardStatusCountSchema>;

/** A job not finished yet (label, export, parcel jobs): waiting for a worker, or running with its progress. */
export const dashboardJobSchema = z.object({
  jobId: z.string(),
  jobName: z.string(),
  state: z.enum(['queued', 'running']),
  /** 0–100, as the job last reported it (null before its first report). */
  progress: z.number().int().min(0).max(100).nullable(),
  /** Who started it (null: the system, e.g. a recurring job, or a user since deleted). */
  startedByName: z.string().nullable(),
  /** When it was queued. */
  createdAt: z.iso.datetime(),
});
export type DashboardJob = z.infer<typeof dashboardJobSchema>;

/** The dashboard of the signed-in user: its scope's parcels of the day, what is stuck, and the jobs under way. */
export const dashboardSummarySchema = z.object({
  /** The Warsaw day counted, yyyy-MM-dd. */
  day: z.iso.date(),
  /** The day's parcels (created that Warsaw day, not deleted) by status, in SPEC 4's order of statuses. */
  parcelsByStatus: z.array(dashboardStatusCountSchema),
  /** Their sum. */
  parcelsTotal: z.number().int().nonnegative(),
  /**
   * What is stuck in the day's year (the parcels list's default range): new parcels routing could not place, and
   * parcels in the status "problem".
   */
  attention: z.object({
    unroutable: z.number().int().nonnegative(),
    problem: z.number().int().nonnegative(),
  }),
  /** SPEC 2's ordering blocked: for the user itself, or for its client (client users only). */
  ordersBlocked: z.object({ user: z.boolean(), client: z.boolean() }),
  /** Jobs not finished (staff: everyone's; a client user: those started by its client's users), oldest first. */
  jobs: z.array(dashboardJobSchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
