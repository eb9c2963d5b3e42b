import { z } from 'zod';
import { OPERATOR_TYPES } from '../operators/config-models';

/**
 * The status refresh (issue 15 item 3, decision 0145): carriers' tracking read through the status map into parcels'
 * statuses, every so often for every carrier and on demand for a selection of parcels (a job with progress).
 */
export const STATUS_REFRESH_JOBS = {
  /** A selection of parcels, started from the parcels list ("refresh status"); result RefreshStatusesResult. */
  selection: 'parcels.refreshStatuses',
  /** Every carrier's tracked parcels, on a schedule. */
  all: 'parcels.refreshAllStatuses',
} as const;

/** What a refresh did. */
export const refreshStatusesResultSchema = z.object({
  /** Parcels whose carrier was asked. */
  checked: z.number().int(),
  /** Parcels whose status changed. */
  changed: z.number().int(),
  /** Events whose code the status map does not map yet (seen, listed as not mapped). */
  unmapped: z.number().int(),
  /** Parcels whose carrier gave no answer (asked again on the next run). */
  unanswered: z.number().int(),
  /** Parcels not tracked: no carrier number, a carrier without tracking, or tracking over (terminal, delivered). */
  notTracked: z.number().int(),
});
export type RefreshStatusesResult = z.infer<typeof refreshStatusesResultSchema>;
export const emptyRefreshStatusesResult = (): RefreshStatusesResult => ({
  checked: 0,
  changed: 0,
  unmapped: 0,
  unanswered: 0,
  notTracked: 0,
});

/** POST /order/refreshStatuses: the job started and how many parcels it looks at. */
export const refreshStatusesReplySchema = z.object({ jobId: z.string(), count: z.number().int() });
export type RefreshStatusesReply = z.infer<typeof refreshStatusesReplySchema>;

/** GET /mapStatus/downloadErrors: a carrier whose tracking gave no answer since `since` (SPEC 8 "status download errors"). */
export const statusDownloadErrorSchema = z.object({
  operatorId: z.uuid(),
  operatorName: z.string(),
  operatorType: z.enum(OPERATOR_TYPES),
  /** The last reason: AUTH_FAILED, RATE_LIMITED, TIMEOUT, HTTP_500, NOT_CONFIGURED … */
  reason: z.string(),
  since: z.iso.datetime(),
  /** Runs in a row without an answer. */
  failures: z.number().int(),
  lastAnswerAt: z.iso.datetime().nullable(),
});
export type StatusDownloadError = z.infer<typeof statusDownloadErrorSchema>;
